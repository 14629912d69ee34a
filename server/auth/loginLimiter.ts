/**
 * Failed sign-ins are counted per account and per address in a fixed window, in the database
 * so that several app processes share the count.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema';

export interface LimiterSettings {
  maxPerAccount: number;
  maxPerAddress: number;
  windowMinutes: number;
}

export const accountKey = (email: string) => `email:${email}`;
export const addressKey = (ip: string) => `ip:${ip}`;

export async function isLimited(db: Db, settings: LimiterSettings, email: string, ip: string): Promise<boolean> {
  const since = new Date(Date.now() - settings.windowMinutes * 60_000);
  const rows = await db
    .select()
    .from(loginFailures)
    .where(inArray(loginFailures.key, [accountKey(email), addressKey(ip)]));
  return rows.some((row) => {
    if (row.windowStart < since) return false;
    const max = row.key.startsWith('email:') ? settings.maxPerAccount : settings.maxPerAddress;
    return row.count >= max;
  });
}

export async function recordFailure(db: Db, settings: LimiterSettings, email: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - settings.windowMinutes * 60_000);
  for (const key of [accountKey(email), addressKey(ip)]) {
    await db
      .insert(loginFailures)
      .values({ key, count: 1, windowStart: new Date() })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          count: sql`CASE WHEN ${loginFailures.windowStart} < ${since.toISOString()} THEN 1 ELSE ${loginFailures.count} + 1 END`,
          windowStart: sql`CASE WHEN ${loginFailures.windowStart} < ${since.toISOString()} THEN now() ELSE ${loginFailures.windowStart} END`,
        },
      });
  }
}

export async function clearAccountFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(inArray(loginFailures.key, [accountKey(email)]));
}
