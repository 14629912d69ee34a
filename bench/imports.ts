/**
 * Import benchmark on PostgreSQL: 10 000 new students through the import call (a CSV, the whole
 * commit request: reading the file, checking the rows, the one transaction) against a plain `COPY`
 * of the very same rows into the same table (same indexes and foreign keys, the counting trigger of
 * the figures off: the floor it was before them). Five interleaved rounds; the median of
 * the rounds' ratios is printed as `ratio import <app/COPY>`. Goal: at most 2.
 *   nice -n 10 node --import tsx bench/imports.ts
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { sampleCsv } from '../server/areas/imports/sampleFiles';
import { insertStudentsInBulk, type BulkStudent } from '../server/areas/students/writes';
import { openDatabase } from '../server/db/client';
import { seedReferenceData } from '../server/db/seed/reference';
import { createWorld, PASSWORD } from '../server/test/fixtures';
import { formData } from '../server/test/multipart';
import { freshDatabase, percentile, sampleStudents } from './helpers';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 10_000);
const ROUNDS = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 5));
const GOAL = 2;
const COLUMNS = 'studio_id, school_id, branch_id, school_number, first_name, last_name, gender, search_key, sort_key';

export async function runImportBenchmark(): Promise<boolean> {
  const url = await freshDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'yp_bench_imports');
  const database = await openDatabase({ databaseUrl: url, dataDir: null });
  await seedReferenceData(database.db);
  const world = await createWorld(database.db);
  const app = await buildApp({
    database,
    config: loadConfig({
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
      IMPORT_MAX_ROWS: String(STUDENTS + 10),
      IMPORT_MAX_BYTES: String(50 * 1024 * 1024),
    }),
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const login = await app.inject({ method: 'POST', url: '/api/school/login', payload: { email: 'okul@test.test', password: PASSWORD } });
    const token = login.json<{ token: string }>().token;
    const rows = sampleStudents(STUDENTS);
    const file = sampleCsv(rows);
    const before = Number((await client.query<{ id: number }>('select coalesce(max(id), 0) as id from students')).rows[0]!.id);
    const removeImported = () => client.query('delete from students where id > $1', [before]);
    // The rows as the import stores them, kept in a server-side file for COPY to read.
    const csvPath = `/tmp/yp-bench-import-${process.pid}.csv`;

    const importOnce = async () => {
      const { payload, headers } = formData([{ name: 'file', fileName: 'ogrenciler.csv', data: file }]);
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: `/api/school/schools/${world.school.id}/students/import`,
        payload,
        headers: { ...headers, authorization: `Bearer ${token}` },
      });
      const ms = performance.now() - started;
      if (res.statusCode !== 200 || res.json<{ created: number }>().created !== STUDENTS)
        throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return ms;
    };
    const copyOnce = async () => {
      const started = performance.now();
      await client.query(`copy students (${COLUMNS}) from '${csvPath}' with (format csv)`);
      return performance.now() - started;
    };

    await importOnce();
    await client.query(`copy (select ${COLUMNS} from students where id > ${before} order by id) to '${csvPath}' with (format csv)`);
    // The same rows once more, for the insert alone (the write of an import without reading the file).
    const stored = (
      await client.query<BulkStudent>(
        `select studio_id as "studioId", school_id as "schoolId", branch_id as "branchId", school_number as "schoolNumber", first_name as "firstName",
           last_name as "lastName", gender, search_key as "searchKey", sort_key as "sortKey" from students where id > $1 order by id`,
        [before],
      )
    ).rows;
    await removeImported();
    const insertOnce = async () => {
      const started = performance.now();
      await database.db.transaction((tx) => insertStudentsInBulk(tx, stored));
      return performance.now() - started;
    };

    const counting = (on: boolean) =>
      client.query(['students_count_insert', 'students_count_delete'].map((t) => `alter table students ${on ? 'enable' : 'disable'} trigger ${t}`).join('; '));

    const viaApp: number[] = [];
    const copy: number[] = [];
    const insert: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const pair = [
        async () => viaApp.push(await importOnce()),
        async () => {
          // The floor stays a plain COPY, as it was before the figures' counters: their trigger is
          // off around it and the removal of its rows (the app's import pays for its counting).
          await counting(false);
          copy.push(await copyOnce());
          await removeImported();
          await counting(true);
        },
        async () => insert.push(await insertOnce()),
      ];
      for (const run of round % 2 === 0 ? pair : pair.reverse()) {
        await run();
        await removeImported();
      }
    }
    const ratio = percentile(
      viaApp.map((a, i) => a / copy[i]!),
      50,
    );
    console.log(
      `import of ${STUDENTS} students: app ${percentile(viaApp, 50).toFixed(0)} ms (the whole commit request, CSV), COPY ${percentile(copy, 50).toFixed(0)} ms (median of ${ROUNDS} rounds)`,
    );
    console.log(`ratio import ${ratio.toFixed(2)}${ratio > GOAL ? `  ✗ over ${GOAL}` : ''}`);
    const insertRatio = percentile(
      insert.map((a, i) => a / copy[i]!),
      50,
    );
    console.log(`the insert alone (insertStudentsInBulk in a transaction): ${percentile(insert, 50).toFixed(0)} ms`);
    console.log(`ratio import-insert ${insertRatio.toFixed(2)}`);
    return ratio <= GOAL;
  } finally {
    await client.end();
    await app.close();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await runImportBenchmark()) ? 0 : 1;
}
