/**
 * The school's book as a studio makes it after the README's quick start: the app started with
 * `npm start` and nothing else set (a data folder and a port of its own only), a 304-student
 * school with its portraits and twelve messages each already in its embedded database, the book
 * asked for over HTTP as the panel asks for it. Prints the time from the request to the book with
 * its page proofs, and the peak resident memory of the server's process (its high-water mark,
 * worker threads included, from just before the request), each against its bound. A measurement,
 * not a test: on a shared, loaded machine the time follows the load.
 *   nice node --import tsx bench/yearbookServer.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { fileKey } from '../server/areas/photos/queries';
import { openDatabase } from '../server/db/client';
import { schools } from '../server/db/schema';
import { seedReferenceData } from '../server/db/seed/reference';
import { diskStorage } from '../server/storage/store';
import { createWorld, PASSWORD } from '../server/test/fixtures';
import { addBranch, BRANCH_STUDENTS, original, originalKeys } from './yearbookData';

/** The world's own four students and these: 304. */
const SCHOOL_STUDENTS = Number(process.env.BENCH_SCHOOL_STUDENTS ?? 300);
const TIME_BOUND_MS = 45_000;
const RSS_BOUND_MB = 700;
const PORT = Number(process.env.BENCH_PORT ?? 3299);
const root = path.resolve(import.meta.dirname, '..');

/** Writes the school into a fresh data folder, as the server will find it; answers the school's id. */
async function prepare(dataDir: string): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    await seedReferenceData(database.db);
    const world = await createWorld(database.db);
    const [school] = await database.db.select().from(schools).where(eq(schools.id, world.school.id));
    if (!school) throw new Error('no school');
    const photos = diskStorage(dataDir).photos;
    for (const [i, key] of originalKeys(school.studioId).entries()) await photos.put(fileKey(key, 'original'), await original(i));
    for (let made = 0, i = 0; made < SCHOOL_STUDENTS; made += BRANCH_STUDENTS, i++)
      await addBranch(database.db, school, 11, i, Math.min(BRANCH_STUDENTS, SCHOOL_STUDENTS - made), 5000 + made);
    return school.id;
  } finally {
    await database.close();
  }
}

/** Every process below `pid` (npm, its shell, the start script, the server it relaunches). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(
        fs
          .readFileSync(`/proc/${entry}/stat`, 'utf8')
          .replace(/^.*\) \S+ /, '')
          .split(' ')[0],
      );
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  for (let queue = [pid]; queue.length;) {
    const next = children.get(queue.shift()!) ?? [];
    found.push(...next);
    queue.push(...next);
  }
  return found;
}

const status = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const environ = (pid: number) => fs.readFileSync(`/proc/${pid}/environ`, 'utf8');

/** Starts `npm start` and waits for the line with its address. */
function start(dataDir: string): Promise<ChildProcess> {
  // Nothing of this process's own settings goes along, the memory ones least of all.
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.homedir(), PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const child = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let said = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('Yıllık Paneli: http')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`npm start ended (${code}): ${said}`)));
  });
}

async function call(method: string, url: string, token?: string, body?: unknown) {
  const answer = await fetch(`http://127.0.0.1:${PORT}/api/panel${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await answer.json()) as Record<string, unknown> & { job?: { id: number; status: string; done: number; total: number } };
  if (!answer.ok) throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(json)}`);
  return json;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yillik-bench-server-'));
  let server: ChildProcess | null = null;
  let ok: boolean;
  try {
    const schoolId = await prepare(dataDir);
    server = await start(dataDir);
    // The process that serves: the one the start relaunched with its memory settings.
    const serving = descendants(server.pid!).find((pid) => environ(pid).includes('YILLIK_RELAUNCHED=1'));
    if (!serving) throw new Error('no server process found under npm start');
    const settings = environ(serving)
      .split('\0')
      .filter((entry) => entry.startsWith('MALLOC_'));
    const { token } = (await call('POST', '/login', undefined, { email: 'panel@test.test', password: PASSWORD })) as { token: string };
    const startMb = status(serving, 'VmHWM');
    fs.writeFileSync(`/proc/${serving}/clear_refs`, '5');
    let treeMb = 0;
    const sampler = setInterval(() => {
      let sum = 0;
      for (const pid of [server!.pid!, ...descendants(server!.pid!)])
        try {
          sum += status(pid, 'VmRSS');
        } catch {
          // gone meanwhile
        }
      treeMb = Math.max(treeMb, sum);
    }, 250);

    const began = performance.now();
    const { job } = await call('POST', `/schools/${schoolId}/yearbook`, token);
    let detail: { job?: { status: string; done: number; total: number } } = {};
    for (;;) {
      detail = await call('GET', `/yearbook-jobs/${job!.id}`, token);
      if (!['queued', 'running'].includes(detail.job!.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const ms = performance.now() - began;
    clearInterval(sampler);
    if (detail.job!.status !== 'done') throw new Error(`the book ended ${detail.job!.status}`);
    const peakMb = status(serving, 'VmHWM');
    const load = os.loadavg()[0]!.toFixed(1);
    ok = ms <= TIME_BOUND_MS && peakMb <= RSS_BOUND_MB;
    console.log(
      `npm start (${settings.join(' ')}), school of ${SCHOOL_STUDENTS + 4} students, ${detail.job!.total} pages with page proofs: ` +
        `${(ms / 1000).toFixed(1)} s (bound ${TIME_BOUND_MS / 1000} s, ratio ${(ms / TIME_BOUND_MS).toFixed(2)}); ` +
        `server's peak RSS ${Math.round(peakMb)} MB (bound ${RSS_BOUND_MB} MB, ratio ${(peakMb / RSS_BOUND_MB).toFixed(2)}; ` +
        `${Math.round(startMb)} MB up to the request), all of npm start's processes ${Math.round(treeMb)} MB; load average ${load} on ${os.cpus().length} cores`,
    );
  } finally {
    if (server?.pid) {
      for (const pid of descendants(server.pid).reverse()) {
        try {
          process.kill(pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(ok ? 0 : 1);
}

await main();
