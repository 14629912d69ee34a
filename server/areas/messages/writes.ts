/** Writing messages: staff messages, student messages (entered by staff or by the student itself), edits, moderation, undo; each audited. */
import { and, count, eq, ne } from 'drizzle-orm';
import type { MessageFilter, MessageListType, ModerationStatus } from '../../../common/schemas/messages';
import { searchKey } from '../../../common/text';
import { tr } from '../../../common/tr';
import { scopeWhere, type MessageRow, type StudentRow } from '../../auth/access';
import type { Caller, StudentCaller } from '../../auth/caller';
import type { Db, Tx } from '../../db/client';
import { insertOne, single } from '../../db/rows';
import { lockAtVersion } from '../../db/versions';
import { messages } from '../../db/schema';
import { badRequest, HttpError } from '../../core/errors';
import { changedFields, recordAudit } from '../../core/audit';
import { isStudent, lockStudent, recordByAuthor, type Author } from './authors';
import { moderateAll, moderateOne, undoModeration, type ModerationAction, type Moderated } from './moderation';
import { studentMessageWhere } from './queries';

const moderated: Moderated = { table: messages, entity: 'message' };

type NewMessage = Omit<typeof messages.$inferInsert, 'studioId' | 'authorUserId' | 'authorStudentId' | 'authorName' | 'searchKey'> & { body: string };

/** A message's text and the key the lists find it by: always written together. */
const bodyColumns = (body: string) => ({ body, searchKey: searchKey(body) });

/** Inserts a message written by the author, with its audit entry. */
async function insertMessage(tx: Tx, author: Author, message: NewMessage, changes: Record<string, unknown>): Promise<MessageRow> {
  const row = await insertOne(tx, messages, {
    ...message,
    ...bodyColumns(message.body),
    studioId: author.studioId,
    ...(isStudent(author) ? { authorStudentId: author.studentId } : { authorUserId: author.userId }),
    authorName: author.name,
  });
  await recordByAuthor(tx, author, 'create', 'message', { id: row.id, schoolId: message.schoolId }, changes);
  return row;
}

/** A school's or a branch's message, written by staff: published at once. */
export async function createStaffMessage(
  db: Db,
  caller: Caller,
  owner: { kind: 'school' | 'branch'; schoolId: number; branchId: number | null },
  body: string,
) {
  const row = await db.transaction((tx) => insertMessage(tx, caller, { ...owner, body, status: 'approved' }, { kind: owner.kind, body }));
  return row.id;
}

/**
 * A student's message to another: entered by staff, or written by the student itself, who may
 * write `perClassmate` of them to one classmate (rejected ones do not count). It waits for moderation.
 */
export function createStudentMessage(db: Db, author: Author, pair: { from: { id: number }; to: StudentRow }, body: string, perClassmate?: number) {
  const { from, to } = pair;
  return db.transaction(async (tx) => {
    if (perClassmate !== undefined) {
      await lockStudent(tx, from.id);
      const [written] = await tx
        .select({ n: count() })
        .from(messages)
        .where(and(eq(messages.kind, 'student'), eq(messages.fromStudentId, from.id), eq(messages.toStudentId, to.id), ne(messages.status, 'rejected')));
      if (Number(written?.n ?? 0) >= perClassmate) throw new HttpError(409, tr.student.messageLimit(perClassmate));
    }
    // The message belongs to the receiver's branch: it is printed on the receiver's page.
    const message = {
      kind: 'student' as const,
      schoolId: to.schoolId,
      branchId: to.branchId,
      fromStudentId: from.id,
      toStudentId: to.id,
      body,
      status: 'pending' as const,
    };
    const changes = isStudent(author) ? { toStudentId: to.id, body } : { kind: 'student', fromStudentId: from.id, toStudentId: to.id, body };
    return insertMessage(tx, author, message, changes);
  });
}

/** Only a pending message may change; a moderator's decision is final for its author. */
const assertPending = (row: { status: string }) => {
  if (row.status !== 'pending') throw new HttpError(409, tr.student.notPending);
};

/** A student edits its own message while it is pending. */
export async function editOwnMessage(db: Db, me: StudentCaller, before: MessageRow, body: string): Promise<MessageRow> {
  assertPending(before);
  return db.transaction(async (tx) => {
    const after = single(
      await tx
        .update(messages)
        .set({ ...bodyColumns(body), updatedAt: new Date() })
        .where(and(eq(messages.id, before.id), eq(messages.status, 'pending')))
        .returning(),
    );
    await recordByAuthor(tx, me, 'update', 'message', before, changedFields(before, { body }));
    return after;
  });
}

/** A student deletes its own message while it is pending. */
export async function deleteOwnMessage(db: Db, me: StudentCaller, before: MessageRow): Promise<void> {
  assertPending(before);
  await db.transaction(async (tx) => {
    await tx.delete(messages).where(and(eq(messages.id, before.id), eq(messages.status, 'pending')));
    await recordByAuthor(tx, me, 'delete', 'message', before, { body: before.body, toStudentId: before.toStudentId });
  });
}

/** Edits the text (keeping the first version) and/or moderates one message; answers the undo token of a moderation. */
export async function updateMessage(
  db: Db,
  caller: Caller,
  before: MessageRow,
  input: { body?: string; status?: ModerationStatus; note?: string; version: number },
) {
  if ((input.status !== undefined || input.note !== undefined) && before.kind !== 'student') throw badRequest(tr.messages.notStudentMessage);
  return db.transaction(async (tx) => {
    await lockAtVersion(tx, messages, before.id, input.version);
    if (input.body !== undefined && input.body !== before.body) {
      const after = { body: input.body, originalBody: before.originalBody ?? before.body };
      await tx
        .update(messages)
        .set({ ...after, ...bodyColumns(input.body), updatedAt: new Date() })
        .where(eq(messages.id, before.id));
      await recordAudit(tx, caller, 'update', 'message', before, changedFields(before, after));
    }
    return moderateOne(tx, caller, moderated, before, input);
  });
}

export async function deleteMessage(db: Db, caller: Caller, before: MessageRow) {
  await db.transaction(async (tx) => {
    await tx.delete(messages).where(eq(messages.id, before.id));
    await recordAudit(tx, caller, 'delete', 'message', before, {
      kind: before.kind,
      body: before.body,
      status: before.status,
      fromStudentId: before.fromStudentId,
      toStudentId: before.toStudentId,
    });
  });
}

export interface BulkInput {
  action: ModerationAction;
  note: string;
  ids?: number[];
  match?: { type: MessageListType; id: number; filter: MessageFilter };
}

/** Approves or rejects a selection of student messages (all in scope, or 404), or every one matching a list's filter. */
export function moderateMessages(db: Db, caller: Caller, input: BulkInput) {
  const { match } = input;
  const matching = match && (() => studentMessageWhere(db, caller, match.type, match.id, match.filter));
  const scope = and(scopeWhere(caller, messages), eq(messages.kind, 'student'));
  return moderateAll(db, caller, moderated, scope, { ids: input.ids, matching }, input.action, input.note);
}

export function undoMessageModeration(db: Db, caller: Caller, token: number) {
  return undoModeration(db, caller, moderated, scopeWhere(caller, messages), token);
}
