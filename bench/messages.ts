/**
 * Messages at scale: generates students and student messages on PostgreSQL with
 * INSERT … SELECT generate_series in a database of its own (created from DATABASE_URL, dropped
 * at the end), then measures p95 of two calls through the real app:
 *   - the student-message list of a school, filtered by status and searched;
 *   - the message-to overview (per-student counts) of a school.
 * Sizes: BENCH_STUDENTS (default 600 000) and BENCH_MESSAGES (default 6 000 000);
 * BENCH_RUNS calls per measurement (default 60); BENCH_KEEP=1 keeps the database (for EXPLAIN),
 * BENCH_REUSE_URL measures a kept one again without generating.
 * Target: p95 < 100 ms.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { hashPassword } from '../server/auth/passwords';
import { openDatabase } from '../server/db/client';
import { seedReferenceData } from '../server/db/seed/reference';
import { createPostgresDatabase } from '../server/test/database';
import { percentile } from './helpers';

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error('bench/messages: set DATABASE_URL to a PostgreSQL server (a database of its own is created there and dropped).');
  process.exit(1);
}
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 600_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 6_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const PER_BRANCH = 25;
const BRANCHES_PER_SCHOOL = 40; // 1 000 students per school
const BRANCHES = Math.ceil(STUDENTS / PER_BRANCH);
const SCHOOLS = Math.ceil(BRANCHES / BRANCHES_PER_SCHOOL);
const TARGET_MS = 100;

const FIRST = ['Ayşe', 'Mehmet', 'Zeynep', 'Mustafa', 'Elif', 'Ahmet', 'Şule', 'Ömer', 'İpek', 'Çağla', 'Ilgaz', 'Ümit', 'Gökhan', 'Deniz', 'Selin', 'Emre'];
const LAST = ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Öztürk', 'Aydın', 'Özdemir', 'Arslan', 'Doğan', 'Kılıç', 'Işık', 'Ünal'];
const PHRASES = [
  'seninle ayni sirada oturmak cok guzeldi',
  'matematik derslerinde beni kurtardigin icin tesekkurler',
  'kantindeki sohbetlerimizi unutmayacagim',
  'iyi ki varsin yolun acik olsun',
  'basketbol maclarindaki ucluklerin efsaneydi',
  'gezideki o gece hala aklimda',
  'universitede de gorusmek dilegiyle',
  'her zaman destek oldun cok sag ol',
  'ogretmenler gunu surprizini hatirliyor musun',
  'hayallerine ulasman dilegiyle sevgiler',
];

const sqlArray = (items: string[]) => `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;

async function main() {
  console.log(`bench/messages: ${STUDENTS.toLocaleString('tr-TR')} öğrenci, ${MESSAGES.toLocaleString('tr-TR')} mesaj, ${SCHOOLS} okul, ${BRANCHES} şube`);
  const reuse = process.env.BENCH_REUSE_URL;
  const target = reuse ? { url: reuse, drop: async () => {} } : await createPostgresDatabase(baseUrl!, 'yp_bench_messages');
  const database = await openDatabase({ databaseUrl: target.url, dataDir: null });
  const { db } = database;
  const t0 = performance.now();
  const step = async (label: string, statement: ReturnType<typeof sql.raw>) => {
    const started = performance.now();
    await db.execute(statement);
    console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  async function generate() {
    await seedReferenceData(db);
    await db.execute(sql.raw(`insert into studios (name) values ('Bench Stüdyo')`));
    await step(
      'okullar',
      sql.raw(
        `insert into schools (studio_id, name, code, search_key, sort_key) select 1, 'Okul ' || g, 'J' || lpad(g::text, 5, '0'), 'okul ' || g, 'okul ' || lpad(g::text, 6, '0') from generate_series(1, ${SCHOOLS}) g`,
      ),
    );
    await step(
      'şubeler',
      sql.raw(
        `insert into branches (studio_id, school_id, grade, section, section_key) select 1, 1 + (g - 1) / ${BRANCHES_PER_SCHOOL}, 9 + ((g - 1) % ${BRANCHES_PER_SCHOOL}) / 10, chr(65 + (g - 1) % 10), chr(65 + (g - 1) % 10) from generate_series(1, ${BRANCHES}) g`,
      ),
    );
    // Student g sits in branch 1 + (g-1)/PER_BRANCH, so a branch's students have consecutive ids.
    await step(
      'öğrenciler',
      sql.raw(`insert into students (studio_id, school_id, branch_id, school_number, first_name, last_name, search_key, sort_key)
        select 1, 1 + ((g - 1) / ${PER_BRANCH}) / ${BRANCHES_PER_SCHOOL}, 1 + (g - 1) / ${PER_BRANCH}, g::text, f, l, lower(translate(f || ' ' || l, 'ŞşÖöÇçİıĞğÜü', 'SsOoCciiGgUu')) || ' ' || g, lower(f || ' ' || l)
        from (select g, (${sqlArray(FIRST)})[1 + g % ${FIRST.length}] f, (${sqlArray(LAST)})[1 + (g / 7) % ${LAST.length}] l from generate_series(1, ${STUDENTS}) g) s`),
    );
    // Bulk load: indexes are dropped and rebuilt afterwards, foreign keys are not checked row by row.
    const indexes = await db.execute<{ indexname: string; indexdef: string }>(
      sql.raw(`select indexname, indexdef from pg_indexes where tablename = 'messages' and indexname <> 'messages_pkey'`),
    );
    for (const index of indexes.rows) await db.execute(sql.raw(`drop index ${index.indexname}`));
    await db.execute(sql.raw(`set session_replication_role = replica`));
    const chunk = 1_000_000;
    for (let start = 1; start <= MESSAGES; start += chunk) {
      const end = Math.min(MESSAGES, start + chunk - 1);
      // Message g: branch b; from student k1, to student k2 of that branch (k1 ≠ k2).
      await step(
        `mesajlar ${start.toLocaleString('tr-TR')}–${end.toLocaleString('tr-TR')}`,
        sql.raw(`insert into messages (studio_id, kind, school_id, branch_id, from_student_id, to_student_id, body, status, search_key, created_at, updated_at)
          select 1, 'student', 1 + (b - 1) / ${BRANCHES_PER_SCHOOL}, b, (b - 1) * ${PER_BRANCH} + 1 + k1, (b - 1) * ${PER_BRANCH} + 1 + (k1 + 1 + (g / ${BRANCHES * PER_BRANCH}) % ${PER_BRANCH - 1}) % ${PER_BRANCH},
            p, (array['pending','pending','pending','pending','approved','approved','approved','approved','rejected','rejected'])[1 + g % 10], p,
            now() - make_interval(secs => g % 5000000), now()
          from (select g, 1 + (g % ${BRANCHES}) b, (g / ${BRANCHES}) % ${PER_BRANCH} k1, (${sqlArray(PHRASES)})[1 + (g / 3) % ${PHRASES.length}] || ' ' || g p
                from generate_series(${start}, ${end}) g) s
          where (b - 1) * ${PER_BRANCH} + ${PER_BRANCH} <= ${STUDENTS}`),
      );
    }
    await db.execute(sql.raw(`set session_replication_role = origin`));
    await db.execute(sql.raw(`set maintenance_work_mem = '512MB'`));
    for (const index of indexes.rows) await step(`dizin ${index.indexname}`, sql.raw(index.indexdef));
    // Autovacuum keeps a live table's visibility map current; a fresh bulk load needs it once.
    await step('vacuum analyze', sql.raw('vacuum analyze'));
    console.log(`  veri hazır: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }

  try {
    if (!reuse) await generate();
    const passwordHash = await hashPassword('Bench1234!');
    await db.execute(
      sql`insert into users (studio_id, level, name, email, password_hash) values (1, 'panel', 'Bench', 'bench@bench.test', ${passwordHash}) on conflict do nothing`,
    );
    const app = await buildApp({ database, config: loadConfig({ SEED_DEMO: '0', LOG_LEVEL: 'silent', DATABASE_URL: target.url }) });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/panel/login', payload: { email: 'bench@bench.test', password: 'Bench1234!' } });
    const token = login.json().token as string;
    const measure = async (label: string, url: (i: number) => string) => {
      const samples: number[] = [];
      for (let i = 0; i < RUNS + 5; i++) {
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url: url(i), headers: { authorization: `Bearer ${token}` } });
        const ms = performance.now() - started;
        if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (i >= 5) samples.push(ms); // the first calls warm caches and plans
      }
      const value = percentile(samples, 95);
      console.log(
        `  ${label}: p95 ${value.toFixed(1)} ms, median ${percentile(samples, 50).toFixed(1)} ms ${value < TARGET_MS ? '✓' : `✗ (hedef < ${TARGET_MS} ms)`}`,
      );
      return value;
    };
    const school = (i: number) => 1 + ((i * 7919) % SCHOOLS);
    const results = [
      await measure(
        'öğrenci mesajları (okul, onay bekliyor, "tesekkur" araması)',
        (i) => `/api/panel/messages/school/${school(i)}?status=pending&q=te%C5%9Fekk%C3%BCr&page=1&perPage=25`,
      ),
      await measure(
        'öğrenci mesajları (okul, onaylandı, "sohbet" araması, 3. sayfa)',
        (i) => `/api/panel/messages/school/${school(i)}?status=approved&q=sohbet&page=3&perPage=25`,
      ),
      await measure('öğrenci mesajları (okul, tüm durumlar, 10. sayfa)', (i) => `/api/panel/messages/school/${school(i)}?page=10&perPage=25`),
      await measure('alınan mesajlar (okul)', (i) => `/api/panel/message-to?schoolId=${school(i)}&page=1&perPage=25`),
      await measure('alınan mesajlar (okul, hiç mesajı olmayanlar)', (i) => `/api/panel/message-to?schoolId=${school(i)}&has=none&page=1&perPage=25`),
    ];
    await app.close();
    if (results.some((r) => r >= TARGET_MS)) process.exitCode = 1;
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP === '1') console.log(`  veritabanı bırakıldı: ${target.url}`);
    else await target.drop();
  }
}

await main();
