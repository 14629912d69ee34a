/** The audit log: who changed what and when, written in the same transaction as the change. */
import type { Caller } from '../../auth/caller';
import type { Tx } from '../../db/client';
import { single } from '../../db/rows';
import { auditLog } from '../../db/schema';

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

export async function recordAudit(
  tx: Tx,
  caller: Caller,
  entry: { action: AuditAction; entity: string; entityId?: number | null; schoolId?: number | null; changes?: unknown },
): Promise<number> {
  const row = single(
    await tx
      .insert(auditLog)
      .values({
        studioId: caller.studioId,
        userId: caller.userId,
        userName: caller.name,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId ?? null,
        schoolId: entry.schoolId ?? caller.schoolId ?? null,
        changes: entry.changes ?? null,
      })
      .returning({ id: auditLog.id }),
  );
  return row.id;
}
