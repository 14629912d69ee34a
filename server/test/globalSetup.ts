/**
 * Once per Vitest run: a migrated database with its reference data, for every test file to start
 * from instead of running every migration again. On PGlite a dump in a file, which each file's
 * in-memory PGlite starts from in well under a second (initdb and the migrations took about 4 s a
 * file on two cores); on PostgreSQL a template database, which each file's database is a copy of
 * (about a tenth of the time and CPU of migrating a new one).
 *
 * With FILE_STORE=s3, also an S3-protocol server for the run: every API test file's app then
 * keeps its files in a bucket of its own there instead of on disk.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedReferenceData } from '../db/seed/reference';
import { createPostgresDatabase } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding the migrated PGlite dump ('' on PostgreSQL). */
    pgliteTemplate: string;
    /** The migrated PostgreSQL database the test databases are copies of ('' on PGlite). */
    postgresTemplate: string;
    /** The run's S3 server ('' when the API tests keep their files on disk). */
    s3Endpoint: string;
  }
}

export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', '');
  project.provide('postgresTemplate', '');
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
  if (process.env.DATABASE_URL) {
    // No session may stay on a template while it is copied: it is closed once filled.
    const template = await createPostgresDatabase(process.env.DATABASE_URL, 'yp_template');
    const database = await openDatabase({ databaseUrl: template.url, dataDir: null });
    await seedReferenceData(database.db);
    await database.close();
    project.provide('postgresTemplate', new URL(template.url).pathname.slice(1));
    teardown.push(() => template.drop());
    return done;
  }
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
