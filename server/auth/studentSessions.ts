/**
 * Sessions of the people who sign in with a code instead of an account: students (under
 * /api/student) and their parents (under /api/veli). Random tokens kept as sha256 hashes in their
 * own table, apart from staff sessions; each row says whose it is, and a lookup asks for one holder,
 * so a token of one kind is never a session of the other.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { tr } from '../../common/tr';
import type { Db } from '../db/client';
import { studentSessions, students } from '../db/schema';
import type { ParentCaller, PortalCaller, StudentCaller } from './caller';
import { hashToken, newToken, type Origin } from './sessions';

type Holder = 'student' | 'parent';

async function openSession(db: Db, holder: Holder, studentId: number, ttlHours: number, origin: Origin): Promise<string> {
  const { token, stored } = newToken(ttlHours, origin);
  await db.transaction(async (tx) => {
    await tx.insert(studentSessions).values({ studentId, holder, ...stored });
    // The staff's "signed in" column is about the student; a parent's sign-in does not set it.
    if (holder === 'student') await tx.update(students).set({ lastSignInAt: new Date() }).where(eq(students.id, studentId));
  });
  return token;
}

/** The student a live token of this holder belongs to (missing, expired, revoked or a passive student: none). */
async function sessionOwner(db: Db, holder: Holder, token: string) {
  const table = studentSessions;
  const [row] = await db
    .select({
      sessionId: table.id,
      studentId: students.id,
      studioId: students.studioId,
      schoolId: students.schoolId,
      branchId: students.branchId,
      firstName: students.firstName,
      lastName: students.lastName,
    })
    .from(table)
    .innerJoin(students, eq(students.id, table.studentId))
    .where(
      and(
        eq(table.tokenHash, hashToken(token)),
        eq(table.holder, holder),
        isNull(table.revokedAt),
        gt(table.expiresAt, new Date()),
        eq(students.status, 'active'),
      ),
    )
    .limit(1);
  return row;
}

/** Opens a session for the student and notes the sign-in; answers the token. */
export function signInStudent(db: Db, studentId: number, ttlHours: number, origin: Origin): Promise<string> {
  return openSession(db, 'student', studentId, ttlHours, origin);
}

/** Opens a session for a parent of the student; answers the token. */
export function signInParent(db: Db, studentId: number, ttlHours: number, origin: Origin): Promise<string> {
  return openSession(db, 'parent', studentId, ttlHours, origin);
}

/** The student behind a token, or null (missing, expired, revoked, passive student). */
export async function findStudentCaller(db: Db, token: string): Promise<StudentCaller | null> {
  const row = await sessionOwner(db, 'student', token);
  if (!row) return null;
  const { firstName, lastName, ...rest } = row;
  return { level: 'student', ...rest, name: `${firstName} ${lastName}` };
}

/** The parent behind a token, with the child it answers for, or null. */
export async function findParentCaller(db: Db, token: string): Promise<ParentCaller | null> {
  const row = await sessionOwner(db, 'parent', token);
  if (!row) return null;
  const { firstName, lastName, ...rest } = row;
  const studentName = `${firstName} ${lastName}`;
  return { level: 'veli', ...rest, studentName, name: tr.parent.actor(studentName) };
}

/** Ends a session of the caller's own kind (sign-out). */
export async function revokePortalSession(db: Db, caller: PortalCaller): Promise<void> {
  await db.update(studentSessions).set({ revokedAt: new Date() }).where(eq(studentSessions.id, caller.sessionId));
}
