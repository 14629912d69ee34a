/** Sessions: random tokens, stored as sha256 hashes with an expiry, valid for one level only. */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Level } from '../../common/levels';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Caller } from './caller';
import type { FoundSession, SessionCache } from './sessionCache';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface Origin {
  ip: string;
  userAgent: string;
}

/** A new random token and what a session row keeps of it (staff's and the code holders' alike): its hash, expiry and origin. */
export function newToken(ttlHours: number, origin: Origin) {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    stored: {
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ttlHours * 3_600_000),
      ip: origin.ip,
      // A browser's description, cut to a length a list can show.
      userAgent: origin.userAgent.slice(0, 300),
    },
  };
}

export async function createSession(db: Db, userId: number, level: Level, ttlHours: number, origin: Origin = { ip: '', userAgent: '' }): Promise<string> {
  const { token, stored } = newToken(ttlHours, origin);
  await db.insert(sessions).values({ userId, level, ...stored });
  return token;
}

/** The caller behind a token at this level's prefix, or null (missing, expired, revoked, other level, inactive). */
export function findCaller(db: Db, cache: SessionCache, token: string, level: Level): Promise<Caller | null> {
  // Remembered under the token itself (only in this process's memory): a request answered from memory hashes nothing.
  return cache.lookup(`${level}:${token}`, () => findSession(db, hashToken(token), level));
}

async function findSession(db: Db, tokenHash: string, level: Level): Promise<FoundSession | null> {
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
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        eq(sessions.level, level),
        eq(users.level, level),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(users.active, true),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { lastSeenAt, expiresAt, ...caller } = row;
  // "Last seen" is kept to five minutes' precision, so most requests write nothing.
  if (Date.now() - lastSeenAt.getTime() > LAST_SEEN_PRECISION_MS) {
    void db
      .update(sessions)
      .set({ lastSeenAt: new Date() })
      .where(eq(sessions.id, row.sessionId))
      .catch(() => undefined);
  }
  return { caller, expiresAt };
}

const LAST_SEEN_PRECISION_MS = 5 * 60_000;

/** The account's sessions that still work, newest first. */
export function activeSessions(db: Db, userId: number) {
  return db
    .select({ id: sessions.id, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, ip: sessions.ip, userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Ends one of the account's sessions; answers whether there was such a session to end. */
export async function revokeOwnSession(db: Db, userId: number, sessionId: number): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Ends every session of an account at once (deactivated, deleted, password reset), or all but one. */
export async function revokeUserSessions(db: Db, userId: number, except?: number): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), except === undefined ? undefined : ne(sessions.id, except)))
    .returning({ id: sessions.id });
  return ended.length;
}
