import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.ts', 'web/**/*.test.tsx'],
    environment: 'node',
    globalSetup: ['server/test/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // API test files each start their own database; two cores → two workers.
    maxWorkers: 2,
  },
});
