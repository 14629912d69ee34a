/**
 * One suite for every file store: the disk store in a temporary folder, and the S3 store against
 * a real S3-protocol server started here on 127.0.0.1. What a caller of the interface sees must
 * be the same on both.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dyingProxy, startS3Server, type TestS3 } from '../test/s3Server';
import { openStorage } from './open';
import { s3Client, s3Store } from './s3';
import { diskStore, type FileStore } from './store';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keysOf(store: FileStore, folder = ''): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of store.list(folder)) keys.push(file.key);
  return keys.sort();
}

/** A stream of `size` bytes in 64 kB chunks that fails after `failAt` bytes when told. */
function source(data: Buffer, failAt?: number): Readable {
  let at = 0;
  return new Readable({
    read() {
      if (failAt !== undefined && at >= failAt) return this.destroy(new Error('the source broke'));
      if (at >= data.length) return this.push(null);
      this.push(data.subarray(at, at + 65_536));
      at += 65_536;
    },
  });
}

/** The same expectations for each store; `open` gives a new, empty store. */
function fileStoreSuite(name: string, open: () => Promise<FileStore>) {
  describe(`the ${name} file store`, () => {
    let store: FileStore;
    beforeAll(async () => {
      store = await open();
    });

    it('gives back what was put, as bytes, as a stream and with its size; a missing key is null', async () => {
      const bytes = randomBytes(50_000);
      await store.put('photos/s1/a/thumb.jpg', bytes);
      expect(sha((await store.get('photos/s1/a/thumb.jpg'))!)).toBe(sha(bytes));
      expect(sha(await read((await store.stream('photos/s1/a/thumb.jpg'))!))).toBe(sha(bytes));
      expect(await store.stat('photos/s1/a/thumb.jpg')).toMatchObject({ key: 'photos/s1/a/thumb.jpg', size: 50_000 });
      expect(await store.get('photos/s1/a/none.jpg')).toBeNull();
      expect(await store.stream('photos/s1/a/none.jpg')).toBeNull();
      expect(await store.stat('photos/s1/a/none.jpg')).toBeNull();
      // A folder is not a file.
      expect(await store.stat('photos/s1/a')).toBeNull();
    });

    it('stores a stream larger than one upload part, and a local file, byte for byte', async () => {
      const big = randomBytes(9 * 1024 * 1024 + 123);
      await store.put('yearbooks/7/book.pdf', source(big));
      expect(sha(await read((await store.stream('yearbooks/7/book.pdf'))!))).toBe(sha(big));
      expect((await store.stat('yearbooks/7/book.pdf'))!.size).toBe(big.length);

      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-store-test-'));
      const file = path.join(folder, 'original.jpg');
      const bytes = randomBytes(70_000);
      fs.writeFileSync(file, bytes);
      await store.putFile('photos/s1/b/original.jpg', file);
      expect(sha((await store.get('photos/s1/b/original.jpg'))!)).toBe(sha(bytes));
      fs.rmSync(folder, { recursive: true });
    });

    it('replaces a file put again under the same key', async () => {
      await store.put('school-logo/3.webp', Buffer.from('first'));
      await store.put('school-logo/3.webp', Buffer.from('second'));
      expect((await store.get('school-logo/3.webp'))!.toString()).toBe('second');
    });

    it('lists the files under a folder and in the whole store, with their sizes', async () => {
      await store.put('photos/s2/c/thumb.jpg', Buffer.alloc(10));
      await store.put('photos/s2/c/medium.jpg', Buffer.alloc(20));
      await store.put('photos/s2/d/thumb.jpg', Buffer.alloc(30));
      expect(await keysOf(store, 'photos/s2/c')).toEqual(['photos/s2/c/medium.jpg', 'photos/s2/c/thumb.jpg']);
      const sizes = new Map<string, number>();
      for await (const file of store.list('photos/s2')) sizes.set(file.key, file.size);
      expect(Object.fromEntries(sizes)).toEqual({ 'photos/s2/c/medium.jpg': 20, 'photos/s2/c/thumb.jpg': 10, 'photos/s2/d/thumb.jpg': 30 });
      expect(await keysOf(store)).toEqual(expect.arrayContaining(['photos/s2/d/thumb.jpg', 'yearbooks/7/book.pdf', 'school-logo/3.webp']));
      expect(await keysOf(store, 'photos/none')).toEqual([]);
    });

    it('removes a file or a whole folder, and removing what is gone is no error', async () => {
      await store.put('photos/s3/e/thumb.jpg', Buffer.alloc(5));
      await store.put('photos/s3/e/medium.jpg', Buffer.alloc(5));
      await store.put('photos/s3/f/thumb.jpg', Buffer.alloc(5));
      await store.remove('photos/s3/f/thumb.jpg');
      expect(await store.stat('photos/s3/f/thumb.jpg')).toBeNull();
      await store.remove('photos/s3/e');
      expect(await keysOf(store, 'photos/s3')).toEqual([]);
      await store.remove('photos/s3/e');
      await store.remove('photos/s3/f/thumb.jpg');
      await store.remove('never/was');
      expect(await keysOf(store, 'photos/s3')).toEqual([]);
    });

    it('moves a folder to a new key whole, and refuses to move what is not there', async () => {
      await store.put('incoming/h-1-x/photos-s4-g/thumb.jpg', Buffer.from('t'));
      await store.put('incoming/h-1-x/photos-s4-g/large.jpg', Buffer.from('l'));
      await store.move('incoming/h-1-x/photos-s4-g', 'photos/s4/g');
      expect(await keysOf(store, 'photos/s4/g')).toEqual(['photos/s4/g/large.jpg', 'photos/s4/g/thumb.jpg']);
      expect((await store.get('photos/s4/g/thumb.jpg'))!.toString()).toBe('t');
      expect(await keysOf(store, 'incoming/h-1-x')).toEqual([]);
      await expect(store.move('incoming/h-1-x/none', 'photos/s4/h')).rejects.toThrow();
    });

    it('shows nothing of a write whose source broke half-way', async () => {
      const big = randomBytes(12 * 1024 * 1024);
      await expect(store.put('yearbooks/8/book.pdf', source(big, 10 * 1024 * 1024))).rejects.toThrow(/the source broke/);
      await expect(store.put('yearbooks/8/small.pdf', source(big.subarray(0, 200_000), 100_000))).rejects.toThrow(/the source broke/);
      expect(await store.stat('yearbooks/8/book.pdf')).toBeNull();
      expect(await store.get('yearbooks/8/small.pdf')).toBeNull();
      expect(await keysOf(store, 'yearbooks/8')).toEqual([]);
    });

    it('refuses keys that could leave the store', async () => {
      await expect(store.put('../outside.jpg', Buffer.from('x'))).rejects.toThrow(/unsafe file key/);
      await expect(store.get('/etc/passwd')).rejects.toThrow(/unsafe file key/);
      await expect(store.remove('photos/../../x')).rejects.toThrow(/unsafe file key/);
    });
  });
}

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

fileStoreSuite('disk', async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-disk-store-'));
  folders.push(folder);
  return diskStore(folder);
});

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3Server(['yillik-test', 'yillik-cut']);
});
afterAll(() => s3?.close());

fileStoreSuite('S3', async () => (await openStorage({ dataDir: '', fileStore: { kind: 's3', ...s3.settings('yillik-test') } })).photos);

describe('the S3 store against a server that fails', () => {
  it('shows nothing of an upload the server died in the middle of, small or in parts', async () => {
    const store = s3Store(s3Client(s3.settings('yillik-cut')), 'yillik-cut', 'files/');
    const port = Number(new URL(s3.endpoint).port);
    const big = randomBytes(12 * 1024 * 1024);
    // The server dies during the second part of a multipart upload…
    const dying = await dyingProxy(port, 10 * 1024 * 1024);
    const through = s3Store(s3Client(s3.settings('yillik-cut', dying.endpoint)), 'yillik-cut', 'files/');
    await expect(through.put('yearbooks/9/book.pdf', source(big))).rejects.toThrow();
    await dying.close();
    // …and during a single PUT.
    const dyingSoon = await dyingProxy(port, 100_000);
    const throughSoon = s3Store(s3Client(s3.settings('yillik-cut', dyingSoon.endpoint)), 'yillik-cut', 'files/');
    await expect(throughSoon.put('yearbooks/9/cover.pdf', big.subarray(0, 300_000))).rejects.toThrow();
    await dyingSoon.close();

    expect(await store.stat('yearbooks/9/book.pdf')).toBeNull();
    expect(await store.stat('yearbooks/9/cover.pdf')).toBeNull();
    expect(await keysOf(store)).toEqual([]);
  });

  it('stops the start with a sentence naming a bucket that does not exist', async () => {
    const opening = openStorage({ dataDir: '', fileStore: { kind: 's3', ...s3.settings('no-such-bucket') } });
    await expect(opening).rejects.toThrow(/S3_BUCKET: "no-such-bucket" adlı kova .* yok.*\n.*there is no bucket "no-such-bucket"/);
  });

  it('stops the start naming S3_ENDPOINT when nothing answers there', async () => {
    const dead = await dyingProxy(1, 0);
    await dead.close();
    const opening = openStorage({ dataDir: '', fileStore: { kind: 's3', ...s3.settings('yillik-test', dead.endpoint) } });
    await expect(opening).rejects.toThrow(/S3_ENDPOINT: nesne deposuna ulaşılamadı/);
  });
});
