/**
 * Once per Vitest run: a migrated PGlite database with its reference data, dumped to a file.
 * Each test file's in-memory PGlite starts from that dump in well under a second instead of
 * running initdb and every migration again (about 4 s a file on two cores).
 *
 * With FILE_STORE=s3, also an S3-protocol server for the run: every API test file's app then
 * keeps its files in a bucket of its own there instead of on disk.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedReferenceData } from '../db/seed/reference';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding the migrated PGlite dump ('' on PostgreSQL). */
    pgliteTemplate: string;
    /** The run's S3 server ('' when the API tests keep their files on disk). */
    s3Endpoint: string;
  }
}

export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', '');
  project.provide('s3Endpoint', '');
  const teardown: Array<() => unknown> = [];
  if (process.env.FILE_STORE === 's3') {
    const { startS3Server } = await import('./s3Server');
    const s3 = await startS3Server([]);
    project.provide('s3Endpoint', s3.endpoint);
    teardown.push(() => s3.close());
  }
  // The choice reaches the test files through `provide`; the processes tests start (a server, a
  // command) keep the disk unless a test tells them otherwise.
  delete process.env.FILE_STORE;
  const done = async () => {
    for (const step of teardown) await step();
  };
  if (process.env.DATABASE_URL) return done;
  const file = path.resolve(import.meta.dirname, '..', '..', '.tmp', `pglite-template-${process.pid}.tar`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = await openDatabase({ dataDir: null });
  await seedReferenceData(database.db);
  fs.writeFileSync(file, Buffer.from(await (await database.dumpPglite!()).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  teardown.push(() => fs.rmSync(file, { force: true }));
  return done;
}
