/**
 * Students' access codes: 8 characters drawn with the crypto RNG from an alphabet without
 * look-alikes (no 0/O/Q, 1/I/L, 2/Z, 5/S, 8/B), so a code read off a printed card is typed right.
 * Stored only as an argon2 hash; a new code replaces the old one and ends its sessions at once.
 */
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { BranchRow, StudentRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { countWhere } from '../../db/rows';
import { students, studentSessions } from '../../db/schema';
import { recordAudit } from '../../core/audit';
import { numberOrder } from '../students/queries';

export const CODE_ALPHABET = 'ACDEFGHJKMNPRTUVWXY34679';
export const CODE_LENGTH = 8;

export function newAccessCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** What a person typed, as stored codes are made: upper case, no spaces or dashes. */
export const normaliseCode = (typed: string) => typed.replace(/[\s-]/g, '').toLocaleUpperCase('en');

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
export async function issueCodes(db: Db, caller: Caller, rows: StudentRow[]): Promise<IssuedCode[]> {
  const issued = await Promise.all(
    rows.map(async (row) => {
      const code = newAccessCode();
      return { row, code, hash: await hashPassword(code) };
    }),
  );
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const { row, hash } of issued) await tx.update(students).set({ accessCodeHash: hash, accessCodeCreatedAt: now }).where(eq(students.id, row.id));
    const ids = rows.map((r) => r.id);
    if (ids.length) await tx.update(studentSessions).set({ revokedAt: now }).where(inArray(studentSessions.studentId, ids));
    for (const { row } of issued) await recordAudit(tx, caller, 'access-code', 'student', { id: row.id, schoolId: row.schoolId });
  });
  return issued.map(({ row, code }) => ({ studentId: row.id, schoolNumber: row.schoolNumber, name: `${row.firstName} ${row.lastName}`, code }));
}

export async function issueCode(db: Db, caller: Caller, student: StudentRow): Promise<string> {
  const [one] = await issueCodes(db, caller, [student]);
  return one!.code;
}

export async function activeStudentCount(db: Db, branchId: number): Promise<number> {
  return countWhere(db, students, and(eq(students.branchId, branchId), eq(students.status, 'active')));
}

/** New codes for every active student of the branch, in school number order (the order the cards print in). */
export async function issueBranchCodes(db: Db, caller: Caller, branch: BranchRow, max: number): Promise<IssuedCode[]> {
  const rows = await db
    .select()
    .from(students)
    .where(and(eq(students.branchId, branch.id), eq(students.status, 'active')))
    .orderBy(numberOrder, asc(students.id))
    .limit(max);
  return issueCodes(db, caller, rows);
}
