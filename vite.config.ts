import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/vite-precompress';
import { staticLogin } from './scripts/vite-static-login';

// The top-level manifest.webmanifest is the single source; the PWA plugin emits and links it.
const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'));

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
    precompress(),
  ],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 1200 },
});
