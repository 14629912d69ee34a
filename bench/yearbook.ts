/**
 * Yearbook benchmark: the book of a 30-student branch with 12 approved messages each (target:
 * the PDF in ≤ 20 s), and of a 300-student school (target: completes, peak RSS < 1 GB), each
 * made by the job runner as the server makes it (images from stored originals, layout and
 * proofs in worker threads). Prints the time to the PDF, to the end with the page proofs, the
 * size, where the time went, and the peak RSS of the process (worker threads included) while
 * each book is made, the setup's own peak left out (an in-memory PGlite peaks while it migrates).
 * Runs with MALLOC_ARENA_MAX=2 as the Docker image runs the server. BENCH_SCHOOL_STUDENTS lowers
 * the school for a quick run; DATABASE_URL uses that PostgreSQL instead of PGlite.
 *   nice node --import tsx bench/yearbook.ts
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app';
import { fileKey } from '../server/areas/photos/queries';
import type { YearbookResult } from '../server/areas/yearbook/job';
import { loadConfig } from '../server/config';
import { jobs, schools } from '../server/db/schema';
import { diskStorage } from '../server/storage/store';
import { startTestDatabase } from '../server/test/database';
import { createWorld, PASSWORD } from '../server/test/fixtures';
import { eq } from 'drizzle-orm';
import { nth } from './helpers';
import { addBranch, BRANCH_STUDENTS, MESSAGES_EACH, original, originalKeys } from './yearbookData';

const SCHOOL_STUDENTS = Number(process.env.BENCH_SCHOOL_STUDENTS ?? 300);
const BRANCH_TARGET_MS = 20_000;
const RSS_TARGET_MB = 1024;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yillik-bench-'));
  const database = await startTestDatabase();
  const storage = diskStorage(dataDir);
  const config = loadConfig({ SEED_DEMO: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const app = await buildApp({ database, config, storage, jobs: { run: true, pollMs: 200 } });
  const db = database.db;
  let failed: boolean;
  try {
    const world = await createWorld(db);
    const [school] = await db.select().from(schools).where(eq(schools.id, world.school.id));
    if (!school) throw new Error('no school');

    // Originals: photographs are noisy (a flat colour would compress to nothing and flatter the
    // numbers). Made in a child process, so making them does not count in this process's peak.
    const keys = originalKeys(school.studioId);
    const made = spawnSync(
      process.execPath,
      ['--import', 'tsx', import.meta.filename, 'originals', path.join(dataDir, 'files'), ...keys.map((k) => fileKey(k, 'original'))],
      {
        stdio: 'inherit',
      },
    );
    if (made.status !== 0) throw new Error('could not make the originals');
    if (!(await storage.photos.get(fileKey(nth(keys, 0), 'original')))) throw new Error('originals missing');

    let number = 5000;
    let branchIndex = 0;
    const addOne = async (count: number) => {
      const branch = await addBranch(db, school, 11, branchIndex++, count, number);
      number += count;
      return branch;
    };

    const login = await app.inject({ method: 'POST', url: '/api/panel/login', payload: { email: 'panel@test.test', password: PASSWORD } });
    const token = login.json().token as string;
    const run = async (url: string) => {
      const started = performance.now();
      const answer = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` } });
      if (answer.statusCode !== 200) throw new Error(answer.body);
      const id = answer.json().job.id as number;
      for (;;) {
        const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
        if (row && row.status !== 'queued' && row.status !== 'running') {
          if (row.status !== 'done') throw new Error(`job ${id} ${row.status}: ${row.error}`);
          return { result: row.result as YearbookResult, wallMs: performance.now() - started };
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    const steps = ({ steps: s }: YearbookResult) =>
      `images ${(s.imagesMs / 1000).toFixed(1)} s, layout ${(s.layoutMs / 1000).toFixed(1)} s, writing ${(s.storeMs / 1000).toFixed(1)} s, proofs ${(s.proofsMs / 1000).toFixed(1)} s`;
    const mb = () => Math.round(process.resourceUsage().maxRSS / 1024);
    console.log(
      `before the books: peak RSS ${mb()} MB, now ${Math.round(process.memoryUsage().rss / 1048576)} MB (database${process.env.DATABASE_URL ? ' client' : ' PGlite in this process'}, app)`,
    );

    const branch = await addOne(BRANCH_STUDENTS);
    resetPeak();
    const one = await run(`/api/panel/branches/${branch.id}/yearbook`);
    const branchOk = one.result.pdfMs <= BRANCH_TARGET_MS;
    console.log(
      `branch, ${BRANCH_STUDENTS} students × ${MESSAGES_EACH} messages: ${one.result.pages} pages, PDF ${(one.result.bytes / 1024 / 1024).toFixed(1)} MB in ${(one.result.pdfMs / 1000).toFixed(1)} s ` +
        `(target ≤ ${BRANCH_TARGET_MS / 1000} s) ${branchOk ? 'OK' : 'MISSED'}; with page proofs ${(one.result.totalMs / 1000).toFixed(1)} s; lowest portrait ${one.result.minPortraitPpi} ppi; peak RSS while making it ${peakMb()} MB (${steps(one.result)})`,
    );

    // The rest of the school: the branch above plus enough branches of 30 for SCHOOL_STUDENTS.
    for (let made = BRANCH_STUDENTS; made < SCHOOL_STUDENTS; made += BRANCH_STUDENTS) await addOne(Math.min(BRANCH_STUDENTS, SCHOOL_STUDENTS - made));
    resetPeak();
    const all = await run(`/api/panel/schools/${school.id}/yearbook`);
    const peak = peakMb();
    const schoolOk = peak < RSS_TARGET_MB;
    console.log(
      `school, ${SCHOOL_STUDENTS + 4} students: ${all.result.pages} pages, PDF ${(all.result.bytes / 1024 / 1024).toFixed(1)} MB in ${(all.result.pdfMs / 1000).toFixed(1)} s; ` +
        `with page proofs ${(all.result.totalMs / 1000).toFixed(1)} s; peak RSS while making it ${peak} MB (target < ${RSS_TARGET_MB} MB; since the start ${mb()} MB) ${schoolOk ? 'OK' : 'MISSED'} (${steps(all.result)})`,
    );
    failed = !branchOk || !schoolOk;
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

/** Linux keeps the process's peak resident memory (VmHWM); writing 5 to clear_refs starts it again from now. */
function resetPeak() {
  fs.writeFileSync('/proc/self/clear_refs', '5');
}
function peakMb(): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1];
  return Math.round(Number(kb) / 1024);
}

/** The child's part: writes noisy 5.3 MP JPEG originals to the given files. */
async function originals(root: string, files: string[]) {
  for (const [i, file] of files.entries()) {
    const jpeg = await original(i);
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), jpeg);
  }
}

if (process.argv[2] === 'originals') await originals(process.argv[3]!, process.argv.slice(4));
else if (!process.env.MALLOC_ARENA_MAX) {
  // glibc's allocator is set when the process starts: run again with the server's setting.
  const again = spawnSync(process.execPath, [...process.execArgv, import.meta.filename], { stdio: 'inherit', env: { ...process.env, MALLOC_ARENA_MAX: '2' } });
  process.exit(again.status ?? 1);
} else await main();
