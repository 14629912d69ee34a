/**
 * A large batch upload keeps the server's memory flat: 40 camera-sized files (24 MB each) in one
 * request are streamed to disk and made one turn at a time, so the server process's resident
 * memory (measured from outside, in /proc) rises by less than 300 MB at its peak and falls back
 * afterwards. The server runs as its own process so that the measurement sees only it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bigJpeg, measuredServerEnv, rssOf, uploadBatch } from '../../test/processMemory';

const root = path.resolve(import.meta.dirname, '../../..');
const FILES = 40;
const MB = 1024 * 1024;
let server: { child: ChildProcess; url: string };
let dataDir: string;

function start(): Promise<{ child: ChildProcess; url: string }> {
  const env = measuredServerEnv(dataDir, {
    SEED_DEMO: '1',
    PHOTO_MAX_FILES: String(FILES),
    // As in the Docker image: glibc's per-thread arenas would otherwise keep what libvips's threads
    // freed, and the process would hold on to memory it no longer uses; and a photo's large
    // buffers would land in the heap between smaller ones, which keeps the heap from shrinking.
    MALLOC_ARENA_MAX: '2',
    MALLOC_MMAP_THRESHOLD_: String(8 * MB),
  });
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start: ${output}`)), 90_000);
    const onData = (d: Buffer) => {
      output += d;
      const [, url] = /Yıllık Paneli: (http:\/\/\S+).*\n/.exec(output) ?? [];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url: url.replace('localhost', '127.0.0.1') });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-upload-memory-'));
  server = await start();
}, 120_000);
afterAll(async () => {
  if (server?.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('takes 40 × 24 MB in one request with less than 300 MB more memory at the peak, and gives it back', async () => {
  const file = await bigJpeg();
  expect(file.length).toBeGreaterThan(22 * MB);
  expect(file.length).toBeLessThan(25 * MB);
  const login = await fetch(`${server.url}/api/panel/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'Demo1234!' }),
  });
  const { token } = (await login.json()) as { token: string };
  const students = (await (await fetch(`${server.url}/api/panel/branches/1/students`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    items: Array<{ id: number }>;
  };
  const target = `${server.url}/api/panel/students/${students.items[0]!.id}/photos`;

  // Warm up: the image library and the upload path loaded once, so the baseline includes them.
  const warm = await uploadBatch(target, token, file, 2);
  expect(warm.status, warm.body).toBe(200);
  const pid = server.child.pid!;
  const baseline = rssOf(pid);

  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 25);
  const started = Date.now();
  const result = await uploadBatch(target, token, file, FILES);
  clearInterval(sampler);
  expect(result.status, result.body).toBe(200);
  expect((JSON.parse(result.body) as { items: unknown[] }).items).toHaveLength(FILES);

  // Memory given back: within a while after the batch the process is close to where it started.
  let after = rssOf(pid);
  for (let i = 0; i < 200 && after - baseline > 100 * MB; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    after = rssOf(pid);
  }
  console.log(
    `upload memory: ${FILES} × ${(file.length / MB).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
      `baseline ${(baseline / MB).toFixed(0)} MB, peak +${((peak - baseline) / MB).toFixed(0)} MB, after +${((after - baseline) / MB).toFixed(0)} MB`,
  );
  expect(peak - baseline).toBeLessThan(300 * MB);
  // The allocator keeps some freed pages for reuse; most of the peak must be gone.
  expect(after - baseline).toBeLessThan(150 * MB);
}, 300_000);
