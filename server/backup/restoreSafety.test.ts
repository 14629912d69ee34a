/**
 * A restore reads an archive's metadata with a size cap (a huge manifest is refused before it is
 * read), and a restore that fails on a row says where (table, rows, constraint) without ever
 * printing a row's values: they hold password hashes and children's names.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { create, extract } from 'tar';
import { afterAll, expect, it } from 'vitest';
import { startTestDatabase } from '../test/database';
import { createWorld } from '../test/fixtures';
import { scanArchive } from './archive';
import { createBackup } from './backup';

const root = path.resolve(import.meta.dirname, '..', '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-restore-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A real backup of the test world, unpacked into a folder to be changed and packed again. */
async function unpackedBackup(): Promise<string> {
  const database = await startTestDatabase();
  try {
    await createWorld(database.db);
    const file = path.join(tmp, 'yedek.tar.gz');
    await createBackup({ database, dataDir: fs.mkdtempSync(path.join(tmp, 'data-')), file });
    const folder = fs.mkdtempSync(path.join(tmp, 'unpacked-'));
    await extract({ file, cwd: folder });
    return folder;
  } finally {
    await database.drop();
  }
}

async function pack(folder: string, name: string): Promise<string> {
  const file = path.join(tmp, name);
  await create({ gzip: true, file, cwd: folder, portable: true }, ['manifest.json', ...fs.readdirSync(folder).filter((f) => f !== 'manifest.json')]);
  return file;
}

function restoreCommand(file: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: fs.mkdtempSync(path.join(tmp, 'target-')), LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'restore', file], { cwd: root, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

it('refuses a manifest larger than any real one, naming it, without reading it whole', async () => {
  const folder = await unpackedBackup();
  const manifest = fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8');
  // Still a valid manifest: only white space is added, 16 MB of it.
  fs.writeFileSync(path.join(folder, 'manifest.json'), manifest.replace('{', `{${' '.repeat(16 * 1024 * 1024)}`));
  const file = await pack(folder, 'buyuk.tar.gz');
  const heapBefore = process.memoryUsage().heapUsed;
  await expect(scanArchive(file)).rejects.toThrow(/manifest\.json çok büyük[\s\S]*manifest\.json is too large/);
  expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(12 * 1024 * 1024);
}, 120_000);

it('says which table and rows a failed restore stopped at, and never prints a row', async () => {
  const folder = await unpackedBackup();
  const users = path.join(folder, 'database', 'users.jsonl');
  const lines = fs.readFileSync(users, 'utf8').trim().split('\n');
  const hash = (JSON.parse(lines[0]!) as { password_hash: string }).password_hash;
  expect(hash).toMatch(/^\$argon2/);
  // A second copy of the first account: the same id and e-mail, refused by the primary key.
  fs.appendFileSync(users, `${lines[0]}\n`);
  const manifestFile = path.join(folder, 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { tables: Array<{ name: string; rows: number }> };
  for (const table of manifest.tables) if (table.name === 'users') table.rows += 1;
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  const run = await restoreCommand(await pack(folder, 'cift.tar.gz'));
  expect(run.code).toBe(1);
  expect(run.stderr).toMatch(/"users" tablosu[\s\S]*table "users"/);
  expect(run.stderr).toMatch(/23505/);
  expect(run.stderr).not.toContain(hash.slice(0, 20));
  expect(run.stderr).not.toMatch(/@test\.test|password_hash|Şule/);
}, 180_000);
