/** Writing accounts from the sign-in side: a sign-in, and the caller's own new password (audited). */
import { eq } from 'drizzle-orm';
import type { Level } from '../../../common/levels';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { recordAudit } from '../../core/audit';
import type { Caller } from '../../auth/caller';
import { hashPassword } from '../../auth/passwords';
import { createSession, revokeUserSessions } from '../../auth/sessions';

/** Notes the sign-in on the account and opens a session at this level; answers its token. */
export async function signIn(db: Db, userId: number, level: Level, ttlHours: number, origin: { ip: string; userAgent: string }): Promise<string> {
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
  return createSession(db, userId, level, ttlHours, origin);
}

/** Sets the caller's new password; every other session of the account ends. */
export async function changeOwnPassword(db: Db, caller: Caller, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, caller.userId));
    await revokeUserSessions(tx, caller.userId, caller.sessionId);
    await recordAudit(tx, caller, 'password', 'user', { id: caller.userId, schoolId: caller.schoolId });
  });
}
