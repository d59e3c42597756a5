import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', setupFiles: ['tests/support/api-setup.ts'],
  testTimeout: 60_000, hookTimeout: 300_000 } });
