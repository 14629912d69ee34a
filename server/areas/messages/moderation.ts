/**
 * Moderation and its undo, shared by messages and nicknames. A moderation action is one audit
 * entry holding every row's previous moderation state; its id is the undo token, so undo needs
 * no server memory and works behind a load balancer. Undo is accepted for a short window, only
 * from the same account, once, and only restores rows that still hold what the action set.
 */
import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { BULK_MAX, UNDO_WINDOW_SECONDS, type ModerationStatus } from '../../../common/schemas/messages';
import { tr } from '../../../common/tr';
import type { Caller } from '../../auth/caller';
import type { Db, Tx } from '../../db/client';
import { auditLog, type messages, type nicknames } from '../../db/schema';
import { HttpError, badRequest, notFound } from '../../core/errors';
import { staleRecord } from '../../db/versions';
import { recordAudit } from '../../core/audit';

/** What a moderator may do to one row or many. */
export type ModerationAction = 'approve' | 'reject';

/** A table whose rows are moderated, and what else changes with them. */
export interface Moderated {
  table: typeof messages | typeof nicknames;
  entity: 'message' | 'nickname';
  /** Keeps what depends on the rows' status in step after a bulk action or an undo, in its transaction (a student's nickname). */
  changed?(tx: Tx, ids: number[]): Promise<void>;
}

interface ModerationState {
  id: number;
  status: ModerationStatus;
  note: string;
  moderatedBy: number | null;
  moderatedAt: string | null;
}

interface ModerationEntry {
  status: ModerationStatus;
  note: string;
  rows: ModerationState[];
}

type ModeratedRow = { id: number; status: string; note: string; moderatedBy: number | null; moderatedAt: Date | string | null };

const stateOf = (row: ModeratedRow): ModerationState => ({
  id: row.id,
  status: row.status as ModerationStatus,
  note: row.note,
  moderatedBy: row.moderatedBy,
  moderatedAt: row.moderatedAt == null ? null : new Date(row.moderatedAt).toISOString(),
});

/** Writes are chunked, so a bulk action over thousands of rows stays within statement limits. */
const CHUNK = 1000;
function chunks(ids: number[]): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(ids.slice(i, i + CHUNK));
  return out;
}

/** Records a moderation action; answers its undo token. */
function recordModeration(tx: Tx, caller: Caller, entity: string, schoolId: number | null, entry: ModerationEntry): Promise<number> {
  const only = entry.rows.length === 1 ? entry.rows[0] : undefined;
  return recordAudit(tx, caller, 'moderate', entity, { id: only?.id ?? null, schoolId }, entry);
}

/** Sets a status and note on rows, as this caller's moderation now; answers the undo token. */
async function setModeration(
  tx: Tx,
  caller: Caller,
  what: Moderated,
  rows: Array<ModeratedRow & { schoolId: number }>,
  status: ModerationStatus,
  note: string,
) {
  const { table } = what;
  const now = new Date();
  const ids = rows.map((r) => r.id);
  for (const chunk of chunks(ids)) {
    await tx.update(table).set({ status, note, moderatedBy: caller.userId, moderatedAt: now, updatedAt: now }).where(inArray(table.id, chunk));
  }
  // Filed under the school when every row is of one.
  const [school, otherSchool] = new Set(rows.map((r) => r.schoolId));
  const schoolId = school !== undefined && otherSchool === undefined ? school : null;
  return recordModeration(tx, caller, what.entity, schoolId, { status, note, rows: rows.map(stateOf) });
}

/**
 * Moderates one row inside the caller's transaction, which keeps its dependents in step: a new
 * status, or a new note on the current one (a changed status without a note clears the old
 * note). Answers the undo token, or null when nothing changed.
 */
export async function moderateOne(
  tx: Tx,
  caller: Caller,
  what: Moderated,
  before: ModeratedRow & { schoolId: number },
  input: { status?: ModerationStatus; note?: string },
): Promise<number | null> {
  if (input.status === undefined && input.note === undefined) return null;
  const status = input.status ?? (before.status as ModerationStatus);
  const note = input.note ?? (status === before.status ? before.note : '');
  if (status === before.status && note === before.note) return null;
  return setModeration(tx, caller, what, [before], status, note);
}

/** The rows of a bulk action: chosen by id, or all that a list's filter keeps. */
export interface Selection {
  ids?: number[];
  /** The filter's condition (it checks the list's school, branch or student is in scope). */
  matching?: () => Promise<SQL>;
}

/** The condition of a selection: chosen ids must all lie in `scope` (404 otherwise). */
async function selected(db: Db, what: Moderated, scope: SQL | undefined, selection: Selection): Promise<SQL | undefined> {
  const { table } = what;
  if (selection.ids) {
    const ids = [...new Set(selection.ids)];
    const where = and(inArray(table.id, ids), scope);
    const found = await db.select({ id: table.id }).from(table).where(where);
    if (found.length !== ids.length) throw notFound();
    return where;
  }
  if (selection.matching) return selection.matching();
  throw badRequest(tr.badInput);
}

/** Approves or rejects the selected rows in `scope` (at most BULK_MAX) that the action changes. */
export async function moderateAll(
  db: Db,
  caller: Caller,
  what: Moderated,
  scope: SQL | undefined,
  selection: Selection,
  action: ModerationAction,
  rejectNote: string,
) {
  const { table } = what;
  const where = await selected(db, what, scope, selection);
  const status: ModerationStatus = action === 'approve' ? 'approved' : 'rejected';
  const note = action === 'reject' ? rejectNote : '';
  const rows = await db
    .select({
      id: table.id,
      schoolId: table.schoolId,
      status: table.status,
      note: table.note,
      moderatedBy: table.moderatedBy,
      moderatedAt: table.moderatedAt,
      version: table.version,
    })
    .from(table)
    .where(and(where, or(ne(table.status, status), ne(table.note, note))))
    .limit(BULK_MAX + 1);
  if (rows.length > BULK_MAX) throw badRequest(tr.messages.tooMany(BULK_MAX));
  if (rows.length === 0) return { count: 0, undoToken: null };
  const undoToken = await db.transaction(async (tx) => {
    // Held until the end: a row someone else decided since it was read refuses the whole action,
    // so of two moderators deciding the same rows at once one wins and the other gets 409. Rows
    // are locked in id order, so two actions over the same rows never wait for each other in a circle.
    const ids = rows.map((r) => r.id).sort((a, b) => a - b);
    const read = new Map(rows.map((r) => [r.id, r.version]));
    for (const chunk of chunks(ids)) {
      const locked = await tx.select({ id: table.id, version: table.version }).from(table).where(inArray(table.id, chunk)).orderBy(table.id).for('update');
      if (locked.length !== chunk.length || locked.some((row) => read.get(row.id) !== row.version)) throw staleRecord();
    }
    const token = await setModeration(tx, caller, what, rows, status, note);
    await what.changed?.(
      tx,
      rows.map((r) => r.id),
    );
    return token;
  });
  return { count: rows.length, undoToken };
}

/** The moderation entry a token names, if this caller may still undo it. */
async function undoableEntry(db: Db, caller: Caller, entity: string, token: number): Promise<ModerationEntry> {
  const [entry] = await db
    .select({ changes: auditLog.changes, fresh: sql<boolean>`${auditLog.createdAt} > now() - make_interval(secs => ${UNDO_WINDOW_SECONDS})` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.id, token),
        // Only the account that moderated undoes it.
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

/** Rows that shared one previous state, so undo restores them with one UPDATE per state. */
function groupByState(rows: ModerationState[]): Array<{ state: Omit<ModerationState, 'id'>; ids: number[] }> {
  const groups = new Map<string, { state: Omit<ModerationState, 'id'>; ids: number[] }>();
  for (const { id, ...state } of rows) {
    const key = JSON.stringify(state);
    const group = groups.get(key) ?? { state, ids: [] };
    group.ids.push(id);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * Undoes a moderation action: each row the caller still reaches (`scope`) and that still holds
 * what the action set gets its previous state back. Answers how many rows were restored.
 */
export async function undoModeration(db: Db, caller: Caller, what: Moderated, scope: SQL, token: number): Promise<number> {
  const { table } = what;
  const entry = await undoableEntry(db, caller, what.entity, token);
  return db.transaction(async (tx) => {
    const restored: number[] = [];
    for (const { state, ids } of groupByState(entry.rows)) {
      for (const chunk of chunks(ids)) {
        const changed = await tx
          .update(table)
          .set({
            status: state.status,
            note: state.note,
            moderatedBy: state.moderatedBy,
            moderatedAt: state.moderatedAt ? new Date(state.moderatedAt) : null,
            updatedAt: new Date(),
          })
          .where(and(inArray(table.id, chunk), scope, eq(table.status, entry.status), eq(table.note, entry.note)))
          .returning({ id: table.id });
        restored.push(...changed.map((c) => c.id));
      }
    }
    await what.changed?.(tx, restored);
    await recordAudit(tx, caller, 'undo', what.entity, { id: token }, { undoOf: token, restored: restored.length });
    return restored.length;
  });
}
