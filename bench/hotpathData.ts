/**
 * The data of the hot-path benchmark: the demo studio, the list generator's studio
 * (`generate.ts`) and a very large other studio made in SQL (generate_series, seconds instead of
 * minutes): `BENCH_SCALE` × 500 000 students and × 400 000 photo rows. Each studio gets a panel
 * account with an open session, so the benchmark can call as each of them.
 */
import { sql } from 'drizzle-orm';
import { createSession } from '../server/auth/sessions';
import { hashPassword } from '../server/auth/passwords';
import type { Database } from '../server/db/client';
import { seedDemo } from '../server/seed/demo';
import { seedReferenceData } from '../server/db/seed/reference';
import { generate } from './generate';

export interface HotpathWorld {
  /** Tokens of a panel account: the demo studio, the list studio, the very large studio. */
  demoToken: string;
  listToken: string;
  bigToken: string;
  /** A branch of the very large studio (50 students, most with a portrait). */
  bigBranchId: number;
  bigStudents: number;
  bigPhotos: number;
}

const STUDENTS_PER_BRANCH = 50;
const BRANCHES_PER_SCHOOL = 20;

async function one<T>(database: Database, query: ReturnType<typeof sql>): Promise<T> {
  const result = await database.db.execute(query);
  return result.rows[0] as T;
}

/** Builds the data in an empty, migrated database and answers how to call as each studio. */
export async function buildHotpathData(database: Database, scale: number): Promise<HotpathWorld> {
  const { db } = database;
  const passwordHash = await hashPassword('Bench1234!');
  await seedReferenceData(db);
  await seedDemo(db);
  const list = await generate(db, {
    schools: Math.max(10, Math.round(1000 * scale)),
    branchesPerSchool: 20,
    accounts: Math.max(100, Math.round(40_000 * scale)),
    passwordHash,
  });

  const bigStudents = Math.max(1000, Math.round(500_000 * scale));
  const bigPhotos = Math.round(bigStudents * 0.8);
  const schoolCount = Math.ceil(bigStudents / (STUDENTS_PER_BRANCH * BRANCHES_PER_SCHOOL));
  const { id: studioId } = await one<{ id: number }>(database, sql`insert into studios (name, city_id) values ('Çok Büyük Stüdyo', 6) returning id`);
  await db.execute(sql`
    insert into schools (studio_id, name, city_id, academic_year, code, search_key, sort_key)
    select ${studioId}, 'Okul ' || g, 1 + g % 81, '2025-2026', 'H' || lpad(g::text, 5, '0'), 'okul ' || g, 'okul ' || lpad(g::text, 6, '0')
    from generate_series(1, ${schoolCount}) g`);
  await db.execute(sql`
    insert into branches (studio_id, school_id, grade, section, section_key)
    select s.studio_id, s.id, 9 + k % 4, chr(65 + k / 4), chr(65 + k / 4)
    from schools s, generate_series(0, ${BRANCHES_PER_SCHOOL - 1}) k where s.studio_id = ${studioId}`);
  await db.execute(sql`
    insert into students (studio_id, school_id, branch_id, school_number, first_name, last_name, gender, search_key, sort_key)
    select b.studio_id, b.school_id, b.id, (b.id * 100 + k)::text, 'Ad' || k, 'Soyad' || b.id,
      case when k % 2 = 0 then 'female' else 'male' end, 'ad' || k || ' soyad' || b.id, 'ad' || lpad(k::text, 3, '0')
    from branches b, generate_series(1, ${STUDENTS_PER_BRANCH}) k where b.studio_id = ${studioId}
    order by b.id, k limit ${bigStudents}`);
  await db.execute(sql`
    insert into photos (studio_id, school_id, branch_id, student_id, is_portrait, storage_key, width, height, bytes)
    select studio_id, school_id, branch_id, id, true, 'bench/' || id, 4000, 3000, 2000000
    from students where studio_id = ${studioId} and id % 5 <> 0 order by id limit ${bigPhotos}`);
  const { id: bigBranchId } = await one<{ id: number }>(database, sql`select min(id) as id from branches where studio_id = ${studioId}`);
  // An event album of the branch whose photos tag its students 0–3 times each, so the list's event photo counts differ.
  const { id: albumId } = await one<{ id: number }>(
    database,
    sql`insert into albums (studio_id, school_id, branch_id, name) select studio_id, school_id, id, 'Mezuniyet' from branches where id = ${bigBranchId} returning id`,
  );
  await db.execute(sql`
    insert into album_photos (studio_id, school_id, branch_id, album_id, storage_key, width, height, bytes, status)
    select a.studio_id, a.school_id, a.branch_id, a.id, 'bench/album/' || k, 4000, 3000, 2000000, 'approved' from albums a, generate_series(1, 3) k where a.id = ${albumId}`);
  await db.execute(sql`
    insert into photo_tags (photo_id, student_id, studio_id, school_id, branch_id)
    select p.id, s.id, s.studio_id, s.school_id, s.branch_id from album_photos p, students s
    where p.album_id = ${albumId} and s.branch_id = ${bigBranchId} and p.id % 4 < s.id % 4`);
  const { id: bigPanelId } = await one<{ id: number }>(
    database,
    sql`insert into users (studio_id, level, name, email, password_hash, search_key, sort_key)
        values (${studioId}, 'panel', 'Büyük Yönetici', 'panel@cok-buyuk.test', ${passwordHash}, 'buyuk yonetici', 'buyuk yonetici') returning id`,
  );
  const { id: demoPanelId } = await one<{ id: number }>(database, sql`select id from users where email = 'admin@demo.test'`);
  // Data at rest, as a running server has it: PostgreSQL's autovacuum would have done this by now,
  // the PGlite thread does it once the app is idle (see pgliteWorker.mjs).
  await db.execute(sql`vacuum analyze`);
  return {
    demoToken: await createSession(db, demoPanelId, 'panel', 24),
    listToken: await createSession(db, list.panelUserId, 'panel', 24),
    bigToken: await createSession(db, bigPanelId, 'panel', 24),
    bigBranchId,
    bigStudents,
    bigPhotos: Number((await one<{ n: string }>(database, sql`select count(*) as n from photos where studio_id = ${studioId}`)).n),
  };
}
