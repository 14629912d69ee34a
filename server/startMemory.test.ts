/**
 * `npm start` with nothing set keeps the server within its memory goal: the compiled server,
 * started as `npm start` starts it (a new data folder, the demo data), makes the demo school's
 * whole yearbook while the resident memory of all its processes, summed, is read from /proc; the
 * peak stays under 750 MB, and the process that serves runs with glibc's allocator settings.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { processTree, treeRss } from './test/processMemory';
// @ts-expect-error: a plain JavaScript module without types
import { ensureBuilt } from '../scripts/build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const MB = 1024 * 1024;
const GOAL_MB = 750;
let dataDir: string;
let server: { child: ChildProcess; url: string } | undefined;

const environOf = (pid: number) => fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');

beforeAll(async () => {
  // A build is not the server: when dist/ is older than the sources, it is brought up to date first.
  await ensureBuilt();
  fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
  dataDir = fs.mkdtempSync(path.join(root, '.tmp', 'start-memory-'));
}, 300_000);
afterAll(async () => {
  if (server && server.child.exitCode === null) {
    const exited = new Promise((resolve) => server!.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('npm start alone keeps the server under 750 MB through a school book', async () => {
  // The environment of a plain `npm start`: none of the allocator settings, the embedded database.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir };
  for (const name of ['DATABASE_URL', 'MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_', 'NODE_OPTIONS']) delete env[name];
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env });

  let peak = 0;
  const sample = () => (peak = Math.max(peak, treeRss(child.pid!)));
  let sampler: NodeJS.Timeout | undefined;
  try {
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const onData = (d: Buffer) => {
        output += d;
        const [, address] = /Yıllık Paneli: (http:\/\/\S+)/.exec(output) ?? [];
        if (address) resolve(address.replace('localhost', '127.0.0.1'));
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    server = { child, url };
    // From here on: the server up with its demo data. (The first start's creation of the data
    // folder runs before, in a process of its own that has ended by now.)
    sampler = setInterval(sample, 100);
    sample();

    // The process that serves is a child of the one npm starts, with both settings.
    const serving = processTree(child.pid!).slice(1);
    expect(serving.length).toBeGreaterThan(0);
    expect(serving.some((pid) => environOf(pid).includes('MALLOC_ARENA_MAX=2') && environOf(pid).includes('MALLOC_MMAP_THRESHOLD_=8388608'))).toBe(true);

    const login = await fetch(`${url}/api/panel/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'Demo1234!' }),
    });
    const auth = { authorization: `Bearer ${(await login.json()).token}` };
    const list = await (await fetch(`${url}/api/panel/schools`, { headers: auth })).json();
    const school = list.items.find((s: { name: string }) => s.name === 'Atatürk Anadolu Lisesi');
    const started = await fetch(`${url}/api/panel/schools/${school.id}/yearbook`, { method: 'POST', headers: auth });
    expect(started.status).toBe(200);
    let job = (await started.json()).job;
    while (job.status === 'queued' || job.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 500));
      job = (await (await fetch(`${url}/api/panel/yearbook-jobs/${job.id}`, { headers: auth })).json()).job;
    }
    expect(job.status).toBe('done');
    sample();
  } finally {
    clearInterval(sampler);
  }
  console.log(`npm start, a school book: peak ${Math.round(peak / MB)} MB over all the server's processes`);
  expect(peak).toBeGreaterThan(0);
  expect(peak / MB).toBeLessThan(GOAL_MB);
}, 600_000);
