/**
 * A real crash in the middle of a photo upload: the server runs as its own process, gets a batch
 * of large photos and is killed (SIGKILL) while it stores them. After the restart (whose sweep
 * round runs as a job) no photo file lies in the store without its row, and a backup carries none.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { list } from 'tar';
import { expect, it } from 'vitest';
import { createBackup } from '../../backup/backup';
import { openDatabase } from '../../db/client';
import { photos } from '../../db/schema';
import { INCOMING_FOLDER, ownerIsGone } from '../../storage/incoming';
import { serverHome } from '../../test/serverProcess';
import { formData } from '../../test/multipart';

const home = serverHome('orphans');
const start = () => home.start({ SEED_DEMO: '1' });

const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));

/** Every file under the photo store, as paths relative to it. */
function storeFiles(): string[] {
  const store = path.join(home.dataDir, 'files');
  if (!fs.existsSync(store)) return [];
  return (fs.readdirSync(store, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(store, path.join(entry.parentPath, entry.name)));
}

/** The photo folder a stored file belongs to ("photos/s1/ab12…"), or the file itself when it is elsewhere. */
const folderOf = (file: string) => (file.startsWith('photos/') ? file.split('/').slice(0, 3).join('/') : file);

it('leaves no file without its row after a kill -9 during an upload, and backups carry none', async () => {
  const first = await start();
  const call = async (pathname: string, init: RequestInit = {}) => {
    const res = await fetch(`${first.url}/api/panel/${pathname}`, init);
    return (await res.json()) as Record<string, any>;
  };
  const { token } = await call('login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'Demo1234!' }),
  });
  const auth = { authorization: `Bearer ${token}` };
  const school = (await call('schools', { headers: auth })).items[0];
  const branch = (await call(`schools/${school.id}/branches`, { headers: auth })).items[0];
  const student = (await call(`branches/${branch.id}/students`, { headers: auth })).items[0];
  const before = new Set(storeFiles());

  // A batch of large photos: the server takes a while storing them, which is when it dies.
  const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#6a8caf' } })
    .jpeg({ quality: 95 })
    .toBuffer();
  const form = formData(Array.from({ length: 12 }, (_, i) => ({ name: 'files', fileName: `foto-${i}.jpg`, contentType: 'image/jpeg', data: photo })));
  const upload = fetch(`${first.url}/api/panel/students/${student.id}/photos`, {
    method: 'POST',
    headers: { ...form.headers, ...auth },
    body: new Uint8Array(form.payload),
  }).catch(() => null);
  await expect.poll(() => storeFiles().filter((file) => !before.has(file)).length, { timeout: 120_000, interval: 5 }).toBeGreaterThan(0);
  first.child.kill('SIGKILL');
  await exited(first.child);
  expect(await upload).toBeNull();
  // The server itself runs as the start's child, which follows its parent down once it notices
  // the parent gone: only then is the cut-off upload's owner dead for the next start to see.
  const owners = () => storeFiles().flatMap((file) => (file.startsWith(`${INCOMING_FOLDER}/`) ? [file.split('/')[1]!] : []));
  await expect.poll(() => owners().every(ownerIsGone), { timeout: 60_000 }).toBe(true);
  // The crash did leave files of the cut-off upload behind.
  expect(storeFiles().filter((file) => !before.has(file)).length).toBeGreaterThan(0);

  // The start brings the sweep's round forward; the crash left its files only among the incoming ones.
  const second = await start();
  await expect.poll(() => storeFiles().filter((file) => file.startsWith(`${INCOMING_FOLDER}/`)), { timeout: 60_000, interval: 200 }).toEqual([]);
  second.child.kill('SIGTERM');
  await exited(second.child);

  const database = await openDatabase({ databaseUrl: home.databaseUrl, dataDir: home.dataDir });
  try {
    const named = new Set((await database.db.select({ key: photos.storageKey }).from(photos)).map((row) => row.key));
    expect(named.size).toBeGreaterThan(0);
    const unnamed = storeFiles().filter((file) => !named.has(folderOf(file)) && !file.startsWith('yearbooks/'));
    expect(unnamed).toEqual([]);

    const archive = path.join(home.dataDir, '..', `${path.basename(home.dataDir)}.tar.gz`);
    await createBackup({ database, dataDir: home.dataDir, file: archive });
    const entries: string[] = [];
    await list({ file: archive, onReadEntry: (entry) => entry.type === 'File' && entries.push(entry.path) });
    fs.rmSync(archive, { force: true });
    const carried = entries.filter((entry) => entry.startsWith('files/')).map((entry) => entry.slice('files/'.length));
    expect(carried.length).toBeGreaterThan(0);
    expect(carried.filter((file) => !named.has(folderOf(file)))).toEqual([]);
  } finally {
    await database.close();
  }
}, 300_000);
