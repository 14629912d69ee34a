/**
 * Students' sessions: random tokens kept as sha256 hashes in their own table, so a student's
 * token is never a staff session and works only under /api/student.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { studentSessions, students } from '../db/schema';
import type { StudentCaller } from './caller';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Opens a session for the student and notes the sign-in; answers the token. */
export async function signInStudent(db: Db, studentId: number, ttlHours: number, origin: { ip: string; userAgent: string }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.insert(studentSessions).values({
      studentId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ttlHours * 3_600_000),
      ip: origin.ip,
      userAgent: origin.userAgent.slice(0, 300),
    });
    await tx.update(students).set({ lastSignInAt: new Date() }).where(eq(students.id, studentId));
  });
  return token;
}

/** The student behind a token, or null (missing, expired, revoked, passive student). */
export async function findStudentCaller(db: Db, token: string): Promise<StudentCaller | null> {
  const [row] = await db
    .select({
      sessionId: studentSessions.id,
      studentId: students.id,
      studioId: students.studioId,
      schoolId: students.schoolId,
      branchId: students.branchId,
      firstName: students.firstName,
      lastName: students.lastName,
    })
    .from(studentSessions)
    .innerJoin(students, eq(students.id, studentSessions.studentId))
    .where(
      and(
        eq(studentSessions.tokenHash, hashToken(token)),
        isNull(studentSessions.revokedAt),
        gt(studentSessions.expiresAt, new Date()),
        eq(students.status, 'active'),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { firstName, lastName, ...rest } = row;
  return { level: 'student', ...rest, name: `${firstName} ${lastName}` };
}

export async function revokeStudentSession(db: Db, sessionId: number): Promise<void> {
  await db.update(studentSessions).set({ revokedAt: new Date() }).where(eq(studentSessions.id, sessionId));
}
