/**
 * The app as browser tests see it: the compiled server (built first if the sources are newer),
 * demo data, a fresh database each run (PGlite in .tmp/, or a fresh PostgreSQL database when
 * DATABASE_URL is set) and a fresh data folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
// @ts-expect-error: a plain JavaScript module without types
import { ensureBuilt } from './build.mjs';

const port = process.env.E2E_PORT ?? '3100';
const root = path.resolve(import.meta.dirname, '..');

await ensureBuilt();

process.env.PORT = port;
process.env.HOST = '127.0.0.1';
process.env.SEED_DEMO = '1';
process.env.LOG_LEVEL = 'warn';
// Signed photo URLs must survive nothing here, but a fixed secret keeps runs alike.
process.env.FILE_URL_SECRET ??= 'e2e-file-url-secret-0123456789';

if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const name = `yp_e2e_${port}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
}
// A fresh data folder either way: PGlite's database, and the photo files on both databases.
const dataDir = path.join(root, '.tmp', `e2e-data-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;

await import(pathToFileURL(path.join(root, 'dist', 'server', 'main.js')).href);
