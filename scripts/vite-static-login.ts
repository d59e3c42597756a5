import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const read = (name: string) =>
  readFileSync(new URL(`../src/features/auth/static-login/${name}`, import.meta.url), 'utf8');

/**
 * Issue 12: writes `login.html`, the built index.html with the sign-in form prerendered in #root
 * and its CSS inline (CSP allows inline styles, not inline scripts), so /login paints before any
 * JavaScript runs. The app's stylesheet moves to the end of <body>, where it no longer delays that
 * first paint. The server sends this file for GET /login (server/src/app.ts).
 */
export function staticLogin(): Plugin {
  return {
    name: 'workplace-static-login',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') return;
      let html = String(index.source);
      const styles = [...html.matchAll(/\s*<link rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
      for (const link of styles) html = html.replace(link, '');
      html = html
        .replace(
          '<title>Workplace</title>',
          `<title>Connexion | Workplace</title>\n    <style>\n${read('login.css')}    </style>`,
        )
        .replace('<div id="root"></div>', `<div id="root">\n${read('login.html')}</div>`)
        .replace('</body>', `${styles.join('')}\n  </body>`);
      if (!html.includes('id="static-login"')) throw new Error('login.html : formulaire de connexion non inséré');
      this.emitFile({ type: 'asset', fileName: 'login.html', source: html });
    },
  };
}
