/**
 * List benchmark: 1 000 schools, 20 000 branches and 40 000 accounts on PostgreSQL;
 * p95 of the schools and branches list calls (search, sort, deep page) through the real app.
 * Target: under 50 ms each on the 2-core machine.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../server/app';
import { createSession } from '../server/auth/sessions';
import { hashPassword } from '../server/auth/passwords';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedReferenceData } from '../server/db/seed/reference';
import { generate } from './generate';
import { freshDatabase, percentile } from './helpers';

const TARGET_MS = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 20;

export async function runListBenchmark(): Promise<boolean> {
  const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = await freshDatabase(baseUrl, 'yp_bench_lists');
  const database = await openDatabase({ databaseUrl: url, dataDir: null });
  await seedReferenceData(database.db);
  const started = performance.now();
  const world = await generate(database.db, { schools: 1000, branchesPerSchool: 20, accounts: 40_000, passwordHash: await hashPassword('Bench1234!') });
  const pool = new pg.Client({ connectionString: url });
  await pool.connect();
  await pool.query('ANALYZE');
  await pool.end();
  console.log(`generated 1000 schools, 20000 branches, 40000 accounts in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const app = await buildApp({ database, config: loadConfig({ SEED_DEMO: '0', LOG_LEVEL: 'silent', DATABASE_URL: url }) });
  await app.ready();
  const token = await createSession(database.db, world.panelUserId, 'panel', 1);
  const school = world.schoolIds[Math.floor(world.schoolIds.length / 2)];
  const cases: Array<[string, string]> = [
    ['schools: first page, name order', 'schools'],
    ['schools: search "ISIK" (folded)', 'schools?q=ISIK'],
    ['schools: search "anadolu lisesi 5"', `schools?q=${encodeURIComponent('anadolu lisesi 5')}`],
    ['schools: sort by city, desc', 'schools?sort=city&order=desc'],
    ['schools: sort by student count', 'schools?sort=studentCount&order=desc'],
    ['schools: city filter + search', 'schools?cityId=34&q=lise'],
    ['schools: deep page (40 × 25)', 'schools?page=40&perPage=25'],
    ['schools: deep page, 100 per page, desc', 'schools?page=10&perPage=100&order=desc'],
    ['branches: one school, grade/section order', `schools/${school}/branches`],
    ['branches: search "12/ç"', `schools/${school}/branches?q=${encodeURIComponent('12/ç')}`],
    ['branches: sort by manager name', `schools/${school}/branches?sort=managerName`],
    ['branches: deep page (2 × 10)', `schools/${school}/branches?page=2&perPage=10`],
    ['branch managers: one branch', `branches/${world.schoolIds.length + 5}/managers`],
  ];

  let ok = true;
  // Other work on the machine shows up in the tail; print the load so the figures can be read.
  console.log(
    `load average before: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  console.log(`\n${'call'.padEnd(44)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'max'.padStart(8)}`);
  for (const [label, path] of cases) {
    const times: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/panel/${path}`, headers: { authorization: `Bearer ${token}` } });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
      if (i >= WARMUP) times.push(ms);
    }
    const p95 = percentile(times, 95);
    if (p95 >= TARGET_MS) ok = false;
    console.log(
      `${label.padEnd(44)} ${percentile(times, 50).toFixed(1).padStart(6)}ms ${p95.toFixed(1).padStart(6)}ms ${percentile(times, 100).toFixed(1).padStart(6)}ms${p95 >= TARGET_MS ? '  ✗ over 50 ms' : ''}`,
    );
  }
  await app.close();
  await database.close();
  console.log(ok ? `\nall list calls under ${TARGET_MS} ms at p95` : `\nsome list calls are over ${TARGET_MS} ms at p95`);
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await runListBenchmark()) ? 0 : 1;
}
