/** Sessions: random tokens, stored as sha256 hashes with an expiry, valid for one level only. */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Level } from '../../common/levels';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Caller } from './caller';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: Db, userId: number, level: Level, ttlHours: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    userId,
    level,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlHours * 3_600_000),
  });
  return token;
}

/** The caller behind a token at this level's prefix, or null (missing, expired, revoked, other level, inactive). */
export async function findCaller(db: Db, token: string, level: Level): Promise<Caller | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      studioId: users.studioId,
      level: users.level,
      schoolId: users.schoolId,
      branchId: users.branchId,
      name: users.name,
      email: users.email,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        eq(sessions.level, level),
        eq(users.level, level),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(users.active, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Ends every session of an account at once (deactivated, deleted, password reset). */
export async function revokeUserSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
