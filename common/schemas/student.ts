/** The student side: sign-in, the students' own pages, and staff's access codes and login cards. */
import { z } from 'zod';
import { consentStates } from './consentStaff';
import { answerWith, itemAnswer, itemsAnswer } from './answers';
import { city, studioInfo } from './auth';
import { id, requiredText } from './fields';
import { MESSAGE_MAX, NICKNAME_MAX } from './messages';
import { studentIds } from './students';

export const QUOTE_MAX = 300;

const loginField = z.string().trim().min(1).max(20);

/** A sign-in with a code from paper instead of an account (the student's access code, a parent's code): school code, school number and the code under its own name. */
export const codeLoginBody = <Code extends string>(code: Code) =>
  z
    .object({ schoolCode: loginField, schoolNumber: loginField })
    .extend({ [code]: loginField } as Record<Code, typeof loginField>)
    .strict();

export const studentLoginBody = codeLoginBody('accessCode');

export const accessCodeResponse = z.object({ success: z.literal(true), code: z.string() });

const issuedCode = z.object({ studentId: z.number().int(), schoolNumber: z.string(), name: z.string(), code: z.string() });
export const branchCodesResponse = z.object({
  success: z.literal(true),
  schoolName: z.string(),
  schoolCode: z.string(),
  branchName: z.string(),
  loginUrl: z.string(),
  items: z.array(issuedCode),
});
export type BranchCodes = z.infer<typeof branchCodesResponse>;

/** Login cards for the students picked (new codes for them alone), or without a pick for every student of the branch. */
export const cardsBody = z.object({ studentIds: studentIds.optional() }).strict().nullish();

export const quoteDecisionBody = z.object({ action: z.enum(['approve', 'reject']) }).strict();

export const remindResponse = answerWith({ count: z.number().int() });

/** What "Yazmayanlara bildirim gönder" would do now: its recipients and text, or why it cannot go out. */
const reminderPreview = z.object({
  title: z.string(),
  body: z.string(),
  recipients: z.array(z.object({ id: z.number().int(), name: z.string(), schoolNumber: z.string() })),
  refusal: z.string().nullable(),
});
export type ReminderPreview = z.infer<typeof reminderPreview>;
export const reminderAnswer = answerWith(reminderPreview.shape);

/** What a student sees of its own writing to a classmate. */
const writeStatus = z.enum(['none', 'pending', 'approved', 'rejected']);
export type WriteStatus = z.infer<typeof writeStatus>;

const myMessage = z.object({
  id: z.number().int(),
  toStudentId: z.number().int(),
  body: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  createdAt: z.string(),
});
export type MyMessage = z.infer<typeof myMessage>;
const myNickname = z.object({ id: z.number().int(), toStudentId: z.number().int(), text: z.string(), status: z.enum(['pending', 'approved', 'rejected']) });
export type MyNickname = z.infer<typeof myNickname>;

const classmate = z.object({
  id: z.number().int(),
  name: z.string(),
  branchName: z.string(),
  /** null when the classmate has no portrait or no recorded photo consent. */
  thumbUrl: z.string().nullable(),
  messageStatus: writeStatus,
  messages: z.array(myMessage),
  nickname: myNickname.nullable(),
});
export type Classmate = z.infer<typeof classmate>;

export const classmatesResponse = itemsAnswer(classmate);

export const studentMessageInput = z.object({ toStudentId: id, body: requiredText(MESSAGE_MAX) }).strict();
export const studentMessageEdit = z.object({ body: requiredText(MESSAGE_MAX) }).strict();
export const messageResponse = itemAnswer(myMessage);

export const studentNicknameInput = z.object({ toStudentId: id, text: requiredText(NICKNAME_MAX) }).strict();
export const studentNicknameEdit = z.object({ text: requiredText(NICKNAME_MAX) }).strict();
export const nicknameResponse = itemAnswer(myNickname);

export const quoteInput = z.object({ text: requiredText(QUOTE_MAX) }).strict();
export const portraitInput = z.object({ photoId: id }).strict();

const ownPhoto = z.object({ id: z.number().int(), thumbUrl: z.string(), photoUrl: z.string(), downloadUrl: z.string(), originalName: z.string() });

export const profileResponse = z.object({
  success: z.literal(true),
  quote: z.string(),
  quoteDraft: z.string().nullable(),
  nickname: z.string(),
  /** The parent's answer in force for each purpose (read-only here). */
  consents: consentStates,
  portraitPickPhotoId: z.number().int().nullable(),
  photos: z.array(ownPhoto),
  received: z.array(z.object({ id: z.number().int(), fromName: z.string(), body: z.string(), createdAt: z.string() })),
});
export type Profile = z.infer<typeof profileResponse>;

export const studentNotificationsResponse = z.object({
  success: z.literal(true),
  items: z.array(z.object({ id: z.number().int(), title: z.string(), body: z.string(), sentAt: z.string().nullable() })),
});

/** GET student/user: the spec's user fields, for a student. */
export const studentUserResponse = z.object({
  success: z.literal(true),
  userInfo: z.object({ id: z.number().int(), name: z.string(), level: z.literal('student'), schoolNumber: z.string() }),
  design: z.object({ primaryColor: z.string(), accentColor: z.string() }).passthrough(),
  cities: z.array(city),
  studio: studioInfo,
  school: z.object({ id: z.number().int(), name: z.string(), code: z.string(), messageDeadline: z.string().nullable() }),
  branch: z.object({ id: z.number().int(), schoolId: z.number().int(), name: z.string() }),
  /** `open`: the student can still write; `locked`: the branch's yearbook proof is approved (read-only until the studio unlocks it). */
  statistics: z.object({
    classmates: z.number().int(),
    written: z.number().int(),
    deadline: z.string().nullable(),
    locked: z.boolean(),
    open: z.boolean(),
  }),
  level: z.literal('student'),
});
export type StudentUser = z.infer<typeof studentUserResponse>;
