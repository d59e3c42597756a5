import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const read = (name: string) =>
  readFileSync(new URL(`../src/features/auth/static-login/${name}`, import.meta.url), 'utf8');

/**
 * Decision 014: writes `login.html`, the built index.html with the sign-in form prerendered in #root
 * and the entry's stylesheets inline (CSP allows inline styles, not inline scripts), so /login
 * paints before any JavaScript runs and asks for no stylesheet: the link it kept at the end of
 * <body> fetched the same rules a second time, one more request on a slow line (decision 056).
 * The server sends this file for GET /login (server/src/app.ts).
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
      const css: string[] = [];
      for (const [link, href] of html.matchAll(/\s*<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g)) {
        const sheet = bundle[href];
        if (!sheet || sheet.type !== 'asset') throw new Error(`login.html : feuille de style ${href} introuvable`);
        css.push(String(sheet.source));
        html = html.replace(link, '');
      }
      html = html
        .replace(
          '<title>Workplace</title>',
          `<title>Connexion | Workplace</title>\n    <style>\n${css.join('\n')}\n    </style>`,
        )
        .replace('<div id="root"></div>', `<div id="root">\n${read('login.html')}</div>`);
      if (!html.includes('id="static-login"')) throw new Error('login.html : formulaire de connexion non inséré');
      this.emitFile({ type: 'asset', fileName: 'login.html', source: html });
    },
  };
}
