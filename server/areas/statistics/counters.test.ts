/**
 * The figures of `GET /user` come from counters the database keeps in the same transaction as
 * every write (migration 0010). Random sequences of writes through the API — students created,
 * moved, imported and deleted (taking their photos, messages and nicknames along), photos and
 * portraits, messages and nicknames written by staff and by a student and moderated one by one
 * and in bulk, notifications, empty branches and schools deleted — must leave every counter
 * equal to a direct count of the rows, and every level's figures equal to the direct count of its scope.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { todayInTurkey } from '../../../common/dates';
import { messages, schools } from '../../db/schema';
import { seededRandom } from '../../db/seed/random';
import { useApiTestKit, type Caller } from '../../test/api';
import { sampleCsv, type SampleRow } from '../imports/sampleFiles';

/** The counter columns, as the triggers name them. */
const COUNTERS = [
  'students',
  'students_with_portrait',
  'messages_pending',
  'messages_approved',
  'messages_rejected',
  'nicknames_pending',
  'nicknames_approved',
  'nicknames_rejected',
  'notifications',
];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-counters-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const kit = useApiTestKit({ DATA_DIR: dataDir });

/**
 * The demo seed's generator, so a failing sequence can be run again as it was; here picking from
 * nothing gives nothing (a step with no row to work on does nothing).
 */
function randomOf(seed: number) {
  const { next } = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(next() * items.length)];
  return { next, pick, some: <T>(items: readonly T[]) => items.filter(() => next() < 0.5) };
}

const jpeg = sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
  .jpeg()
  .toBuffer();

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await kit.database.db.execute(query)).rows as T[];
}

/** Every scope row that is not all zeros, and the same figures counted directly from the rows. */
async function countersAndDirectCounts() {
  const counters = await rows(sql`
    SELECT studio_id, school_id, branch_id, students, students_with_portrait, messages_pending, messages_approved, messages_rejected,
      nicknames_pending, nicknames_approved, nicknames_rejected, notifications
    FROM scope_counts
    WHERE (students, students_with_portrait, messages_pending, messages_approved, messages_rejected,
      nicknames_pending, nicknames_approved, nicknames_rejected, notifications) <> (0, 0, 0, 0, 0, 0, 0, 0, 0)
    ORDER BY 1, 2, 3`);
  const direct = await rows(sql`
    WITH counted AS (
      SELECT studio_id, school_id, branch_id, 'students' AS counter, 1 AS n FROM students
      UNION ALL SELECT DISTINCT studio_id, school_id, branch_id, 'students_with_portrait', student_id FROM photos WHERE is_portrait
      UNION ALL SELECT studio_id, school_id, branch_id, 'messages_' || status, 1 FROM messages WHERE kind = 'student'
      UNION ALL SELECT studio_id, school_id, branch_id, 'nicknames_' || status, 1 FROM nicknames
      UNION ALL SELECT studio_id, school_id, branch_id, 'notifications', 1 FROM notifications
    )
    SELECT studio_id, coalesce(school_id, 0) AS school_id, coalesce(branch_id, 0) AS branch_id,
      ${sql.join(
        COUNTERS.map((counter) => sql`count(*) FILTER (WHERE counter = ${counter})::int AS ${sql.identifier(counter)}`),
        sql`, `,
      )}
    FROM counted GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
  // Rows of a branch or school that is gone: a deleted one takes its rows along.
  const orphans = await rows(sql`
    SELECT * FROM scope_counts c
    WHERE (c.branch_id <> 0 AND NOT EXISTS (SELECT 1 FROM branches b WHERE b.id = c.branch_id))
       OR (c.school_id <> 0 AND NOT EXISTS (SELECT 1 FROM schools s WHERE s.id = c.school_id))`);
  return { counters, direct, orphans };
}

/** What a level's figures count, straight from the rows of its scope (the definitions the figures had before the counters). */
async function directStatistics(scope: { studioId: number; schoolId?: number; branchId?: number }) {
  const inScope = sql.raw(
    `studio_id = ${scope.studioId}` + (scope.branchId ? ` AND branch_id = ${scope.branchId}` : scope.schoolId ? ` AND school_id = ${scope.schoolId}` : ''),
  );
  const byStatus = sql`json_build_object('pending', count(*) FILTER (WHERE status = 'pending'), 'approved', count(*) FILTER (WHERE status = 'approved'),
    'rejected', count(*) FILTER (WHERE status = 'rejected'))`;
  const [direct] = await rows<Record<string, unknown>>(sql`
    SELECT (SELECT count(*)::int FROM students WHERE ${inScope}) AS students,
      (SELECT count(DISTINCT student_id)::int FROM photos WHERE ${inScope} AND is_portrait) AS "studentsWithPhoto",
      (SELECT ${byStatus} FROM messages WHERE ${inScope} AND kind = 'student') AS messages,
      (SELECT ${byStatus} FROM nicknames WHERE ${inScope}) AS nicknames,
      (SELECT count(*)::int FROM notifications WHERE ${inScope}) AS notifications`);
  if (!direct) throw new Error('one row expected');
  return direct;
}

interface Tally {
  [operation: string]: number;
}

/** Runs `steps` random writes of the world's first studio (and a few of the other), counting the ones the API took. */
async function randomWrites(seed: number, steps: number): Promise<Tally> {
  const random = randomOf(seed);
  const w = kit.world;
  const panel = await kit.as(w.accounts.panel);
  const school = await kit.as(w.accounts.school);
  const foreign = await kit.as(w.accounts.foreignPanel);
  const db = kit.database.db;
  const done: Tally = {};
  let serial = 1000;
  const ok = (operation: string, res: { status: number; raw: string }) => {
    expect([200, 400, 404, 409], `${operation}: ${res.raw}`).toContain(res.status);
    if (res.status === 200) done[operation] = (done[operation] ?? 0) + 1;
  };

  const ids = async (query: ReturnType<typeof sql>) => (await rows<{ id: number }>(query)).map((r) => r.id);
  const studentsOf = () =>
    rows<{ id: number; branch_id: number; school_id: number; studio_id: number }>(sql`SELECT id, branch_id, school_id, studio_id FROM students ORDER BY id`);
  const branchesOf = () => rows<{ id: number; school_id: number; studio_id: number }>(sql`SELECT id, school_id, studio_id FROM branches ORDER BY id`);
  const staffOf = (studioId: number): Caller => (studioId === w.studio.id ? panel : foreign);

  // A student of the first school signs in to the portal and writes for themself now and then.
  await db.update(schools).set({ code: 'SAYAC1' }).where(eq(schools.id, w.school.id));
  const code = (await panel.post(`students/${w.students[1].id}/access-code`)).body.code as string;
  const login = await kit.call('POST', '/api/student/login', { schoolCode: 'SAYAC1', schoolNumber: '102', accessCode: code });
  expect(login.status, login.raw).toBe(200);
  const student = { authorization: `Bearer ${login.body.token}` };

  // Messages and nicknames are moderated in bulk and deleted alike: one step of each per table.
  type Operation = [string, () => Promise<void>];
  const bulkModerate = (path: 'messages' | 'nicknames', candidates: SQL, rejectNote: string): Operation => [
    `bulk moderate ${path}`,
    async () => {
      const chosen = random.some(await ids(candidates));
      const action = random.pick(['approve', 'reject'] as const)!;
      if (chosen.length)
        ok(`bulk moderate ${path}`, await panel.post(`${path}/moderate`, { action, ids: chosen, ...(action === 'reject' ? { note: rejectNote } : {}) }));
    },
  ];
  const deleteOne = (operation: string, path: 'messages' | 'nicknames', candidates: SQL): Operation => [
    operation,
    async () => {
      const id = random.pick(await ids(candidates));
      if (id) ok(operation, await panel.del(`${path}/${id}`));
    },
  ];
  // Staff write from one student to a classmate: a message or a nickname, whose text field differs.
  const writeToClassmate = (operation: string, path: 'messages' | 'nicknames', content: (n: number) => Record<string, string>): Operation => [
    operation,
    async () => {
      const all = await studentsOf();
      const from = random.pick(all);
      const to = random.pick(all.filter((s) => from && s.branch_id === from.branch_id && s.id !== from.id));
      if (from && to) ok(operation, await staffOf(from.studio_id).post(path, { fromStudentId: from.id, toStudentId: to.id, ...content(serial++) }));
    },
  ];

  const operations: Operation[] = [
    [
      'add student',
      async () => {
        const branch = random.pick(await branchesOf())!;
        const body = { schoolNumber: String(serial++), firstName: 'Deniz', lastName: 'Ak', gender: 'female' };
        ok('add student', await staffOf(branch.studio_id).post(`branches/${branch.id}/students`, body));
      },
    ],
    [
      'move student',
      async () => {
        const one = random.pick(await studentsOf());
        const target = random.pick((await branchesOf()).filter((b) => one && b.school_id === one.school_id && b.id !== one.branch_id));
        if (one && target) ok('move student', await staffOf(one.studio_id).post(`students/${one.id}/move`, { branchId: target.id }));
      },
    ],
    [
      'delete student',
      async () => {
        const one = random.pick((await studentsOf()).filter((s) => s.id !== w.students[1].id));
        if (one) ok('delete student', await staffOf(one.studio_id).del(`students/${one.id}`));
      },
    ],
    [
      'upload photos',
      async () => {
        const one = random.pick(await studentsOf());
        const files = Array.from({ length: 1 + Math.floor(random.next() * 2) }, async (_, i) => ({
          name: 'files',
          fileName: `f${i}.jpg`,
          contentType: 'image/jpeg',
          data: await jpeg,
        }));
        if (one) ok('upload photos', await staffOf(one.studio_id).upload(`students/${one.id}/photos`, await Promise.all(files)));
      },
    ],
    [
      'set portrait',
      async () => {
        const photo = random.pick(await rows<{ id: number; studio_id: number }>(sql`SELECT id, studio_id FROM photos ORDER BY id`));
        if (photo) ok('set portrait', await staffOf(photo.studio_id).put(`photos/${photo.id}/portrait`));
      },
    ],
    [
      'delete photo',
      async () => {
        const photo = random.pick(await rows<{ id: number; studio_id: number }>(sql`SELECT id, studio_id FROM photos ORDER BY id`));
        if (photo) ok('delete photo', await staffOf(photo.studio_id).del(`photos/${photo.id}`));
      },
    ],
    writeToClassmate('write message', 'messages', (n) => ({ body: `Mesaj ${n}` })),
    ['staff message', async () => ok('staff message', await school.post(`schools/${w.school.id}/messages`, { body: 'Okula duyuru' }))],
    [
      'moderate message',
      async () => {
        const id = random.pick(await ids(sql`SELECT id FROM messages WHERE studio_id = ${w.studio.id} ORDER BY id`));
        const status = random.pick(['pending', 'approved', 'rejected'] as const);
        if (id)
          ok(
            'moderate message',
            await panel.put(`messages/${id}`, { status, note: status === 'rejected' ? 'Hayır' : '', version: await kit.versionOf(messages, id) }),
          );
      },
    ],
    bulkModerate('messages', sql`SELECT id FROM messages WHERE studio_id = ${w.studio.id} AND kind = 'student' ORDER BY id`, 'Toplu ret'),
    deleteOne('delete message', 'messages', sql`SELECT id FROM messages WHERE studio_id = ${w.studio.id} ORDER BY id`),
    writeToClassmate('write nickname', 'nicknames', (n) => ({ text: `Lakap ${n}` })),
    bulkModerate('nicknames', sql`SELECT id FROM nicknames WHERE studio_id = ${w.studio.id} ORDER BY id`, 'Hayır'),
    deleteOne('delete nickname', 'nicknames', sql`SELECT id FROM nicknames WHERE studio_id = ${w.studio.id} ORDER BY id`),
    [
      'student writes',
      async () => {
        const to = random.pick((await studentsOf()).filter((s) => s.branch_id === w.branch.id && s.id !== w.students[1].id));
        if (!to) return;
        ok('student writes', await kit.call('POST', '/api/student/messages', { toStudentId: to.id, body: `Öğrenciden ${serial++}` }, student));
        ok('student writes', await kit.call('POST', '/api/student/nicknames', { toStudentId: to.id, text: `Ad ${serial++}` }, student));
      },
    ],
    [
      'notification',
      async () => {
        const target = random.pick([
          { targetType: 'all', targetId: null },
          { targetType: 'school', targetId: w.school.id },
          { targetType: 'branch', targetId: w.branch.id },
        ]);
        const body = { title: 'Duyuru', body: 'Metin', sendDate: todayInTurkey(new Date(Date.now() + 3 * 86_400_000)), ...target };
        ok('notification', await panel.post('notifications', body));
      },
    ],
    [
      'delete notification',
      async () => {
        const id = random.pick(await ids(sql`SELECT id FROM notifications WHERE studio_id = ${w.studio.id} ORDER BY id`));
        if (id) ok('delete notification', await panel.del(`notifications/${id}`));
      },
    ],
    [
      'import',
      async () => {
        // New students, some into a branch the import creates, and the world's first students moved by the file.
        const moved = random.pick(['12/A', '12/B'])!;
        const list: SampleRow[] = [
          ['101', 'Şule', 'Işık', 'Kız', moved],
          [String(serial++), 'Ilgın', 'Öz', 'K', '12/B'],
          [String(serial++), 'İsmail', 'Uğur', 'E', random.pick(['12/C', '11/A'])!],
        ];
        ok('import', await school.upload(`schools/${w.school.id}/students/import`, [{ name: 'file', fileName: 'liste.csv', data: sampleCsv(list) }]));
      },
    ],
    [
      'delete empty branch and school',
      async () => {
        const made = await panel.post('schools', { name: `Geçici Okul ${serial++}`, cityId: 6, academicYear: '2025-2026' });
        ok('delete empty branch and school', made);
        const branch = await panel.post(`schools/${made.body.item.id}/branches`, { grade: 9, section: 'A' });
        const one = await panel.post(`branches/${branch.body.item.id}/students`, { schoolNumber: '1', firstName: 'Kısa', lastName: 'Süre', gender: 'male' });
        ok('add student', one);
        await panel.post('notifications', {
          title: 'Geçici',
          body: 'Metin',
          sendDate: todayInTurkey(new Date(Date.now() + 86_400_000)),
          targetType: 'school',
          targetId: made.body.item.id,
        });
        ok('delete student', await panel.del(`students/${one.body.item.id}`));
        ok('delete empty branch and school', await panel.del(`branches/${branch.body.item.id}`));
        ok('delete empty branch and school', await panel.del(`schools/${made.body.item.id}`));
      },
    ],
  ];

  for (let step = 0; step < steps; step++) await random.pick(operations)![1]();
  return done;
}

describe('counters kept by the database', () => {
  for (const seed of [1, 2, 3]) {
    it(`equal the direct counts after random writes (seed ${seed})`, async () => {
      const done = await randomWrites(seed, 70);
      // The sequence really wrote: most kinds of write went through at least once.
      expect(Object.keys(done).length).toBeGreaterThanOrEqual(12);

      const { counters, direct, orphans } = await countersAndDirectCounts();
      expect(counters).toEqual(direct);
      expect(orphans).toEqual([]);
      // Each studio's totals row is the sum of its scope rows.
      const summed = sql.join(
        COUNTERS.map((column) => sql`sum(${sql.identifier(column)})::int`),
        sql`, `,
      );
      const totals = await rows(sql`
        SELECT s.id, (SELECT array[${summed}] FROM scope_counts WHERE studio_id = s.id) AS summed,
          (SELECT array[${summed}] FROM studio_counts WHERE studio_id = s.id) AS kept
        FROM studios s ORDER BY s.id`);
      for (const total of totals as Array<{ summed: Array<number | null>; kept: Array<number | null> }>)
        expect(total.kept.map((n) => n ?? 0)).toEqual(total.summed.map((n) => n ?? 0));

      const w = kit.world;
      const callers = [
        [w.accounts.panel, { studioId: w.studio.id }],
        [w.accounts.school, { studioId: w.studio.id, schoolId: w.school.id }],
        [w.accounts.branch, { studioId: w.studio.id, schoolId: w.school.id, branchId: w.branch.id }],
        [w.accounts.siblingBranch, { studioId: w.studio.id, schoolId: w.school.id, branchId: w.siblingBranch.id }],
        [w.accounts.otherSchool, { studioId: w.studio.id, schoolId: w.otherSchool.id }],
        [w.accounts.foreignPanel, { studioId: w.otherStudio.id }],
      ] as const;
      for (const [account, scope] of callers) {
        const user = await (await kit.as(account)).get('user');
        expect(user.status, user.raw).toBe(200);
        expect(user.body.statistics, account.email).toMatchObject(await directStatistics(scope));
      }
      // Home's progress: students and students with a portrait per school (panel) and per branch (school).
      for (const [account, unit] of [
        [w.accounts.panel, 'school_id'],
        [w.accounts.school, 'branch_id'],
      ] as const) {
        const home = await (await kit.as(account)).get('statistics');
        expect(home.status, home.raw).toBe(200);
        const direct = await rows<{ id: number; students: number; with_photo: number }>(sql`
          SELECT u.id, (SELECT count(*)::int FROM students s WHERE s.${sql.raw(unit)} = u.id) AS students,
            (SELECT count(DISTINCT student_id)::int FROM photos p WHERE p.${sql.raw(unit)} = u.id AND p.is_portrait) AS with_photo
          FROM ${sql.raw(unit === 'school_id' ? 'schools' : 'branches')} u
          WHERE u.${sql.raw(unit === 'school_id' ? 'studio_id' : 'school_id')} = ${unit === 'school_id' ? w.studio.id : w.school.id}`);
        const shown = home.body.dashboard.progress.map((p: { id: number; students: number; withPhoto: number }) => [p.id, p.students, p.withPhoto]);
        expect(shown.sort(), account.email).toEqual(direct.map((d) => [d.id, d.students, d.with_photo]).sort());
      }
    });
  }

  it('counts the rows that were there before the migration as the triggers count them', async () => {
    // Rebuilt as the migration does, the counters come out the same as those the triggers kept.
    await randomWrites(4, 30);
    const kept = (await countersAndDirectCounts()).counters;
    await kit.database.db.execute(sql`DELETE FROM scope_counts`);
    const migration = fs.readFileSync(path.join(import.meta.dirname, '../../db/migrations/0010_scope_counts.sql'), 'utf8');
    const backfill = migration.slice(migration.lastIndexOf('--> statement-breakpoint') + '--> statement-breakpoint'.length);
    await kit.database.db.execute(sql.raw(backfill));
    expect((await countersAndDirectCounts()).counters).toEqual(kept);
  });
});
