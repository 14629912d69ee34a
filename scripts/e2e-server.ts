/**
 * The app as browser tests see it: built web app, demo data, a fresh database each run
 * (PGlite in .tmp/, or a fresh PostgreSQL database when DATABASE_URL is set).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const port = process.env.E2E_PORT ?? '3100';
const root = path.resolve(import.meta.dirname, '..');

if (!fs.existsSync(path.join(root, 'dist/web/index.html'))) {
  execFileSync(path.join(root, 'node_modules/.bin/vite'), ['build'], { cwd: root, stdio: 'inherit' });
}

process.env.PORT = port;
process.env.HOST = '127.0.0.1';
process.env.SEED_DEMO = '1';
process.env.LOG_LEVEL = 'warn';

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

await import('../server/main');
