import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { configDefaults, defineConfig } from 'vitest/config';

/*
 * CI runs the tests in two passes: on PostgreSQL every file but `pgliteOnly` and `fileStorePassOnly`,
 * then on the embedded PGlite with an S3 file store (`npm test -- --api-only`) only the files that
 * open a database, but `postgresOnly`, since a file that opens none would test the same thing twice.
 * Every file not listed below opens a database and runs in both passes; server/test/passes.test.ts
 * holds these lists to what each file's imports reach.
 */

/** Files that reach no database, so the PostgreSQL pass alone runs them: `folder/**` or one file. */
export const databaseFree = [
  'common/**',
  'web/**',
  'server/typesetting/**',
  'server/images/**',
  'server/workers/**',
  'server/layers.test.ts',
  'server/config.test.ts',
  'server/areas/branches/range.test.ts',
  'server/areas/yearbook/preflight.test.ts',
  'server/test/passes.test.ts',
  // Both file stores, each started by the test itself (the S3 one on a local server).
  'server/storage/store.test.ts',
];

/**
 * Files on the embedded database whatever DATABASE_URL says: its own thread, `npm start` with
 * nothing set, and the upload memory test's server (a process of its own on its own PGlite). The
 * PostgreSQL pass leaves them out rather than skipping or repeating them.
 */
export const pgliteOnly = ['server/db/pgliteThread.test.ts', 'server/startMemory.test.ts', 'server/areas/photos/uploadMemory.test.ts'];

/**
 * Files on PostgreSQL only: several processes on one database, which the embedded one (a single
 * process's) cannot be. Without DATABASE_URL they are left out rather than skipped.
 */
export const postgresOnly = ['server/test/twoNodes.test.ts'];

/**
 * Files that open a database only to set up what they test — a spreadsheet's limits, the address
 * on a printed card, download names, the request log, how answers travel — and so run in one pass:
 * the embedded database's, whose app keeps its files in an S3 bucket, the file store the other pass
 * does not see. Their area's queries are tested on both databases by the files beside them
 * (server/test/passes.test.ts holds each to having one); a file whose subject reaches a query of
 * its own (the book's event pages, say) is not one of them. The PostgreSQL pass leaves them out
 * rather than skipping them.
 */
export const fileStorePassOnly = [
  'server/areas/imports/hostile.test.ts',
  'server/areas/schools/openapi.test.ts',
  'server/areas/student-portal/publicUrl.test.ts',
  'server/http/disposition.test.ts',
  'server/http/requestLog.test.ts',
  'server/http/transport.test.ts',
];

/** Set by `npm test -- --api-only`: run only the files that open a database. */
export const DATABASE_TESTS_ONLY = 'YP_DATABASE_TESTS_ONLY';

/**
 * The files that run longest (most start a server process of their own and wait on it), started
 * first. A clean checkout has no record of past durations, so Vitest would start the largest
 * files first, and these small ones last: one worker then ran on alone for most of a minute.
 */
const longest = [
  'server/test/twoNodes.test.ts',
  'server/main.test.ts',
  'server/startMemory.test.ts',
  'server/areas/photos/uploadMemory.test.ts',
  'server/areas/photos/orphans.test.ts',
  'server/backup/restoreSafety.test.ts',
  'server/areas/yearbook/yearbook.test.ts',
  'server/backup/backup.test.ts',
  'server/hardening/fuzz.test.ts',
  'server/db/client.test.ts',
  'server/typesetting/render.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = longest.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return index < 0 ? longest.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

const leftOut = [
  ...(process.env.DATABASE_URL ? [...pgliteOnly, ...fileStorePassOnly] : postgresOnly),
  ...(process.env[DATABASE_TESTS_ONLY] ? databaseFree : []),
];

export default defineConfig({
  test: {
    include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.ts', 'web/**/*.test.tsx'],
    exclude: [...configDefaults.exclude, ...leftOut],
    environment: 'node',
    globalSetup: ['server/test/globalSetup.ts'],
    sequence: { sequencer: LongestFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // API test files each start their own database; two cores → two workers.
    maxWorkers: 2,
  },
});
