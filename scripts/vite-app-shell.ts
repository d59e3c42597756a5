import { build } from 'esbuild';
import type { Plugin } from 'vite';

/** The classic script that paints the last home before the app (src/lib/last-home/restore.ts). */
async function lastHomeScript(): Promise<string> {
  const result = await build({
    entryPoints: [new URL('../src/lib/last-home/restore-entry.ts', import.meta.url).pathname],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/**
 * Issue 12 (decision 025): writes `app.html`, the built index.html that also starts fetching the
 * signed-in layer's chunks (modulepreload, stylesheets preloaded but not applied) while the entry
 * runs, instead of after it. The service worker serves it for every navigation: a device with the
 * worker has signed in once, so the chunks come from its cache and are nearly always needed. The
 * network keeps index.html: a first visit to "/" is usually sent to /login, which needs none of it.
 * Right after #root, app.html runs a small classic script that paints the home this device last
 * showed, before the app's modules run (decision 060).
 */
export function appShellPage(chunkNames: string[]): Plugin {
  return {
    name: 'workplace-app-shell',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
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
      const restore = this.emitFile({ type: 'asset', name: 'last-home.js', source: await lastHomeScript() });
      const html = String(index.source)
        .replace('</head>', `\n    ${links.join('\n    ')}\n  </head>`)
        .replace(
          '<div id="root"></div>',
          `<div id="root"></div>\n    <script src="/${this.getFileName(restore)}"></script>`,
        );
      if (!html.includes(this.getFileName(restore))) throw new Error('app.html : <div id="root"></div> introuvable');
      this.emitFile({ type: 'asset', fileName: 'app.html', source: html });
    },
  };
}
