/**
 * What the demo seed holds, counted independently of the app: the same seed in an in-memory
 * database, counted with plain SQL per level's scope (the first school and its first branch).
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { seedDemo } from '../server/seed/demo';
import { seedReferenceData } from '../server/db/seed/reference';
import { single } from '../server/db/rows';

export interface SeedCounts {
  units: Record<'panel' | 'school' | 'branch', Array<{ name: string; students: number }>>;
  students: Record<'panel' | 'school' | 'branch', number>;
  branches: { panel: number; school: number };
  notifications: Record<'panel' | 'school' | 'branch', number>;
  deadlines: Array<{ name: string; deadline: string }>;
  pendingNicknames: number;
  pendingMessages: number;
  /** Demo messages and nicknames with markup in them (test payloads belong in tests). */
  markup: number;
}

export async function countDemoSeed(): Promise<SeedCounts> {
  const database = await openDatabase({ dataDir: null });
  try {
    const db = database.db;
    await seedReferenceData(db);
    await seedDemo(db);
    const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await db.execute<T>(query)).rows;
    const first = single(await rows<{ id: number }>(sql`SELECT id FROM schools ORDER BY id LIMIT 1`));
    const firstBranch = single(await rows<{ id: number }>(sql`SELECT id FROM branches WHERE school_id = ${first.id} ORDER BY id LIMIT 1`));
    const n = async (query: ReturnType<typeof sql>) => Number(single(await rows<{ n: number }>(query)).n);
    const schoolUnits = await rows<{ name: string; students: number }>(
      sql`SELECT s.name, (SELECT count(*) FROM students st WHERE st.school_id = s.id)::int AS students FROM schools s ORDER BY s.id`,
    );
    const branchUnits = await rows<{ name: string; students: number; id: number }>(
      sql`SELECT b.id, b.grade || '/' || b.section AS name, (SELECT count(*) FROM students st WHERE st.branch_id = b.id)::int AS students FROM branches b WHERE b.school_id = ${first.id} ORDER BY b.id`,
    );
    return {
      units: { panel: schoolUnits, school: branchUnits, branch: branchUnits.filter((b) => b.id === firstBranch.id) },
      students: {
        panel: await n(sql`SELECT count(*) AS n FROM students`),
        school: await n(sql`SELECT count(*) AS n FROM students WHERE school_id = ${first.id}`),
        branch: await n(sql`SELECT count(*) AS n FROM students WHERE branch_id = ${firstBranch.id}`),
      },
      branches: {
        panel: await n(sql`SELECT count(*) AS n FROM branches`),
        school: await n(sql`SELECT count(*) AS n FROM branches WHERE school_id = ${first.id}`),
      },
      notifications: {
        panel: await n(sql`SELECT count(*) AS n FROM notifications`),
        school: await n(sql`SELECT count(*) AS n FROM notifications WHERE school_id = ${first.id}`),
        branch: await n(sql`SELECT count(*) AS n FROM notifications WHERE branch_id = ${firstBranch.id}`),
      },
      pendingNicknames: await n(sql`SELECT count(*) AS n FROM nicknames WHERE status = 'pending'`),
      pendingMessages: await n(sql`SELECT count(*) AS n FROM messages WHERE status = 'pending' AND kind = 'student'`),
      markup: await n(
        sql`SELECT (SELECT count(*) FROM messages WHERE body ~ '[<>]') + (SELECT count(*) FROM nicknames WHERE text ~ '[<>]') + (SELECT count(*) FROM notifications WHERE body ~ '[<>]' OR title ~ '[<>]') AS n`,
      ),
      deadlines: await rows<{ name: string; deadline: string }>(
        sql`SELECT name, to_char(message_deadline, 'YYYY-MM-DD') AS deadline FROM schools ORDER BY message_deadline`,
      ),
    };
  } finally {
    await database.close();
  }
}
