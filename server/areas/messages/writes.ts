/** Writing messages: staff messages, student messages entered by staff, edits, moderation, undo; each audited. */
import { and, eq } from 'drizzle-orm';
import type { MessageFilter, MessageListType, ModerationStatus } from '../../../common/schemas/messages';
import { searchKey } from '../../../common/text';
import { tr } from '../../../common/tr';
import { scopeWhere, type MessageRow, type StudentRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { insertOne } from '../../db/rows';
import { lockAtVersion } from '../../db/versions';
import { messages } from '../../db/schema';
import { badRequest } from '../../core/errors';
import { changedFields, recordAudit } from '../../core/audit';
import { moderateAll, moderateOne, undoModeration, type ModerationAction, type Moderated } from './moderation';
import { studentMessageWhere } from './queries';

const moderated: Moderated = { table: messages, entity: 'message' };

type NewMessage = Omit<typeof messages.$inferInsert, 'studioId' | 'authorUserId' | 'authorName' | 'searchKey'> & { body: string };

/** Inserts a message written by the caller, with its audit entry; answers its id. */
function insertMessage(db: Db, caller: Caller, message: NewMessage, changes: Record<string, unknown>): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await insertOne(tx, messages, {
      ...message,
      studioId: caller.studioId,
      authorUserId: caller.userId,
      authorName: caller.name,
      searchKey: searchKey(message.body),
    });
    await recordAudit(tx, caller, 'create', 'message', { id: row.id, schoolId: message.schoolId }, changes);
    return row.id;
  });
}

/** A school's or a branch's message, written by staff: published at once. */
export function createStaffMessage(db: Db, caller: Caller, owner: { kind: 'school' | 'branch'; schoolId: number; branchId: number | null }, body: string) {
  return insertMessage(db, caller, { ...owner, body, status: 'approved' }, { kind: owner.kind, body });
}

/** A student's message to another, entered by staff: it waits for moderation. */
export function createStudentMessage(db: Db, caller: Caller, pair: { from: StudentRow; to: StudentRow }, body: string) {
  const { from, to } = pair;
  // The message belongs to the receiver's branch: it is printed on the receiver's page.
  return insertMessage(
    db,
    caller,
    { kind: 'student', schoolId: to.schoolId, branchId: to.branchId, fromStudentId: from.id, toStudentId: to.id, body, status: 'pending' },
    { kind: 'student', fromStudentId: from.id, toStudentId: to.id, body },
  );
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
        .set({ ...after, searchKey: searchKey(input.body), updatedAt: new Date() })
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
