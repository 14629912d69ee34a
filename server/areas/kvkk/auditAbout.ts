/**
 * Which audit entries are about a student: those on their row, those they made, and those on the
 * rows of theirs named (photos for the export; also messages and nicknames for an erasure).
 */
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { auditLog } from '../../db/schema';

type OwnedEntity = 'photo' | 'message' | 'nickname';

export function auditAboutStudent(studioId: number, studentId: number, owned: Partial<Record<OwnedEntity, number[]>>): SQL | undefined {
  const ofOwned = Object.entries(owned).map(([entity, ids]) => (ids.length ? and(eq(auditLog.entity, entity), inArray(auditLog.entityId, ids)) : undefined));
  return and(
    eq(auditLog.studioId, studioId),
    or(and(eq(auditLog.entity, 'student'), eq(auditLog.entityId, studentId)), eq(auditLog.studentId, studentId), ...ofOwned),
  );
}
