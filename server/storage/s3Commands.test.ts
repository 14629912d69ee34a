/**
 * The operator's commands with an S3 bucket (a real S3-protocol server started here): the data
 * folder's files copied to the bucket and every copy checked, and a backup restored into the
 * bucket by `restore`, then backed up again from it with the same files.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { list } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../backup/backup';
import { restoreBackup } from '../backup/restore';
import { openDatabase } from '../db/client';
import { startTestDatabase } from '../test/database';
import { startS3Server, type TestS3 } from '../test/s3Server';
import { openStorage } from './open';
import { diskStorage, type FileStore, type Storage } from './store';

const root = path.resolve(import.meta.dirname, '..', '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-s3-commands-'));
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
let s3: TestS3;

beforeAll(async () => {
  s3 = await startS3Server(['kopya', 'geri-yukleme']);
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Every file of a store → its SHA-256. */
async function contents(store: FileStore): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for await (const file of store.list('')) found[file.key] = sha((await store.get(file.key))!);
  return found;
}

/** Every data file an archive carries → its SHA-256. */
async function archived(file: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  const reads: Promise<void>[] = [];
  await list({
    file,
    onReadEntry: (entry) => {
      if (entry.type !== 'File' || !/^(files|branding)\//.test(entry.path)) return;
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      reads.push(new Promise((resolve) => entry.on('end', () => resolve(void (found[entry.path] = sha(Buffer.concat(chunks)))))));
    },
  });
  await Promise.all(reads);
  return found;
}

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { cwd: root, env: childEnv });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

const s3Env = (bucket: string, dataDir: string) => ({
  DATA_DIR: dataDir,
  FILE_STORE: 's3',
  S3_ENDPOINT: s3.endpoint,
  S3_BUCKET: bucket,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: '1',
});

const bucket = (name: string): Promise<Storage> => openStorage({ dataDir: '', fileStore: { kind: 's3', ...s3.settings(name) } });

describe('store:copy', () => {
  it('copies every file of the data folder to the bucket, checks each, and copies again only what differs', async () => {
    const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'));
    const disk = diskStorage(dataDir);
    await disk.photos.put('photos/s1/aa/thumb.jpg', randomBytes(2_000));
    await disk.photos.put('photos/s1/aa/original.jpg', randomBytes(300_000));
    await disk.photos.put('yearbooks/4/book.pdf', randomBytes(9 * 1024 * 1024));
    await disk.images.put('studio-logo/1.webp', randomBytes(5_000));

    const first = await runCli(['store-copy'], s3Env('kopya', dataDir));
    expect(first.stderr).not.toMatch(/başarısız|failed|Error/);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^store:copy: .* → s3:\/\/kopya\/ — 4 files copied \(9\.3 MB\), 0 already there, 0 differing in [\d.]+ s\n$/);
    const target = await bucket('kopya');
    expect(await contents(target.photos)).toEqual(await contents(disk.photos));
    expect(await contents(target.images)).toEqual(await contents(disk.images));

    // A copy changed in the bucket since is copied again; the others are left.
    await target.photos.put('photos/s1/aa/thumb.jpg', Buffer.from('başka'));
    const again = await runCli(['store-copy'], s3Env('kopya', dataDir));
    expect(again.stdout).toMatch(/ — 1 files copied \(0\.0 MB\), 3 already there, 0 differing /);
    expect(await contents(target.photos)).toEqual(await contents(disk.photos));
  }, 120_000);

  it('refuses to run without FILE_STORE=s3, and stops naming a missing bucket', async () => {
    const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'));
    const withoutS3 = await runCli(['store-copy'], { DATA_DIR: dataDir, FILE_STORE: 'disk' });
    expect(withoutS3.code).toBe(1);
    expect(withoutS3.stderr).toMatch(/FILE_STORE=s3 ve S3_\* değişkenlerini veriniz/);
    const missing = await runCli(['store-copy'], s3Env('olmayan-kova', dataDir));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/S3_BUCKET: "olmayan-kova" adlı kova .* yok/);
  }, 60_000);
});

describe('backup and restore with the S3 store', () => {
  it('restores an archive into the bucket with `restore`, and a backup of the bucket carries the same files', async () => {
    const source = await startTestDatabase();
    const sourceDir = fs.mkdtempSync(path.join(tmp, 'source-'));
    const disk = diskStorage(sourceDir);
    const archive = path.join(tmp, 'yedek.tar.gz');
    try {
      await disk.photos.put('yearbooks/3/book.pdf', randomBytes(600_000));
      await disk.photos.put('yearbooks/3/page-1.jpg', randomBytes(40_000));
      await disk.images.put('studio-logo/1.webp', randomBytes(4_000));
      await disk.images.put('school-logo/2.master', randomBytes(9_000));
      await createBackup({ database: source, dataDir: sourceDir, file: archive });
    } finally {
      await source.drop();
    }
    const original = await archived(archive);
    expect(Object.keys(original).sort()).toEqual([
      'branding/school-logo/2.master',
      'branding/studio-logo/1.webp',
      'files/yearbooks/3/book.pdf',
      'files/yearbooks/3/page-1.jpg',
    ]);

    const dataDir = fs.mkdtempSync(path.join(tmp, 'target-'));
    const restored = await runCli(['restore', archive], s3Env('geri-yukleme', dataDir));
    // Only Node's own warnings may be on stderr (the SDK's note about Node 20's end of support).
    expect(restored.stderr).not.toMatch(/başarısız|failed|Error/);
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/^restore: .* → PGlite in .*, files in s3:\/\/geri-yukleme\/ — /);
    const target = await bucket('geri-yukleme');
    const inBucket = {
      ...Object.fromEntries(Object.entries(await contents(target.photos)).map(([key, hash]) => [`files/${key}`, hash])),
      ...Object.fromEntries(Object.entries(await contents(target.images)).map(([key, hash]) => [`branding/${key}`, hash])),
    };
    expect(inBucket).toEqual(original);

    // A second restore into the same bucket is refused, naming it.
    const second = restoreBackup({ file: archive, dataDir: fs.mkdtempSync(path.join(tmp, 'target-')), storage: target });
    await expect(second).rejects.toThrow(/s3:\/\/geri-yukleme\/files\/ boş değil/);

    const database = await openDatabase({ dataDir });
    const again = path.join(tmp, 'yedek-s3.tar.gz');
    try {
      await createBackup({ database, dataDir, file: again, storage: target });
    } finally {
      await database.close();
    }
    expect(await archived(again)).toEqual(original);
  }, 300_000);
});
