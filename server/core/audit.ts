/** The audit log: who changed what and when, written in the same transaction as the change. */
import type { Caller, PortalCaller } from '../auth/caller';
import type { Tx } from '../db/client';
import { insertOne } from '../db/rows';
import { auditLog } from '../db/schema';

export type AuditAction = 'create' | 'update' | 'delete' | string;

/** Only the fields whose values differ, as { field: [before, after] }; secrets never enter it. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(after)) {
    if (/password|token/i.test(key)) continue;
    const a = before[key] instanceof Date ? (before[key] as Date).toISOString() : before[key];
    const b = after[key] instanceof Date ? (after[key] as Date).toISOString() : after[key];
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[key] = [a ?? null, b ?? null];
  }
  return changes;
}

/** The row an entry is about: its id (null for a change of many rows) and its school (the caller's when not given). */
export interface AuditSubject {
  id: number | null;
  schoolId?: number | null;
}

/** Records who did what to which row, inside the transaction of the change itself. */
export async function recordAudit(tx: Tx, caller: Caller, action: AuditAction, entity: string, subject: AuditSubject, changes?: unknown): Promise<number> {
  const row = await insertOne(tx, auditLog, {
    studioId: caller.studioId,
    userId: caller.userId,
    userName: caller.name,
    action,
    entity,
    entityId: subject.id,
    schoolId: subject.schoolId ?? caller.schoolId ?? null,
    changes: changes ?? null,
  });
  return row.id;
}

/** Records a change a student or a parent made (the actor has no staff account; the row names the student). */
export async function recordStudentAudit(tx: Tx, me: PortalCaller, action: AuditAction, entity: string, entityId: number | null, changes?: unknown) {
  await insertOne(tx, auditLog, {
    studioId: me.studioId,
    studentId: me.studentId,
    userName: me.name,
    action,
    entity,
    entityId,
    schoolId: me.schoolId,
    changes: changes ?? null,
  });
}

/** Records a change made by someone without an account who named themselves (an upload through a link): the row names the school. */
export async function recordVisitorAudit(
  tx: Tx,
  visitor: { studioId: number; schoolId: number; name: string },
  action: AuditAction,
  entity: string,
  entityId: number,
  changes?: unknown,
) {
  await insertOne(tx, auditLog, {
    studioId: visitor.studioId,
    userName: visitor.name,
    action,
    entity,
    entityId,
    schoolId: visitor.schoolId,
    changes: changes ?? null,
  });
}
