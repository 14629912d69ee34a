/**
 * The counters under concurrent writers, and what reading the figures costs. Always against
 * PostgreSQL: it is where transactions run side by side (the embedded database has one connection).
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../auth/caller';
import { usePostgresWorld } from '../../test/database';
import { statisticsFor } from './queries';

const kit = usePostgresWorld('counters');

const panel = (): Caller => ({ level: 'panel', studioId: kit.world.studio.id, userId: kit.world.accounts.panel.id }) as Caller;

async function branchCounts(branchId: number) {
  const { rows } = await kit.pool.query<{ counted: number; students_with_portrait: number; direct: number; direct_portraits: number }>(
    `SELECT c.students AS counted, c.students_with_portrait,
       (SELECT count(*)::int FROM students WHERE branch_id = $1) AS direct,
       (SELECT count(DISTINCT student_id)::int FROM photos WHERE branch_id = $1 AND is_portrait) AS direct_portraits
     FROM scope_counts c WHERE c.branch_id = $1`,
    [branchId],
  );
  return rows[0];
}

/**
 * Two transactions of their own, on two connections, at once: a writes first and holds its locks;
 * b's write starts and waits for a lock a holds; then a commits, and b goes on and commits.
 */
async function race(first: (a: pg.PoolClient) => Promise<unknown>, second: (b: pg.PoolClient) => Promise<unknown>) {
  const [a, b] = [await kit.pool.connect(), await kit.pool.connect()];
  try {
    const { rows } = await b.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    await a.query('BEGIN');
    await b.query('BEGIN');
    await first(a);
    const bWrites = second(b);
    for (;;) {
      const waiting = await kit.pool.query(`SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'`, [rows[0]!.pid]);
      if (waiting.rowCount) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await a.query('COMMIT');
    await bWrites;
    await b.query('COMMIT');
  } finally {
    a.release();
    b.release();
  }
}

const insertStudents = (client: pg.PoolClient, numbers: string[]) =>
  client.query(
    `INSERT INTO students (studio_id, school_id, branch_id, school_number, first_name, last_name)
     SELECT $1, $2, $3, n, 'Eş', 'Zamanlı' FROM unnest($4::text[]) n`,
    [kit.world.studio.id, kit.world.school.id, kit.world.branch.id, numbers],
  );

describe('counters under concurrent writers', () => {
  it('lose no count when two transactions add students to one branch at once', async () => {
    const before = (await branchCounts(kit.world.branch.id))!;
    // b adds to the same counter row: it waits for a's row lock, then adds to what a wrote.
    await race(
      (a) => insertStudents(a, ['e1', 'e2']),
      (b) => insertStudents(b, ['e3', 'e4', 'e5']),
    );
    const after = (await branchCounts(kit.world.branch.id))!;
    expect(after.counted).toBe(before.counted + 5);
    expect(after.counted).toBe(after.direct);
  });

  it('count a student once when two transactions give them a first portrait at once', async () => {
    const student = kit.world.students[2].id;
    const portrait = (client: pg.PoolClient, key: string) =>
      client.query(
        `INSERT INTO photos (studio_id, school_id, branch_id, student_id, is_portrait, storage_key, width, height, bytes)
         VALUES ($1, $2, $3, $4, true, $5, 1, 1, 1)`,
        [kit.world.studio.id, kit.world.school.id, kit.world.branch.id, student, key],
      );
    // b waits for a's lock on the branch's counter row: before counting the student's portraits, or
    // (were it not taken first) after, having counted without a's photo.
    await race(
      (a) => portrait(a, 'a'),
      (b) => portrait(b, 'b'),
    );
    const after = (await branchCounts(kit.world.branch.id))!;
    expect(after.direct_portraits).toBe(1);
    expect(after.students_with_portrait).toBe(1);
  });
});

describe('reading the figures', () => {
  it('reads the counter rows of the studio, not its students, photos or messages', async () => {
    // Many students with portraits and messages in the studio: a count would read them all.
    await kit.database.db.execute(sql`
      INSERT INTO students (studio_id, school_id, branch_id, school_number, first_name, last_name)
      SELECT ${kit.world.studio.id}, ${kit.world.school.id}, ${kit.world.siblingBranch.id}, 'c' || g, 'Çok', 'Öğrenci' FROM generate_series(1, 2000) g`);
    await kit.database.db.execute(sql`
      INSERT INTO photos (studio_id, school_id, branch_id, student_id, is_portrait, storage_key, width, height, bytes)
      SELECT studio_id, school_id, branch_id, id, true, 'k' || id, 1, 1, 1 FROM students WHERE school_number LIKE 'c%'`);
    await kit.database.db.execute(sql`
      INSERT INTO messages (studio_id, school_id, branch_id, kind, from_student_id, to_student_id, body)
      SELECT studio_id, school_id, branch_id, 'student', id, id, 'Merhaba' FROM students WHERE school_number LIKE 'c%'`);

    const read = await kit.database.db.transaction(async (tx) => {
      // Scans started on each table, whole-table and index alike, as this connection has counted them so far.
      const scans = async () => {
        const tables = await tx.execute<{ relname: string; scans: number }>(
          sql`SELECT relname, (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::int AS scans FROM pg_stat_xact_user_tables
              WHERE relname IN ('students', 'photos', 'messages', 'nicknames', 'notifications', 'studio_counts')`,
        );
        return new Map(tables.rows.map((r) => [r.relname, r.scans]));
      };
      const before = await scans();
      const figures = await statisticsFor(tx, panel());
      const after = await scans();
      return { figures, scans: Object.fromEntries([...after].map(([table, n]) => [table, n - (before.get(table) ?? 0)])) };
    });
    const { rows } = await kit.pool.query<{ students: number; portraits: number; pending: number }>(
      `SELECT (SELECT count(*)::int FROM students WHERE studio_id = $1) AS students,
         (SELECT count(DISTINCT student_id)::int FROM photos WHERE studio_id = $1 AND is_portrait) AS portraits,
         (SELECT count(*)::int FROM messages WHERE studio_id = $1 AND kind = 'student' AND status = 'pending') AS pending`,
      [kit.world.studio.id],
    );
    expect(rows[0]!.students).toBeGreaterThan(2000);
    expect([read.figures.students, read.figures.studentsWithPhoto, read.figures.messages.pending]).toEqual([
      rows[0]!.students,
      rows[0]!.portraits,
      rows[0]!.pending,
    ]);
    expect(read.scans).toMatchObject({ students: 0, photos: 0, messages: 0, nicknames: 0, notifications: 0 });
    // A studio's figures are its one totals row.
    expect(read.scans.studio_counts).toBeGreaterThan(0);
  });
});
