/** Writing nickname suggestions: create, edit, moderate (one, a selection, all matching), undo; each audited. */
import { eq, inArray, sql } from 'drizzle-orm';
import type { ModerationStatus, NicknameFilter } from '../../../common/schemas/messages';
import { searchKey } from '../../../common/text';
import { scopeWhere, type NicknameRow, type StudentRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db, Tx } from '../../db/client';
import { insertOne } from '../../db/rows';
import { lockAtVersion } from '../../db/versions';
import { nicknames, students } from '../../db/schema';
import { changedFields, recordAudit } from '../../core/audit';
import { moderateAll, moderateOne, undoModeration, type ModerationAction, type Moderated } from '../messages/moderation';
import { nicknameWhere } from './queries';

/**
 * A student's nickname is its most recently approved suggestion ('' when none is approved), so
 * approving one sets it, while undo, reject or delete of it gives back the one before.
 */
async function syncNicknames(tx: Tx, studentIds: number[]): Promise<void> {
  if (studentIds.length === 0) return;
  await tx
    .update(students)
    .set({
      nickname: sql`coalesce((select n.text from nicknames n where n.to_student_id = ${students.id} and n.status = 'approved' order by n.moderated_at desc nulls last, n.id desc limit 1), '')`,
    })
    .where(inArray(students.id, [...new Set(studentIds)]));
}

/** The nickname of each student these suggestions are for, kept in step (after a bulk moderation or its undo). */
async function syncNicknamesOf(tx: Tx, nicknameIds: number[]): Promise<void> {
  if (nicknameIds.length === 0) return;
  const rows = await tx.selectDistinct({ id: nicknames.toStudentId }).from(nicknames).where(inArray(nicknames.id, nicknameIds));
  await syncNicknames(
    tx,
    rows.map((r) => r.id),
  );
}

const moderated: Moderated = { table: nicknames, entity: 'nickname', changed: syncNicknamesOf };

export async function createNickname(db: Db, caller: Caller, pair: { from: StudentRow; to: StudentRow }, text: string) {
  const { from, to } = pair;
  const input = { fromStudentId: from.id, toStudentId: to.id, text };
  return db.transaction(async (tx) => {
    const row = await insertOne(tx, nicknames, {
      studioId: caller.studioId,
      schoolId: to.schoolId,
      branchId: to.branchId,
      ...input,
      status: 'pending',
      searchKey: searchKey(text),
    });
    await recordAudit(tx, caller, 'create', 'nickname', { id: row.id, schoolId: to.schoolId }, input);
    return row.id;
  });
}

/** Edits the text and/or moderates one suggestion; the student's nickname follows. Answers the undo token of a moderation. */
export async function updateNickname(
  db: Db,
  caller: Caller,
  before: NicknameRow,
  input: { text?: string; status?: ModerationStatus; note?: string; version: number },
) {
  return db.transaction(async (tx) => {
    await lockAtVersion(tx, nicknames, before.id, input.version);
    if (input.text !== undefined && input.text !== before.text) {
      await tx
        .update(nicknames)
        .set({ text: input.text, searchKey: searchKey(input.text), updatedAt: new Date() })
        .where(eq(nicknames.id, before.id));
      await recordAudit(tx, caller, 'update', 'nickname', before, changedFields(before, { text: input.text }));
    }
    const undoToken = await moderateOne(tx, caller, moderated, before, input);
    await syncNicknames(tx, [before.toStudentId]);
    return undoToken;
  });
}

export async function deleteNickname(db: Db, caller: Caller, before: NicknameRow) {
  await db.transaction(async (tx) => {
    await tx.delete(nicknames).where(eq(nicknames.id, before.id));
    await syncNicknames(tx, [before.toStudentId]);
    await recordAudit(tx, caller, 'delete', 'nickname', before, {
      text: before.text,
      status: before.status,
      fromStudentId: before.fromStudentId,
      toStudentId: before.toStudentId,
    });
  });
}

/** Approves or rejects a selection (all in scope, or 404), or every suggestion matching the list's filter. */
export function moderateNicknames(db: Db, caller: Caller, input: { action: ModerationAction; note: string; ids?: number[]; match?: NicknameFilter }) {
  const { match } = input;
  const matching = match && (() => nicknameWhere(db, caller, match));
  return moderateAll(db, caller, moderated, scopeWhere(caller, nicknames), { ids: input.ids, matching }, input.action, input.note);
}

export function undoNicknameModeration(db: Db, caller: Caller, token: number) {
  return undoModeration(db, caller, moderated, scopeWhere(caller, nicknames), token);
}
