/**
 * Hot-path benchmark: the app side by side with a strong baseline (bench/baseline.ts: node:http,
 * pg, sessions kept in memory, named prepared statements, JSON.stringify) and the database floor
 * (bench/floor.ts: the baseline's statements through `pgbench -M prepared`) on the same PostgreSQL
 * data — the list generator's studio, the demo studio and a very large other studio (500 000
 * students, 400 000 photo rows; `BENCH_SCALE=0.1` for a quick run). autocannon runs in its own
 * process with 10 connections; app, baseline and floor take turns in ≥ 5 rounds and the median of
 * the rounds' ratios is printed as `ratio <call> <app/baseline>`, the floor's beside it. Then the
 * app on PGlite against the app on PostgreSQL (`ratio pglite <pglite/postgres>`, and the tail at
 * 50 connections).
 * The CPU time per request of app and baseline (both run in this process) is printed beside the
 * rates: on a busy machine it says more than they do. `BENCH_PGLITE=0` leaves out the PGlite part.
 *   nice -n 10 node --import tsx bench/hotpath.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { baselineSql, recordSql, startBaseline, type Sent } from './baseline';
import { pgbenchTps } from './floor';
import { freshDatabase, percentile } from './helpers';
import { buildHotpathData, type HotpathWorld } from './hotpathData';

const require = createRequire(import.meta.url);
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const ROUNDS = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 5));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SECRET = 'bench-file-url-secret-0123456789';
/** app/strong baseline for the schools list, the students list and GET /user; GET /user's p50 for the 500 000-student studio. */
const GOALS = { strong: 0.85, bigUserP50Ms: 10, pglite: 0.6, pgliteP99Ms: 1000 };

interface Load {
  rps: number;
  p50: number;
  p99: number;
  /** Requests answered in the run. */
  total: number;
  /** CPU time of this process (app or baseline, which run here) per request answered, in ms: less swayed by the machine's load than the rates. */
  cpuMs: number;
}

/** autocannon in a process of its own, so the load generator does not share the server's event loop. */
function load(url: string, token: string, connections: number, seconds = SECONDS): Promise<Load> {
  const cli = require.resolve('autocannon/autocannon.js');
  const cpu = process.cpuUsage();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, '-c', String(connections), '-d', String(seconds), '-j', '-H', `authorization=Bearer ${token}`, url], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      try {
        const result = JSON.parse(out) as {
          requests: { average: number; total: number };
          latency: { p50: number; p99: number };
          non2xx: number;
          errors: number;
        };
        if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} answers other than 2xx, ${result.errors} errors`);
        const used = process.cpuUsage(cpu);
        const total = result.requests.total;
        resolve({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, total, cpuMs: (used.user + used.system) / 1000 / total });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/** The app as `npm start` runs it (one log line per request, here into /dev/null), listening on a free port. */
async function startApp(database: Database, databaseUrl?: string) {
  const config = loadConfig({ SEED_DEMO: '0', LOG_LEVEL: 'info', FILE_URL_SECRET: SECRET, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const app = await buildApp({ database, config, logger: { level: 'info', stream: fs.createWriteStream('/dev/null') } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, config, close: () => app.close() };
}

const median = (values: number[]) => percentile(values, 50);
const loadLine = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

interface Call {
  name: string;
  path: string;
  token: string;
}

const callsOf = (world: HotpathWorld): Call[] => [
  { name: 'schools', path: '/api/panel/schools', token: world.listToken },
  { name: 'students', path: `/api/panel/branches/${world.bigBranchId}/students`, token: world.bigToken },
  { name: 'user', path: '/api/panel/user', token: world.demoToken },
  { name: 'user-big', path: '/api/panel/user', token: world.bigToken },
];

async function get(base: string, call: Call): Promise<string> {
  const res = await fetch(base + call.path, { headers: { authorization: `Bearer ${call.token}` } });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${base}${call.path}: ${res.status} ${body.slice(0, 200)}`);
  return body;
}

export async function runHotpathBenchmark(): Promise<boolean> {
  const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = await freshDatabase(baseUrl, 'yp_bench_hotpath');
  const database = await openDatabase({ databaseUrl: url, dataDir: null });
  let started = performance.now();
  const world = await buildHotpathData(database, SCALE);
  console.log(
    `data: demo studio, list studio (generate.ts), a studio of ${world.bigStudents} students and ${world.bigPhotos} photo rows, in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const app = await startApp(database, url);
  const calls = callsOf(world);

  // The app's own SQL, recorded while it answers each call once (its first, so the session lookup is in it).
  const recorded: Record<string, Sent[]> = {};
  for (const call of calls) recorded[call.name] = await recordSql(() => get(app.base, call));
  const baseline = await startBaseline({
    databaseUrl: url,
    sql: baselineSql({ schools: recorded.schools!, students: recorded.students!, user: [...recorded.user!, ...recorded['user-big']!] }),
    fileUrlSecret: SECRET,
    fileUrlTtlMinutes: app.config.fileUrlTtlMinutes,
  });
  const baselineBase = `http://127.0.0.1:${baseline.port}`;
  for (const call of calls) {
    const [a, b] = [await get(app.base, call), await get(baselineBase, call)];
    if (a !== b) {
      let from = 0;
      while (a[from] === b[from]) from++;
      const around = (text: string) => text.slice(Math.max(0, from - 150), from + 150);
      throw new Error(`${call.name}: the baseline answers other bytes than the app, from byte ${from}\napp:      …${around(a)}\nbaseline: …${around(b)}`);
    }
  }
  console.log(`the baseline's answers are byte-identical to the app's (${calls.map((c) => c.name).join(', ')})`);

  // The floor: what the baseline sends for one request once it knows the session.
  const floorStatements: Record<string, Sent[]> = {};
  for (const call of calls) floorStatements[call.name] = await recordSql(() => get(baselineBase, call));

  console.log(`load average before: ${loadLine()} (${os.cpus().length} cores); ${ROUNDS} rounds of ${SECONDS} s, 10 connections`);
  const results = new Map<string, { app: Load[]; baseline: Load[]; floor: number[] }>(calls.map((c) => [c.name, { app: [], baseline: [], floor: [] }]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const call of calls) {
      const sides = round % 2 === 0 ? (['app', 'baseline', 'floor'] as const) : (['floor', 'baseline', 'app'] as const);
      const result = results.get(call.name)!;
      for (const side of sides) {
        if (side === 'floor') result.floor.push(await pgbenchTps(url, floorStatements[call.name]!, 10, SECONDS));
        else result[side].push(await load((side === 'app' ? app.base : baselineBase) + call.path, call.token, 10));
      }
    }
    console.log(`round ${round + 1}/${ROUNDS} done (load ${loadLine()})`);
  }

  let ok = true;
  const table: string[] = [];
  console.log(
    `\n${'call'.padEnd(10)} ${'app req/s'.padStart(10)} ${'p50'.padStart(6)} ${'base req/s'.padStart(11)} ${'p50'.padStart(6)} ${'pgbench tps'.padStart(12)}  ratio  app/floor  base/floor  app cpu  base cpu  cpu ratio`,
  );
  const ratios = new Map<string, { strong: number; appFloor: number; baseFloor: number }>();
  // CPU ms of this process per request, median of the rounds: app and baseline.
  const cpu = new Map<string, { app: number; baseline: number }>();
  for (const call of calls) {
    const r = results.get(call.name)!;
    const ratio = {
      strong: median(r.app.map((a, i) => a.rps / r.baseline[i]!.rps)),
      appFloor: median(r.app.map((a, i) => a.rps / r.floor[i]!)),
      baseFloor: median(r.baseline.map((b, i) => b.rps / r.floor[i]!)),
    };
    ratios.set(call.name, ratio);
    const appRps = median(r.app.map((x) => x.rps));
    const baseRps = median(r.baseline.map((x) => x.rps));
    const floorTps = median(r.floor);
    const appP50 = median(r.app.map((x) => x.p50));
    const baseP50 = median(r.baseline.map((x) => x.p50));
    const appCpu = median(r.app.map((x) => x.cpuMs));
    const baseCpu = median(r.baseline.map((x) => x.cpuMs));
    cpu.set(call.name, { app: appCpu, baseline: baseCpu });
    console.log(
      `${call.name.padEnd(10)} ${appRps.toFixed(0).padStart(10)} ${appP50.toFixed(0).padStart(4)}ms ${baseRps.toFixed(0).padStart(11)} ${baseP50.toFixed(0).padStart(4)}ms ${floorTps.toFixed(0).padStart(12)}  ${ratio.strong.toFixed(2)}  ${ratio.appFloor.toFixed(2).padStart(9)}  ${ratio.baseFloor.toFixed(2).padStart(10)}  ${appCpu.toFixed(2).padStart(5)}ms  ${baseCpu.toFixed(2).padStart(6)}ms  ${(baseCpu / appCpu).toFixed(2).padStart(9)}`,
    );
    table.push(
      `| ${call.name} | ${appRps.toFixed(0)} req/s, p50 ${appP50} ms | ${baseRps.toFixed(0)} req/s, p50 ${baseP50} ms | ${ratio.strong.toFixed(2)} | ${floorTps.toFixed(0)} tps; app ${ratio.appFloor.toFixed(2)}, baseline ${ratio.baseFloor.toFixed(2)} | ${appCpu.toFixed(2)} ms, ${baseCpu.toFixed(2)} ms; ${(baseCpu / appCpu).toFixed(2)} |`,
    );
  }
  console.log('');
  for (const name of ['schools', 'students', 'user', 'user-big']) {
    const ratio = ratios.get(name)!;
    const goal = name === 'user-big' ? 0 : GOALS.strong;
    if (ratio.strong < goal) ok = false;
    const { app: appCpu, baseline: baseCpu } = cpu.get(name)!;
    console.log(
      `ratio ${name} ${ratio.strong.toFixed(2)}  floor: app ${ratio.appFloor.toFixed(2)}, strong ${ratio.baseFloor.toFixed(2)}  cpu per request: app ${appCpu.toFixed(2)} ms, strong ${baseCpu.toFixed(2)} ms (${(baseCpu / appCpu).toFixed(2)})${ratio.strong < goal ? `  ✗ under ${goal}` : ''}`,
    );
  }
  const bigUserP50 = median(results.get('user-big')!.app.map((x) => x.p50));
  if (bigUserP50 > GOALS.bigUserP50Ms) ok = false;
  console.log(`user p50 ${median(results.get('user')!.app.map((x) => x.p50))} ms (demo studio, ${world.bigStudents} students of another studio on the server)`);
  console.log(
    `user-big p50 ${bigUserP50} ms (the studio of ${world.bigStudents} students)${bigUserP50 > GOALS.bigUserP50Ms ? `  ✗ over ${GOALS.bigUserP50Ms} ms` : ''}`,
  );
  await baseline.close();
  if (process.env.BENCH_PGLITE === '0') {
    console.log(`\n${table.join('\n')}\nload average after: ${loadLine()}`);
    await app.close();
    await database.close();
    return ok;
  }

  // PGlite against PostgreSQL: the same data and calls, the app on each.
  started = performance.now();
  const embedded = await openDatabase({ dataDir: null });
  const pgliteWorld = await buildHotpathData(embedded, SCALE);
  console.log(`\nPGlite data made in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const pgliteApp = await startApp(embedded);
  const schoolsOn = (w: HotpathWorld) => callsOf(w)[0]!;
  await get(pgliteApp.base, schoolsOn(pgliteWorld));
  const pglite: Load[] = [];
  const postgres: Load[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const pair = [
      async () => pglite.push(await load(pgliteApp.base + schoolsOn(pgliteWorld).path, pgliteWorld.listToken, 10)),
      async () => postgres.push(await load(app.base + schoolsOn(world).path, world.listToken, 10)),
    ];
    for (const run of round % 2 === 0 ? pair : pair.reverse()) await run();
  }
  const tail = await load(pgliteApp.base + schoolsOn(pgliteWorld).path, pgliteWorld.listToken, 50, SECONDS * 2);
  const tailPostgres = await load(app.base + schoolsOn(world).path, world.listToken, 50, SECONDS * 2);
  const pgliteRatio = median(pglite.map((p, i) => p.rps / postgres[i]!.rps));
  console.log(
    `schools list: PGlite ${median(pglite.map((x) => x.rps)).toFixed(0)} req/s, PostgreSQL ${median(postgres.map((x) => x.rps)).toFixed(0)} req/s (10 connections)`,
  );
  console.log(`ratio pglite ${pgliteRatio.toFixed(2)}${pgliteRatio < GOALS.pglite ? `  ✗ under ${GOALS.pglite}` : ''}`);
  console.log(
    `pglite p99 at 50 connections ${tail.p99} ms (${tail.rps.toFixed(0)} req/s; PostgreSQL ${tailPostgres.p99} ms, ${tailPostgres.rps.toFixed(0)} req/s)${tail.p99 >= GOALS.pgliteP99Ms ? `  ✗ over ${GOALS.pgliteP99Ms} ms` : ''}`,
  );
  if (pgliteRatio < GOALS.pglite || tail.p99 >= GOALS.pgliteP99Ms) ok = false;
  table.push(
    `| schools list, PGlite vs PostgreSQL | ${median(pglite.map((x) => x.rps)).toFixed(0)} req/s | ${median(postgres.map((x) => x.rps)).toFixed(0)} req/s | ${pgliteRatio.toFixed(2)} |`,
  );
  console.log(`\n${table.join('\n')}`);
  console.log(`load average after: ${loadLine()}`);

  await pgliteApp.close();
  await embedded.close();
  await app.close();
  await database.close();
  console.log(ok ? '\nevery hot-path goal met' : '\nsome hot-path goals are not met');
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await runHotpathBenchmark()) ? 0 : 1;
}
