/** Request and response schemas of the students area, shared by the server and the web app. */
import { z } from 'zod';
import { tr } from '../tr';
import { consentFilter, consentStates } from './consentStaff';
import { id, optionalText, requiredText, version, wholeNumber } from './fields';
import { answerWith } from './answers';
import { listQuery } from './list';

export const QUOTE_MAX = 300;
const genders = ['female', 'male', ''] as const;
export type Gender = (typeof genders)[number];

/** School numbers are digits as schools write them (e-Okul: up to 6), kept as text. */
export const schoolNumber = z
  .string()
  .trim()
  .min(1)
  .max(12)
  .regex(/^[0-9A-Za-z-]+$/, { message: 'Okul numarası yalnızca rakam ve harf içerebilir.' });

const studentFields = z
  .object({
    schoolNumber,
    firstName: requiredText(60),
    lastName: requiredText(60),
    gender: z.enum(genders).default(''),
    quote: optionalText(QUOTE_MAX),
  })
  .strict();

/** Consent is not a field of the student: parents answer it, or staff record their paper form (consentStaff). */
export const studentBody = studentFields;
export type StudentBody = z.input<typeof studentBody>;
/** An edit: the fields and the version they were read at. */
export const studentUpdateBody = studentFields.extend({ version });
export type StudentUpdateBody = z.input<typeof studentUpdateBody>;

export const moveBody = z.object({ branchId: id }).strict();

/** The most students one action on a list's selection takes (a class is a few dozen). */
const BULK_STUDENTS_MAX = 200;
/** Students picked on a list; every one must be of the branch the call names, or nothing is done. */
export const studentIds = z
  .array(id)
  .min(1, { message: tr.students.bulk.noneSelected })
  .max(BULK_STUDENTS_MAX, { message: tr.students.bulk.tooMany(BULK_STUDENTS_MAX) })
  .transform((ids) => [...new Set(ids)]);
export const bulkStudentsBody = z.object({ studentIds }).strict();
export const bulkMoveBody = z.object({ studentIds, branchId: id }).strict();
export const bulkResponse = answerWith({ count: wholeNumber });

export const studentListQuery = listQuery.extend({
  photo: z.enum(['present', 'missing']).optional(),
  /** `below`: students tagged in fewer approved event photos than the studio's coverage goal. */
  coverage: z.enum(['below']).optional(),
  ...consentFilter,
});
export type StudentListQuery = z.infer<typeof studentListQuery>;

export const studentItem = z.object({
  id: wholeNumber,
  branchId: wholeNumber,
  schoolId: wholeNumber,
  branchName: z.string(),
  schoolNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(genders),
  quote: z.string(),
  nickname: z.string(),
  /** The parents' answer in force for each purpose. */
  consents: consentStates,
  photoCount: wholeNumber,
  /** Approved event photos the student is tagged in (photo coverage). */
  eventPhotos: wholeNumber,
  /** Signed, short-lived URLs of the portrait (display and thumbnail sizes); null without one. */
  photoUrl: z.string().nullable(),
  thumbUrl: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  version: wholeNumber,
  /** The quote the student wrote itself, waiting for approval. */
  quoteDraft: z.string().nullable(),
  /** Characters of the name, nickname, quote or waiting quote no font of the book has: they would print as □. */
  unprintable: z.array(z.string()),
  /** The portrait the student picked itself, and its thumbnail. */
  portraitPickPhotoId: wholeNumber.nullable(),
  portraitPickThumbUrl: z.string().nullable(),
});
export type StudentItem = z.infer<typeof studentItem>;

export const photoSizes = ['thumb', 'display', 'download', 'original'] as const;
export type PhotoSize = (typeof photoSizes)[number];

export const photoItem = z.object({
  id: wholeNumber,
  studentId: wholeNumber,
  isPortrait: z.boolean(),
  originalName: z.string(),
  width: wholeNumber,
  height: wholeNumber,
  thumbUrl: z.string(),
  photoUrl: z.string(),
  downloadUrl: z.string(),
});
export type PhotoItem = z.infer<typeof photoItem>;

export const importFields = ['schoolNumber', 'firstName', 'lastName', 'gender', 'branch'] as const;
export type ImportField = (typeof importFields)[number];
/** Which column (0-based) of the file holds each field; null where the file has none. */
export const importMapping = z
  .object(
    Object.fromEntries(importFields.map((f) => [f, wholeNumber.min(0).max(200).nullable().default(null)])) as Record<
      ImportField,
      z.ZodDefault<z.ZodNullable<z.ZodNumber>>
    >,
  )
  .strict();
export type ImportMapping = z.infer<typeof importMapping>;

const importRow = z.object({
  line: wholeNumber,
  schoolNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(genders),
  branch: z.string(),
  action: z.enum(['create', 'update', 'skip', 'error']),
  errors: z.array(z.string()),
});
export type ImportRow = z.infer<typeof importRow>;

export const importPreview = z.object({
  success: z.literal(true),
  format: z.enum(['csv', 'xlsx', 'eokul']),
  headers: z.array(z.string()),
  mapping: importMapping,
  rows: z.array(importRow),
  totals: z.object({ rows: wholeNumber, create: wholeNumber, update: wholeNumber, skip: wholeNumber, error: wholeNumber }),
  newBranches: z.array(z.string()),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importResult = z.object({
  success: z.literal(true),
  created: wholeNumber,
  updated: wholeNumber,
  skipped: wholeNumber,
  branchesCreated: z.array(z.string()),
  /** Rows with errors left out when the import was asked to skip them (up to 1 000 listed); empty otherwise. */
  invalidRows: z.array(z.object({ line: wholeNumber, schoolNumber: z.string(), name: z.string(), errors: z.array(z.string()) })),
  invalidCount: wholeNumber,
});
export type ImportResult = z.infer<typeof importResult>;

export const bulkPhotoResult = z.object({
  success: z.literal(true),
  matched: z.array(z.object({ fileName: z.string(), studentId: wholeNumber, schoolNumber: z.string() })),
  unmatched: z.array(z.object({ fileName: z.string(), reason: z.string() })),
});
export type BulkPhotoResult = z.infer<typeof bulkPhotoResult>;

/** A branch's siblings in its school, where its students may move. */
export const siblingsAnswer = answerWith({
  schoolId: wholeNumber,
  branchName: z.string(),
  items: z.array(z.object({ id: wholeNumber, name: z.string() })),
});
