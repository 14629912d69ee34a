/**
 * Sign-in codes of students (access codes, on the login card) and of their parents (parent codes,
 * on the consent letter only): 8 characters drawn with the crypto RNG from an alphabet without
 * look-alikes (no 0/O/Q, 1/I/L, 2/Z, 5/S, 8/B), so a code read off a printed page is typed right.
 * Stored only as an argon2 hash; a new code replaces the old one of its kind and ends that kind's
 * sessions at once, leaving the other kind's code and sessions alone.
 */
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { idParams } from '../../../common/schemas/fields';
import { errorResponse } from '../../../common/schemas/list';
import { accessCodeResponse } from '../../../common/schemas/student';
import { branchInScope, schoolInScope, studentInScope, type BranchRow, type StudentRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { countWhere } from '../../db/rows';
import { students, studentSessions } from '../../db/schema';
import { recordAudit } from '../../core/audit';
import { HttpError } from '../../core/errors';
import { scopedRecord, type Api, type routeDocs } from '../../http/types';
import { numberOrder, selectedStudents } from '../students/queries';
import { CARDS_MAX } from './cards';

export const CODE_ALPHABET = 'ACDEFGHJKMNPRTUVWXY34679';
export const CODE_LENGTH = 8;

export function newAccessCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** What a person typed, as stored codes are made: upper case, no spaces or dashes. */
export const normaliseCode = (typed: string) => typed.replace(/[\s-]/g, '').toLocaleUpperCase('en');

/** Whose code: the student's own, or the parent's. */
export type CodeKind = 'student' | 'parent';

const KINDS = {
  student: { set: (hash: string, at: Date) => ({ accessCodeHash: hash, accessCodeCreatedAt: at }), audit: 'access-code' },
  parent: { set: (hash: string, at: Date) => ({ parentCodeHash: hash, parentCodeCreatedAt: at }), audit: 'parent-code' },
} as const;

export interface IssuedCode {
  studentId: number;
  schoolNumber: string;
  name: string;
  code: string;
}

/**
 * Gives each student a new code (audited, the codes themselves never); answers them in plain text
 * this once. Only these students' codes change: everyone else's cards keep working.
 */
export async function issueCodes(db: Db, caller: Caller, rows: StudentRow[], kind: CodeKind = 'student'): Promise<IssuedCode[]> {
  const { set, audit } = KINDS[kind];
  const issued = await Promise.all(
    rows.map(async (row) => {
      const code = newAccessCode();
      return { row, code, hash: await hashPassword(code) };
    }),
  );
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const { row, hash } of issued) await tx.update(students).set(set(hash, now)).where(eq(students.id, row.id));
    const ids = rows.map((r) => r.id);
    // A new code ends the sessions opened with the old one, and only those: the other holder's stay.
    if (ids.length)
      await tx
        .update(studentSessions)
        .set({ revokedAt: now })
        .where(and(inArray(studentSessions.studentId, ids), eq(studentSessions.holder, kind)));
    for (const { row } of issued) await recordAudit(tx, caller, audit, 'student', { id: row.id, schoolId: row.schoolId });
  });
  return issued.map(({ row, code }) => ({ studentId: row.id, schoolNumber: row.schoolNumber, name: `${row.firstName} ${row.lastName}`, code }));
}

async function issueCode(db: Db, caller: Caller, student: StudentRow, kind: CodeKind = 'student'): Promise<string> {
  const [one] = await issueCodes(db, caller, [student], kind);
  return one!.code;
}

/**
 * POST {path} on one student (:id, in the caller's scope): a new code of this kind for it,
 * answered once in plain text; the old one stops working at once.
 */
export function issueCodeRoute(app: Api, docs: ReturnType<typeof routeDocs>, path: string, summary: string, kind: CodeKind) {
  app.post(path, docs(summary, { params: idParams, response: { 200: accessCodeResponse, 404: errorResponse } }), async (request) => {
    const [caller, student] = await scopedRecord(request, studentInScope);
    return { success: true as const, code: await issueCode(app.db, caller, student, kind) };
  });
}

async function activeStudentCount(db: Db, branchId: number): Promise<number> {
  return countWhere(db, students, and(eq(students.branchId, branchId), eq(students.status, 'active')));
}

/** New codes for every active student of the branch, in school number order (the order the cards print in). */
async function issueBranchCodes(db: Db, caller: Caller, branch: BranchRow, max: number, kind: CodeKind = 'student'): Promise<IssuedCode[]> {
  const rows = await db
    .select()
    .from(students)
    .where(and(eq(students.branchId, branch.id), eq(students.status, 'active')))
    .orderBy(numberOrder, asc(students.id))
    .limit(max);
  return issueCodes(db, caller, rows, kind);
}

/**
 * New codes of one kind for a printed sheet (login cards, consent letters): for the picked
 * students alone (each must be of the branch, or nothing changes), or without a pick for the
 * whole branch; with the school and branch the sheet prints. Refused above what one request renders.
 */
export async function sheetCodes(db: Db, caller: Caller, branchId: number, picked: number[] | undefined, kind: CodeKind, tooMany: (max: number) => string) {
  const branch = await branchInScope(db, caller, branchId);
  const school = await schoolInScope(db, caller, branch.schoolId);
  if ((picked?.length ?? (await activeStudentCount(db, branch.id))) > CARDS_MAX) throw new HttpError(400, tooMany(CARDS_MAX));
  const items = picked
    ? await issueCodes(db, caller, await selectedStudents(db, branch, picked), kind)
    : await issueBranchCodes(db, caller, branch, CARDS_MAX, kind);
  return { school, branch, items };
}
