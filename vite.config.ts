import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/vite-precompress';
import { appShellPage } from './scripts/vite-app-shell';
import { staticLogin } from './scripts/vite-static-login';

// The top-level manifest.webmanifest is the single source; the PWA plugin emits and links it.
const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'));

// A chunk group's test: the module is one of these files under src/.
const sources = (paths: string[]) => (id: string) => paths.some((p) => id.replaceAll('\\', '/').endsWith(`/src/${p}`));

// Decision 025: a handful of chunks instead of ~100. Each group pulls in its modules'
// static dependencies (includeDependenciesRecursively), higher priority first.
const chunkGroups = [
  // What the entry imports statically: what /login runs, in one request.
  { name: 'login', tags: ['$initial' as const], priority: 30 },
  // Mantine for the public screens (a login error's toast, /forgotten-password): no Dexie in it.
  {
    name: 'mantine',
    test: sources([
      'components/mantine-root.tsx',
      'lib/toast.ts',
      'features/auth/components/forgotten-password-page.tsx',
    ]),
    priority: 25,
  },
  // The signed-in layer (frame, Dexie, outbox) and the home screen with its widgets.
  { name: 'shell', test: sources(['routes/signed-in-shell.tsx', 'routes/home-screen.tsx']), priority: 20 },
  // What the other screens share (Mantine's inputs and tables, icons, list helpers): one chunk with
  // the first screen opened after the home instead of about ten small ones each. No charts, no PDF.
  {
    name: 'screens',
    test: /node_modules[\\/](@mantine[\\/](core|dates|hooks)|@tabler)[\\/]|src[\\/](components|lib|data|domain)[\\/]/,
    minShareCount: 2,
    priority: 10,
  },
];

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // 'prompt': an update never reloads the page over an unsaved draft.
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      manifestFilename: 'manifest.webmanifest',
      injectManifest: {
        // Without iife the built sw.js ends in `export default` and a classic registration fails silently.
        rollupFormat: 'iife',
        // mjs: pdf.js's worker, so PDF previews also work offline.
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,woff,woff2,ttf,ico,webmanifest}'],
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    staticLogin(),
    appShellPage(['mantine', 'shell']),
    precompress(),
  ],
  // The contract's schemas are inert in the browser: it never validates with them (decision 031).
  resolve: {
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/contract/zod-inert.ts', import.meta.url)) }],
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
});
