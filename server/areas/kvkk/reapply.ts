/**
 * After a restore: every erasure in the log is made again. A student erased after the backup was
 * taken is back in the restored rows and files; they go again, the erasure's row is put back as
 * it was logged, and the log gains the erasures the restored database knew that it did not.
 */
import { eq, sql } from 'drizzle-orm';
import { tr } from '../../../common/tr';
import type { Db } from '../../db/client';
import { auditLog, erasures, students, studios } from '../../db/schema';
import type { Storage } from '../../storage/store';
import { eraseStudentRows, removeErasedFiles } from './erasure';
import { appendErasureLog, readErasureLog } from './erasureLog';

/** Answers how many students were erased again. */
export async function reapplyErasures(db: Db, storage: Pick<Storage, 'photos' | 'erasures'>): Promise<number> {
  const logged = await readErasureLog(storage.erasures);
  const { reapplied, keys } = await db.transaction(async (tx) => {
    const studioIds = new Set((await tx.select({ id: studios.id }).from(studios)).map((s) => s.id));
    let reapplied = 0;
    const keys: string[] = [];
    for (const entry of logged) {
      if (!studioIds.has(entry.studioId)) continue;
      await tx
        .insert(erasures)
        .values({
          id: entry.id,
          studioId: entry.studioId,
          schoolId: entry.schoolId,
          studentId: entry.studentId,
          erasedByName: entry.erasedByName,
          erasedAt: new Date(entry.erasedAt),
          counts: entry.counts,
        })
        .onConflictDoNothing();
      const [student] = await tx.select().from(students).where(eq(students.id, entry.studentId));
      // Only the same student: the id in the same studio (a database of another lineage has other people under it).
      if (!student || student.studioId !== entry.studioId) continue;
      const erased = await eraseStudentRows(tx, student, entry.id);
      keys.push(...erased.keys);
      reapplied += 1;
      await tx.insert(auditLog).values({
        studioId: student.studioId,
        userName: tr.notifications.systemUser,
        action: 'erase-again',
        entity: 'student',
        entityId: student.id,
        schoolId: student.schoolId,
        changes: { erasureId: entry.id },
      });
    }
    await tx.execute(sql`SELECT setval(pg_get_serial_sequence('erasures', 'id'), GREATEST((SELECT max(id) FROM erasures), 1))`);
    return { reapplied, keys };
  });
  await removeErasedFiles(storage.photos, keys);
  const inLog = new Set(logged.map((e) => e.id));
  for (const row of await db.select().from(erasures).orderBy(erasures.id)) {
    if (inLog.has(row.id)) continue;
    await appendErasureLog(storage.erasures, {
      id: row.id,
      studioId: row.studioId,
      schoolId: row.schoolId,
      studentId: row.studentId,
      erasedByName: row.erasedByName,
      erasedAt: row.erasedAt.toISOString(),
      counts: row.counts as Record<string, number>,
    });
  }
  return reapplied;
}
