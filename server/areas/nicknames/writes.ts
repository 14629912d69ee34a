/** Writing nickname suggestions: create, edit, moderate (one, a selection, all matching), undo. */
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import { BULK_MAX, type ModerationStatus, type NicknameFilter } from '../../../common/schemas/messages';
import { searchKey } from '../../../common/text';
import { tr } from '../../../common/tr';
import type { Caller } from '../../auth/caller';
import { nicknameInScope, scopeWhere } from '../../auth/access';
import type { Db } from '../../db/client';
import { nicknames } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { changedFields, recordAudit } from '../audit/record';
import { groupByState, recordModeration, recordUndo, stateOf, undoableEntry } from '../messages/undo';
import { studentPair } from '../messages/writes';
import { nicknameWhere, syncNicknames } from './queries';

export async function createNickname(db: Db, caller: Caller, input: { fromStudentId: number; toStudentId: number; text: string }, acrossBranches: boolean) {
  const { to } = await studentPair(db, caller, input.fromStudentId, input.toStudentId, acrossBranches, tr.messages.sameStudentNickname);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(nicknames)
      .values({ studioId: caller.studioId, schoolId: to.schoolId, branchId: to.branchId, ...input, status: 'pending', searchKey: searchKey(input.text) })
      .returning({ id: nicknames.id });
    await recordAudit(tx as unknown as Db, caller, { action: 'create', entity: 'nickname', entityId: row.id, schoolId: to.schoolId, changes: input });
    return row.id;
  });
}

export async function updateNickname(db: Db, caller: Caller, id: number, input: { text?: string; status?: ModerationStatus; note?: string }) {
  const before = await nicknameInScope(db, caller, id);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    let undoToken: number | null = null;
    if (input.text !== undefined && input.text !== before.text) {
      await tx
        .update(nicknames)
        .set({ text: input.text, searchKey: searchKey(input.text), updatedAt: new Date() })
        .where(eq(nicknames.id, id));
      await recordAudit(t, caller, {
        action: 'update',
        entity: 'nickname',
        entityId: id,
        schoolId: before.schoolId,
        changes: changedFields(before, { text: input.text }),
      });
    }
    if (input.status !== undefined || input.note !== undefined) {
      const status = input.status ?? before.status;
      const note = input.note ?? (status === before.status ? before.note : '');
      if (status !== before.status || note !== before.note) {
        await tx
          .update(nicknames)
          .set({ status, note, moderatedBy: caller.userId, moderatedAt: new Date(), updatedAt: new Date() })
          .where(eq(nicknames.id, id));
        undoToken = await recordModeration(t, caller, 'nickname', before.schoolId, { status, note, rows: [stateOf(before)] });
      }
    }
    await syncNicknames(t, [before.toStudentId]);
    return undoToken;
  });
}

export async function deleteNickname(db: Db, caller: Caller, id: number) {
  const before = await nicknameInScope(db, caller, id);
  await db.transaction(async (tx) => {
    await tx.delete(nicknames).where(eq(nicknames.id, id));
    await syncNicknames(tx as unknown as Db, [before.toStudentId]);
    await recordAudit(tx as unknown as Db, caller, {
      action: 'delete',
      entity: 'nickname',
      entityId: id,
      schoolId: before.schoolId,
      changes: { text: before.text, status: before.status, fromStudentId: before.fromStudentId, toStudentId: before.toStudentId },
    });
  });
}

export async function moderateNicknames(db: Db, caller: Caller, input: { action: 'approve' | 'reject'; note: string; ids?: number[]; match?: NicknameFilter }) {
  const status: ModerationStatus = input.action === 'approve' ? 'approved' : 'rejected';
  const note = input.action === 'reject' ? input.note : '';
  let where;
  if (input.ids) {
    const ids = [...new Set(input.ids)];
    where = and(inArray(nicknames.id, ids), scopeWhere(caller, nicknames));
    const found = await db.select({ id: nicknames.id }).from(nicknames).where(where);
    if (found.length !== ids.length) throw notFound();
  } else {
    where = await nicknameWhere(db, caller, input.match!);
  }
  const rows = await db
    .select({
      id: nicknames.id,
      schoolId: nicknames.schoolId,
      toStudentId: nicknames.toStudentId,
      status: nicknames.status,
      note: nicknames.note,
      moderatedBy: nicknames.moderatedBy,
      moderatedAt: nicknames.moderatedAt,
    })
    .from(nicknames)
    .where(and(where, or(ne(nicknames.status, status), ne(nicknames.note, note))))
    .limit(BULK_MAX + 1);
  if (rows.length > BULK_MAX) throw badRequest(tr.messages.tooMany(BULK_MAX));
  if (rows.length === 0) return { count: 0, undoToken: null };
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const now = new Date();
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000).map((r) => r.id);
      await tx.update(nicknames).set({ status, note, moderatedBy: caller.userId, moderatedAt: now, updatedAt: now }).where(inArray(nicknames.id, chunk));
    }
    await syncNicknames(
      t,
      rows.map((r) => r.toStudentId),
    );
    const schools = new Set(rows.map((r) => r.schoolId));
    const undoToken = await recordModeration(t, caller, 'nickname', schools.size === 1 ? rows[0].schoolId : null, { status, note, rows: rows.map(stateOf) });
    return { count: rows.length, undoToken };
  });
}

export async function undoNicknameModeration(db: Db, caller: Caller, token: number) {
  const entry = await undoableEntry(db, caller, 'nickname', token);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    let restored = 0;
    const touched: number[] = [];
    for (const { state, ids } of groupByState(entry.rows)) {
      for (let i = 0; i < ids.length; i += 1000) {
        const changed = await tx
          .update(nicknames)
          .set({
            status: state.status,
            note: state.note,
            moderatedBy: state.moderatedBy,
            moderatedAt: state.moderatedAt ? new Date(state.moderatedAt) : null,
            updatedAt: new Date(),
          })
          .where(
            and(
              inArray(nicknames.id, ids.slice(i, i + 1000)),
              scopeWhere(caller, nicknames),
              eq(nicknames.status, entry.status),
              eq(nicknames.note, entry.note),
            ),
          )
          .returning({ toStudentId: nicknames.toStudentId });
        restored += changed.length;
        touched.push(...changed.map((c) => c.toStudentId));
      }
    }
    await syncNicknames(t, touched);
    await recordUndo(t, caller, 'nickname', token, restored);
    return restored;
  });
}
