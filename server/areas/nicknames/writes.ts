/** Writing nickname suggestions (by staff or by the student itself): create, edit, moderate (one, a selection, all matching), undo; each audited. */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ModerationStatus, NicknameFilter } from '../../../common/schemas/messages';
import { searchKey } from '../../../common/text';
import { tr } from '../../../common/tr';
import { scopeWhere, type NicknameRow, type StudentRow } from '../../auth/access';
import type { Caller, StudentCaller } from '../../auth/caller';
import type { Db, Tx } from '../../db/client';
import { insertOne, single } from '../../db/rows';
import { lockAtVersion } from '../../db/versions';
import { nicknames, students } from '../../db/schema';
import { HttpError } from '../../core/errors';
import { changedFields, recordAudit } from '../../core/audit';
import { isStudent, lockStudent, recordByAuthor, type Author } from '../messages/authors';
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

/** A suggestion's text and the key the lists find it by: always written together. */
const textColumns = (text: string) => ({ text, searchKey: searchKey(text) });

/**
 * A suggestion from one student for another: entered by staff, or made by the student itself,
 * who makes one per classmate (a second is refused; the first can be edited). It waits for moderation.
 */
export async function createNickname(db: Db, author: Author, pair: { from: { id: number }; to: StudentRow }, text: string): Promise<NicknameRow> {
  const { from, to } = pair;
  const input = { fromStudentId: from.id, toStudentId: to.id, text };
  return db.transaction(async (tx) => {
    if (isStudent(author)) {
      await lockStudent(tx, from.id);
      const [existing] = await tx
        .select({ id: nicknames.id })
        .from(nicknames)
        .where(and(eq(nicknames.fromStudentId, from.id), eq(nicknames.toStudentId, to.id)));
      if (existing) throw new HttpError(409, tr.student.nicknameExists);
    }
    const row = await insertOne(tx, nicknames, {
      studioId: author.studioId,
      schoolId: to.schoolId,
      branchId: to.branchId,
      ...input,
      ...(isStudent(author) ? { authorStudentId: author.studentId } : {}),
      status: 'pending',
      ...textColumns(text),
    });
    const changes = isStudent(author) ? { toStudentId: to.id, text } : input;
    await recordByAuthor(tx, author, 'create', 'nickname', { id: row.id, schoolId: to.schoolId }, changes);
    return row;
  });
}

/** Until approved, a student can change its suggestion; a rejected one goes back to pending with the new text. */
export async function editOwnNickname(db: Db, me: StudentCaller, before: NicknameRow, text: string): Promise<NicknameRow> {
  if (before.status === 'approved') throw new HttpError(409, tr.student.nicknameApproved);
  return db.transaction(async (tx) => {
    const after = single(
      await tx
        .update(nicknames)
        .set({ ...textColumns(text), status: 'pending', note: '', moderatedBy: null, moderatedAt: null, updatedAt: new Date() })
        .where(and(eq(nicknames.id, before.id), ne(nicknames.status, 'approved')))
        .returning(),
    );
    await recordByAuthor(tx, me, 'update', 'nickname', before, changedFields(before, { text }));
    return after;
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
        .set({ ...textColumns(input.text), updatedAt: new Date() })
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
