/**
 * Moderation and its undo, shared by messages and nicknames. A moderation action is one audit
 * entry holding every row's previous moderation state; its id is the undo token, so undo needs
 * no server memory and works behind a load balancer. Undo is accepted for a short window, only
 * from the same account, once, and only restores rows that still hold what the action set.
 */
import { and, eq, sql } from 'drizzle-orm';
import { UNDO_WINDOW_SECONDS, type ModerationStatus } from '../../../common/schemas/messages';
import { tr } from '../../../common/tr';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { HttpError, badRequest } from '../../http/errors';
import { recordAudit } from '../audit/record';

export interface ModerationState {
  id: number;
  status: ModerationStatus;
  note: string;
  moderatedBy: number | null;
  moderatedAt: string | null;
}

export interface ModerationEntry {
  status: ModerationStatus;
  note: string;
  rows: ModerationState[];
}

export const stateOf = (row: { id: number; status: string; note: string; moderatedBy: number | null; moderatedAt: Date | string | null }): ModerationState => ({
  id: row.id,
  status: row.status as ModerationStatus,
  note: row.note,
  moderatedBy: row.moderatedBy,
  moderatedAt: row.moderatedAt == null ? null : new Date(row.moderatedAt).toISOString(),
});

/** Records a moderation action; answers its undo token. */
export function recordModeration(db: Db, caller: Caller, entity: string, schoolId: number | null, entry: ModerationEntry): Promise<number> {
  return recordAudit(db, caller, {
    action: 'moderate',
    entity,
    entityId: entry.rows.length === 1 ? entry.rows[0].id : null,
    schoolId,
    changes: entry,
  });
}

/** The moderation entry a token names, if this caller may still undo it. */
export async function undoableEntry(db: Db, caller: Caller, entity: string, token: number): Promise<ModerationEntry> {
  const [entry] = await db
    .select({ changes: auditLog.changes, fresh: sql<boolean>`${auditLog.createdAt} > now() - make_interval(secs => ${UNDO_WINDOW_SECONDS})` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.id, token),
        eq(auditLog.studioId, caller.studioId),
        eq(auditLog.userId, caller.userId),
        eq(auditLog.entity, entity),
        eq(auditLog.action, 'moderate'),
      ),
    );
  if (!entry) throw new HttpError(404, tr.messages.undoUnknown);
  const [done] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.action, 'undo'), eq(auditLog.entityId, token)));
  if (done) throw new HttpError(404, tr.messages.undoUnknown);
  if (!entry.fresh) throw badRequest(tr.messages.undoExpired);
  return entry.changes as ModerationEntry;
}

export function recordUndo(db: Db, caller: Caller, entity: string, token: number, restored: number): Promise<number> {
  return recordAudit(db, caller, { action: 'undo', entity, entityId: token, changes: { undoOf: token, restored } });
}

/** Rows that shared one previous state, so undo restores them with one UPDATE per state. */
export function groupByState(rows: ModerationState[]): Array<{ state: Omit<ModerationState, 'id'>; ids: number[] }> {
  const groups = new Map<string, { state: Omit<ModerationState, 'id'>; ids: number[] }>();
  for (const { id, ...state } of rows) {
    const key = JSON.stringify(state);
    const group = groups.get(key) ?? { state, ids: [] };
    group.ids.push(id);
    groups.set(key, group);
  }
  return [...groups.values()];
}
