import { configDefaults, defineConfig } from 'vitest/config';

// Tests of the embedded database's own thread, and of `npm start` with nothing set (which uses the
// embedded database): on a PostgreSQL run they have nothing to test, so that run leaves them out
// rather than skipping them (the PGlite run has them).
const pgliteOnly = ['server/db/pgliteThread.test.ts', 'server/startMemory.test.ts'];

export default defineConfig({
  test: {
    include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.ts', 'web/**/*.test.tsx'],
    exclude: process.env.DATABASE_URL ? [...configDefaults.exclude, ...pgliteOnly] : configDefaults.exclude,
    environment: 'node',
    globalSetup: ['server/test/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // API test files each start their own database; two cores → two workers.
    maxWorkers: 2,
  },
});
