import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}', 'server/src/**/*.test.ts', 'sw/**/*.test.ts'], environment: 'node',
  setupFiles: ['tests/support/unit-setup.ts'], isolate: false } });
