import type { Plugin } from 'vite';

/**
 * Decision 025: writes `app.html`, the built index.html that also starts fetching the
 * signed-in layer's chunks (modulepreload, stylesheets preloaded but not applied) while the entry
 * runs, instead of after it. The service worker serves it for every navigation: a device with the
 * worker has signed in once, so the chunks come from its cache and are nearly always needed. The
 * network keeps index.html: a first visit to "/" is usually sent to /login, which needs none of it.
 */
export function appShellPage(chunkNames: string[]): Plugin {
  return {
    name: 'workplace-app-shell',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') return;
      const links: string[] = [];
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunkNames.includes(chunk.name) || chunk.isEntry) continue;
        links.push(`<link rel="modulepreload" crossorigin href="/${chunk.fileName}">`);
        for (const css of chunk.viteMetadata?.importedCss ?? [])
          links.push(`<link rel="preload" as="style" crossorigin href="/${css}">`);
      }
      if (links.length < chunkNames.length)
        throw new Error(`app.html : morceaux introuvables (${chunkNames.join(', ')})`);
      const html = String(index.source).replace('</head>', `\n    ${links.join('\n    ')}\n  </head>`);
      this.emitFile({ type: 'asset', fileName: 'app.html', source: html });
    },
  };
}
