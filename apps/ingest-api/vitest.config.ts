import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['@levelfield/db/testing/global-setup', './test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
