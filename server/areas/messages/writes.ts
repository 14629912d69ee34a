/** Writing messages: staff messages, student messages entered by staff, edits, moderation, undo. */
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import { BULK_MAX, type MessageFilter, type MessageListType, type ModerationStatus } from '../../../common/schemas/messages';
import { searchKey } from '../../../common/text';
import { tr } from '../../../common/tr';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema';
import { badRequest, fieldError, notFound } from '../../http/errors';
import { changedFields, recordAudit } from '../audit/record';
import { studentMessageWhere } from './queries';
import { messageInScope, scopeWhere, studentInScope } from '../../auth/access';
import { groupByState, recordModeration, recordUndo, stateOf, undoableEntry } from './undo';

export async function createStaffMessage(
  db: Db,
  caller: Caller,
  owner: { kind: 'school' | 'branch'; schoolId: number; branchId: number | null },
  body: string,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({
        studioId: caller.studioId,
        kind: owner.kind,
        schoolId: owner.schoolId,
        branchId: owner.branchId,
        authorUserId: caller.userId,
        authorName: caller.name,
        body,
        status: 'approved',
        searchKey: searchKey(body),
      })
      .returning({ id: messages.id });
    await recordAudit(tx as unknown as Db, caller, {
      action: 'create',
      entity: 'message',
      entityId: row.id,
      schoolId: owner.schoolId,
      changes: { kind: owner.kind, body },
    });
    return row.id;
  });
}

/**
 * Both students must be in the caller's scope (404 otherwise), different, and in one branch —
 * or one school when MESSAGES_ACROSS_BRANCHES allows it.
 */
export async function studentPair(db: Db, caller: Caller, fromId: number, toId: number, acrossBranches: boolean, sameMessage: string) {
  if (fromId === toId) throw fieldError('toStudentId', sameMessage);
  const from = await studentInScope(db, caller, fromId);
  const to = await studentInScope(db, caller, toId);
  if (from.schoolId !== to.schoolId) throw fieldError('toStudentId', acrossBranches ? tr.messages.notSameSchool : tr.messages.notSameBranch);
  if (!acrossBranches && from.branchId !== to.branchId) throw fieldError('toStudentId', tr.messages.notSameBranch);
  return { from, to };
}

export async function createStudentMessage(
  db: Db,
  caller: Caller,
  input: { fromStudentId: number; toStudentId: number; body: string },
  acrossBranches: boolean,
) {
  const { to } = await studentPair(db, caller, input.fromStudentId, input.toStudentId, acrossBranches, tr.messages.sameStudent);
  return db.transaction(async (tx) => {
    // The message belongs to the receiver's branch: it is printed on the receiver's page.
    const [row] = await tx
      .insert(messages)
      .values({
        studioId: caller.studioId,
        kind: 'student',
        schoolId: to.schoolId,
        branchId: to.branchId,
        fromStudentId: input.fromStudentId,
        toStudentId: input.toStudentId,
        authorUserId: caller.userId,
        authorName: caller.name,
        body: input.body,
        status: 'pending',
        searchKey: searchKey(input.body),
      })
      .returning({ id: messages.id });
    await recordAudit(tx as unknown as Db, caller, {
      action: 'create',
      entity: 'message',
      entityId: row.id,
      schoolId: to.schoolId,
      changes: { kind: 'student', ...input },
    });
    return row.id;
  });
}

/** Edits the text (keeping the first version) and/or moderates one message; answers the undo token of a moderation. */
export async function updateMessage(db: Db, caller: Caller, id: number, input: { body?: string; status?: ModerationStatus; note?: string }) {
  const before = await messageInScope(db, caller, id);
  if ((input.status !== undefined || input.note !== undefined) && before.kind !== 'student') throw badRequest(tr.messages.notStudentMessage);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    let undoToken: number | null = null;
    if (input.body !== undefined && input.body !== before.body) {
      const after = { body: input.body, originalBody: before.originalBody ?? before.body };
      await tx
        .update(messages)
        .set({ ...after, searchKey: searchKey(input.body), updatedAt: new Date() })
        .where(eq(messages.id, id));
      await recordAudit(t, caller, { action: 'update', entity: 'message', entityId: id, schoolId: before.schoolId, changes: changedFields(before, after) });
    }
    if (input.status !== undefined || input.note !== undefined) {
      const status = input.status ?? before.status;
      const note = input.note ?? (status === before.status ? before.note : '');
      if (status !== before.status || note !== before.note) {
        await tx.update(messages).set({ status, note, moderatedBy: caller.userId, moderatedAt: new Date(), updatedAt: new Date() }).where(eq(messages.id, id));
        undoToken = await recordModeration(t, caller, 'message', before.schoolId, { status, note, rows: [stateOf(before)] });
      }
    }
    return undoToken;
  });
}

export async function deleteMessage(db: Db, caller: Caller, id: number) {
  const before = await messageInScope(db, caller, id);
  await db.transaction(async (tx) => {
    await tx.delete(messages).where(eq(messages.id, id));
    await recordAudit(tx as unknown as Db, caller, {
      action: 'delete',
      entity: 'message',
      entityId: id,
      schoolId: before.schoolId,
      changes: { kind: before.kind, body: before.body, status: before.status, fromStudentId: before.fromStudentId, toStudentId: before.toStudentId },
    });
  });
}

export interface BulkInput {
  action: 'approve' | 'reject';
  note: string;
  ids?: number[];
  match?: { type: MessageListType; id: number; filter: MessageFilter };
}

/** Approves or rejects a selection, or every student message matching a list's filter. */
export async function moderateMessages(db: Db, caller: Caller, input: BulkInput) {
  const status: ModerationStatus = input.action === 'approve' ? 'approved' : 'rejected';
  const note = input.action === 'reject' ? input.note : '';
  let where;
  if (input.ids) {
    const ids = [...new Set(input.ids)];
    where = and(inArray(messages.id, ids), scopeWhere(caller, messages), eq(messages.kind, 'student'));
    const found = await db.select({ id: messages.id }).from(messages).where(where);
    if (found.length !== ids.length) throw notFound();
  } else {
    where = await studentMessageWhere(db, caller, input.match!.type, input.match!.id, input.match!.filter);
  }
  const rows = await db
    .select({
      id: messages.id,
      schoolId: messages.schoolId,
      status: messages.status,
      note: messages.note,
      moderatedBy: messages.moderatedBy,
      moderatedAt: messages.moderatedAt,
    })
    .from(messages)
    .where(and(where, or(ne(messages.status, status), ne(messages.note, note))))
    .limit(BULK_MAX + 1);
  if (rows.length > BULK_MAX) throw badRequest(tr.messages.tooMany(BULK_MAX));
  if (rows.length === 0) return { count: 0, undoToken: null };
  return db.transaction(async (tx) => {
    const now = new Date();
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000).map((r) => r.id);
      await tx.update(messages).set({ status, note, moderatedBy: caller.userId, moderatedAt: now, updatedAt: now }).where(inArray(messages.id, chunk));
    }
    const schools = new Set(rows.map((r) => r.schoolId));
    const undoToken = await recordModeration(tx as unknown as Db, caller, 'message', schools.size === 1 ? rows[0].schoolId : null, {
      status,
      note,
      rows: rows.map(stateOf),
    });
    return { count: rows.length, undoToken };
  });
}

export async function undoMessageModeration(db: Db, caller: Caller, token: number) {
  const entry = await undoableEntry(db, caller, 'message', token);
  return db.transaction(async (tx) => {
    let restored = 0;
    for (const { state, ids } of groupByState(entry.rows)) {
      for (let i = 0; i < ids.length; i += 1000) {
        const changed = await tx
          .update(messages)
          .set({
            status: state.status,
            note: state.note,
            moderatedBy: state.moderatedBy,
            moderatedAt: state.moderatedAt ? new Date(state.moderatedAt) : null,
            updatedAt: new Date(),
          })
          .where(
            and(inArray(messages.id, ids.slice(i, i + 1000)), scopeWhere(caller, messages), eq(messages.status, entry.status), eq(messages.note, entry.note)),
          )
          .returning({ id: messages.id });
        restored += changed.length;
      }
    }
    await recordUndo(tx as unknown as Db, caller, 'message', token, restored);
    return restored;
  });
}
