/**
 * The real server as a child process, for the tests that need one of their own (first start,
 * restart, shutdown, a crash): a data folder and, under DATABASE_URL, a PostgreSQL database of
 * its own, made before the file's tests and removed after them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createPostgresDatabase } from './database';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs server/main.ts from the repository's root with exactly `env`. */
export function spawnMain(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env });
}

/** A server home named `name` (its folder `yp-<name>-…`, its database `yp_<name>_…`). */
export function serverHome(name: string) {
  let pgDatabase: { url: string; drop(): Promise<void> } | undefined;
  const home = {
    dataDir: '',
    get databaseUrl() {
      return pgDatabase?.url;
    },
    /** Empties the folder and the database, as before a first start. */
    async reset() {
      fs.rmSync(home.dataDir, { recursive: true, force: true });
      fs.mkdirSync(home.dataDir);
      if (pgDatabase) {
        await pgDatabase.drop();
        pgDatabase = await createPostgresDatabase(process.env.DATABASE_URL!, `yp_${name}`);
      }
    },
    /** Starts the server on this home with `extraEnv` added; resolves with its address once it prints it. */
    start(extraEnv: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string; output: () => string }> {
      const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: home.dataDir, LOG_LEVEL: 'warn', ...extraEnv };
      if (pgDatabase) env.DATABASE_URL = pgDatabase.url;
      else delete env.DATABASE_URL;
      const child = spawnMain(env);
      let output = '';
      child.stdout!.on('data', (d) => (output += d));
      child.stderr!.on('data', (d) => (output += d));
      return new Promise((resolve, reject) => {
        child.stdout!.on('data', () => {
          // The address is the last line a start prints.
          const [, url] = /Yıllık Paneli: (http:\/\/\S+).*\n/.exec(output) ?? [];
          if (url) resolve({ child, url: url.replace('localhost', '127.0.0.1'), output: () => output });
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
      });
    },
  };
  beforeAll(async () => {
    home.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `yp-${name}-`));
    if (process.env.DATABASE_URL) pgDatabase = await createPostgresDatabase(process.env.DATABASE_URL, `yp_${name}`);
  });
  afterAll(async () => {
    fs.rmSync(home.dataDir, { recursive: true, force: true });
    await pgDatabase?.drop();
  });
  return home;
}
