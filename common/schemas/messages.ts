/** Messages and nickname suggestions: request and answer shapes shared by server and web. */
import { z } from 'zod';
import { id, requiredText, version, wholeNumber } from './fields';
import { answerWith } from './answers';
import { listQuery } from './list';

export const MESSAGE_MAX = 1000;
export const NICKNAME_MAX = 40;
export const NOTE_MAX = 300;
/** How long after a moderation action its undo is accepted (the toast offers it for a few seconds). */
export const UNDO_WINDOW_SECONDS = 60;
/** "All that match the filter" moderates at most this many rows in one call. */
export const BULK_MAX = 10_000;

const moderationStatus = z.enum(['pending', 'approved', 'rejected']);
export type ModerationStatus = z.infer<typeof moderationStatus>;
export const messageListType = z.enum(['school', 'branch', 'from', 'to']);
export type MessageListType = z.infer<typeof messageListType>;

const optionalId = z.preprocess((v) => (v === '' ? undefined : v), id.optional());
const optionalStatus = z.preprocess((v) => (v === '' ? undefined : v), moderationStatus.optional());

export const message = z.object({
  id: z.number(),
  kind: z.enum(['school', 'branch', 'student']),
  schoolId: z.number(),
  branchId: z.number().nullable(),
  branchName: z.string(),
  fromStudentId: z.number().nullable(),
  fromName: z.string(),
  toStudentId: z.number().nullable(),
  toName: z.string(),
  authorName: z.string(),
  body: z.string(),
  originalBody: z.string().nullable(),
  /** Characters of the text no font of the book has: they would print as □. */
  unprintable: z.array(z.string()),
  status: moderationStatus,
  note: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: wholeNumber,
});
export type Message = z.infer<typeof message>;

/** A school's or a teacher's message (author = the caller). */
export const staffMessageBody = z.object({ body: requiredText(MESSAGE_MAX) }).strict();

/** Staff entering a student's message on the student's behalf (e.g. from a paper form). */
export const studentMessageBody = z.object({ fromStudentId: id, toStudentId: id, body: requiredText(MESSAGE_MAX) }).strict();

/**
 * A moderator's new status and note for one row (an edit of its text may come with them), and the
 * version of the row they decided on: of two moderators deciding one row at once, the later gets 409.
 */
const moderationFields = { status: moderationStatus.optional(), note: z.string().trim().max(NOTE_MAX).optional(), version };

/** Bulk moderation of a kind of row: the ids of a selection, or everything matching a list's filter. */
function bulkModerationOf<Match extends z.ZodType>(match: Match) {
  return z
    .object({
      action: z.enum(['approve', 'reject']),
      note: z.string().trim().max(NOTE_MAX).default(''),
      ids: z.array(id).min(1).max(BULK_MAX).optional(),
      match: match.optional(),
    })
    .strict()
    .refine((v) => Boolean(v.ids) !== Boolean(v.match), { message: 'ids veya match', path: ['ids'] });
}

/** Edit the text and/or moderate one message. */
export const messageUpdate = z.object({ body: requiredText(MESSAGE_MAX).optional(), ...moderationFields }).strict();

/** What a list of students' messages or nicknames is narrowed by: status, text, writer, receiver. */
const studentFilterFields = { status: optionalStatus, q: z.string().trim().max(100).default(''), fromStudentId: optionalId, toStudentId: optionalId };
/** Newest first unless told, by date only. */
const byDate = { sort: z.enum(['date']).optional(), order: z.enum(['asc', 'desc']).default('desc') };

const messageFilter = z.object(studentFilterFields).strict();
export type MessageFilter = z.infer<typeof messageFilter>;

export const messageListQuery = listQuery.extend({ ...studentFilterFields, ...byDate });

export const bulkModeration = bulkModerationOf(z.object({ type: messageListType, id, filter: messageFilter }).strict());

export const undoBody = z.object({ token: z.coerce.number().int().positive() }).strict();
export const moderationAnswer = z.object({ success: z.literal(true), count: z.number(), undoToken: z.number().nullable() });

/** Per-student message counts (message-from / message-to). */
export const messageCountQuery = listQuery.extend({
  schoolId: optionalId,
  branchId: optionalId,
  has: z.enum(['none', 'some']).or(z.literal('')).optional(),
});
export const studentCount = z.object({
  studentId: z.number(),
  schoolNumber: z.string(),
  name: z.string(),
  schoolId: z.number(),
  branchId: z.number(),
  branchName: z.string(),
  pending: z.number(),
  approved: z.number(),
  rejected: z.number(),
  total: z.number(),
  /** The student has signed in to the student pages at least once. */
  signedIn: z.boolean(),
  /** Memory messages the student has written / received, whatever their status. */
  written: z.number(),
  received: z.number(),
});
export type StudentCount = z.infer<typeof studentCount>;

export const nickname = z.object({
  id: z.number(),
  schoolId: z.number(),
  branchId: z.number(),
  branchName: z.string(),
  fromStudentId: z.number(),
  fromName: z.string(),
  toStudentId: z.number(),
  toName: z.string(),
  text: z.string(),
  /** Characters of the text no font of the book has: they would print as □. */
  unprintable: z.array(z.string()),
  status: moderationStatus,
  note: z.string(),
  createdAt: z.string(),
  version: wholeNumber,
});
export type Nickname = z.infer<typeof nickname>;

export const nicknameBody = z.object({ fromStudentId: id, toStudentId: id, text: requiredText(NICKNAME_MAX) }).strict();
export const nicknameUpdate = z.object({ text: requiredText(NICKNAME_MAX).optional(), ...moderationFields }).strict();
export const nicknameListQuery = listQuery.extend({ schoolId: optionalId, branchId: optionalId, ...studentFilterFields, ...byDate });
const nicknameFilter = z.object({ schoolId: optionalId, branchId: optionalId, ...studentFilterFields }).strict();
export type NicknameFilter = z.infer<typeof nicknameFilter>;
export const nicknameBulk = bulkModerationOf(nicknameFilter);

/** Students a from/to select offers (limited to the branch, or the school when allowed). */
export const studentOption = z.object({ id: z.number(), name: z.string(), schoolNumber: z.string(), branchId: z.number() });

const scopeChoice = z.object({
  id: z.number(),
  name: z.string(),
  branches: z.array(z.object({ id: z.number(), name: z.string() })),
});
/** The schools and branches of the caller's scope, and whether messages may cross branches. */
export const scopeChoicesAnswer = answerWith({ items: z.array(scopeChoice), acrossBranches: z.boolean() });
