/**
 * Memory as `npm start` runs the server: the compiled server started as `npm start` starts it
 * (nothing set: the embedded database, the demo data), its resident memory read from /proc,
 * summed over its processes (the one npm starts waits for the one that serves). Printed:
 *   rss idle pglite      a minute after the first start, nothing asked
 *   rss photos pglite    the peak while 40 camera-sized photos (24 MB each) arrive in one request
 *   rss book pglite      the peak while the demo school's whole yearbook is made
 *   rss idle postgres    the same server on PostgreSQL (DATABASE_URL), idle
 * Beside each, the proportional figure (PSS: node's own code, mapped by both processes, counted
 * once). Goals: 350 MB idle and 600 MB at a peak on PGlite, 200 MB idle on PostgreSQL.
 *   node --import tsx bench/memory.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error: a plain JavaScript module without types
import { ensureBuilt } from '../scripts/build.mjs';
import { bigJpeg, measuredServerEnv, treePss, treeRss, uploadBatch } from '../server/test/processMemory';
import { freshDatabase } from './helpers';

const root = path.resolve(import.meta.dirname, '..');
const MB = 1024 * 1024;
const GOALS_MB = { idlePglite: 350, peakPglite: 600, idlePostgres: 200 };
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const PHOTOS = 40;

interface Server {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

/** `npm start` with nothing set but the port, the data folder and what is given. */
function start(dataDir: string, extra: NodeJS.ProcessEnv): Promise<Server> {
  const env = measuredServerEnv(dataDir, { PHOTO_MAX_FILES: String(PHOTOS), ...extra });
  for (const name of ['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_', 'NODE_OPTIONS', ...(extra.DATABASE_URL ? [] : ['DATABASE_URL'])]) delete env[name];
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d;
      const [, url] = /Yıllık Paneli: (http:\/\/\S+)/.exec(output) ?? [];
      if (url)
        resolve({
          child,
          url: url.replace('localhost', '127.0.0.1'),
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
}

const mb = (bytes: number) => Math.round(bytes / MB);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The tree's memory after `IDLE_SECONDS` with nothing asked. */
async function idle(server: Server) {
  await sleep(IDLE_SECONDS * 1000);
  return { rss: treeRss(server.child.pid!), pss: treePss(server.child.pid!) };
}

/** The highest the tree's memory reaches while `work` runs (read every 25 ms). */
async function peakDuring(server: Server, work: () => Promise<void>) {
  let rss = 0;
  let pss = 0;
  const sample = () => {
    rss = Math.max(rss, treeRss(server.child.pid!));
    pss = Math.max(pss, treePss(server.child.pid!));
  };
  const sampler = setInterval(sample, 25);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  sample();
  return { rss, pss };
}

async function signIn(url: string) {
  const login = await fetch(`${url}/api/panel/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'Demo1234!' }),
  });
  const { token } = (await login.json()) as { token: string };
  return { token, auth: { authorization: `Bearer ${token}` } };
}

let ok = true;
function report(name: string, figure: { rss: number; pss: number }, goalMb: number) {
  const over = mb(figure.rss) > goalMb;
  if (over) ok = false;
  console.log(`rss ${name} ${mb(figure.rss)} MB  (PSS ${mb(figure.pss)} MB; goal ≤ ${goalMb} MB)${over ? '  ✗ over' : ''}`);
}

await ensureBuilt();
console.log(
  `load average: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} (${os.cpus().length} cores)`,
);
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-bench-memory-'));
try {
  const pglite = await start(path.join(folder, 'pglite'), {});
  try {
    report('idle pglite', await idle(pglite), GOALS_MB.idlePglite);
    const { token, auth } = await signIn(pglite.url);
    const students = (await (await fetch(`${pglite.url}/api/panel/branches/1/students`, { headers: auth })).json()) as { items: Array<{ id: number }> };
    const target = `${pglite.url}/api/panel/students/${students.items[0]!.id}/photos`;
    const file = await bigJpeg();
    report(
      'photos pglite',
      await peakDuring(pglite, async () => {
        const result = await uploadBatch(target, token, file, PHOTOS);
        if (result.status !== 200) throw new Error(`upload: ${result.status} ${result.body.slice(0, 300)}`);
      }),
      GOALS_MB.peakPglite,
    );
    const list = (await (await fetch(`${pglite.url}/api/panel/schools`, { headers: auth })).json()) as { items: Array<{ id: number; name: string }> };
    const school = list.items.find((s) => s.name === 'Atatürk Anadolu Lisesi')!;
    report(
      'book pglite',
      await peakDuring(pglite, async () => {
        const started = await fetch(`${pglite.url}/api/panel/schools/${school.id}/yearbook`, { method: 'POST', headers: auth });
        let { job } = (await started.json()) as { job: { id: number; status: string } };
        while (job.status === 'queued' || job.status === 'running') {
          await sleep(500);
          job = ((await (await fetch(`${pglite.url}/api/panel/yearbook-jobs/${job.id}`, { headers: auth })).json()) as { job: typeof job }).job;
        }
        if (job.status !== 'done') throw new Error(`the book ended ${job.status}`);
      }),
      GOALS_MB.peakPglite,
    );
  } finally {
    await pglite.stop();
  }

  const databaseUrl = await freshDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'yp_bench_memory');
  const postgres = await start(path.join(folder, 'postgres'), { DATABASE_URL: databaseUrl, SEED_DEMO: '1' });
  try {
    report('idle postgres', await idle(postgres), GOALS_MB.idlePostgres);
  } finally {
    await postgres.stop();
  }
} finally {
  fs.rmSync(folder, { recursive: true, force: true });
}
console.log(ok ? '\nevery memory goal met' : '\nsome memory goals are not met');
process.exitCode = ok ? 0 : 1;
