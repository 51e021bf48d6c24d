import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    // One embedded PostgreSQL for the whole run; each test file makes its own database in it.
    globalSetup: ['server/testing/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
