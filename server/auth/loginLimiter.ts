/**
 * Sign-in throttling, shared by every app process through the database. An attempt first takes a
 * slot on three counters in single atomic statements, before the password is checked, so N
 * attempts at once count N:
 *   - the address: at most `maxPerAddress` failures a window, then it waits for the window's end;
 *   - the account from that address: at most `maxPerAccount`, then the same;
 *   - the account from anywhere: after `maxPerAccount` failures each further attempt must wait a
 *     doubling delay (1 s, 2 s, 4 s … at most 2 minutes). Someone who knows only the e-mail can
 *     slow the owner down by seconds, never lock them out for the window.
 * A success gives its slots back and clears the account's counters.
 */
import { inArray, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { tr } from '../../common/tr';
import type { Config } from '../config';
import { HttpError } from '../core/errors';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema';

interface LimiterSettings {
  maxPerAccount: number;
  maxPerAddress: number;
  windowMinutes: number;
}

/** The longest wait the account's doubling delay reaches, in seconds. */
const MAX_DELAY_SECONDS = 120;

const keys = (account: string, ip: string) => ({ address: `ip:${ip}`, pair: `pair:${account}|${ip}`, account: `account:${account}` });

interface Slot {
  key: string;
  free: number;
  /** After the free attempts: wait for the window's end, or a doubling delay from now. */
  after: 'window' | 'doubling';
}

/**
 * Takes a slot on one counter, unless it is held back; answers the new count, or the time it is
 * held back until.
 */
async function takeSlot(db: Db, slot: Slot, windowMinutes: number): Promise<{ ok: true } | { ok: false; until: Date }> {
  const window = sql`make_interval(mins => ${windowMinutes})`;
  const expired = sql`f.window_start < now() - ${window}`;
  const next = sql`f.count + 1`;
  const holdBack =
    slot.after === 'window'
      ? sql`f.window_start + ${window}`
      : sql`now() + make_interval(secs => least(power(2, ${next} - ${slot.free} - 1), ${MAX_DELAY_SECONDS}))`;
  const result = await db.execute<{ count: number }>(sql`
    INSERT INTO login_failures AS f (key, count, window_start) VALUES (${slot.key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN ${expired} THEN 1 ELSE ${next} END,
      window_start = CASE WHEN ${expired} THEN now() ELSE f.window_start END,
      blocked_until = CASE WHEN ${expired} THEN NULL WHEN ${next} >= ${slot.free} THEN ${holdBack} ELSE f.blocked_until END
    WHERE ${expired} OR f.blocked_until IS NULL OR f.blocked_until <= now()
    RETURNING count`);
  if (result.rows.length) return { ok: true };
  const [held] = await db
    .select({ until: loginFailures.blockedUntil })
    .from(loginFailures)
    .where(inArray(loginFailures.key, [slot.key]));
  return { ok: false, until: held?.until ?? new Date() };
}

export interface Attempt {
  /** The password was right: the slots are given back and the account's failures forgotten. */
  succeeded(): Promise<void>;
}

/**
 * Reserves an attempt for this account from this address, or answers how many seconds to wait.
 * The first `maxPerAccount` failures of an account cost nothing; the one that reaches the limit
 * starts the hold.
 */
async function beginAttempt(db: Db, settings: LimiterSettings, account: string, ip: string): Promise<Attempt | { waitSeconds: number }> {
  const k = keys(account, ip);
  const slots: Slot[] = [
    { key: k.address, free: settings.maxPerAddress, after: 'window' },
    { key: k.pair, free: settings.maxPerAccount, after: 'window' },
    { key: k.account, free: settings.maxPerAccount, after: 'doubling' },
  ];
  const taken: string[] = [];
  for (const slot of slots) {
    const outcome = await takeSlot(db, slot, settings.windowMinutes);
    if (!outcome.ok) {
      await giveBack(db, taken);
      return { waitSeconds: Math.max(1, Math.ceil((outcome.until.getTime() - Date.now()) / 1000)) };
    }
    taken.push(slot.key);
  }
  return {
    async succeeded() {
      await giveBack(db, [k.address]);
      await db.delete(loginFailures).where(inArray(loginFailures.key, [k.pair, k.account]));
    },
  };
}

/** Slots of an attempt that did not happen (refused further on, or a success) do not count. */
async function giveBack(db: Db, keysTaken: string[]): Promise<void> {
  if (!keysTaken.length) return;
  await db
    .update(loginFailures)
    .set({ count: sql`greatest(${loginFailures.count} - 1, 0)` })
    .where(inArray(loginFailures.key, keysTaken));
}

/**
 * A slot for one password check of this account from this address under the configured limits
 * (staff and student sign-ins alike), or a 429 saying in Retry-After how long to wait.
 */
export async function reserveAttempt(db: Db, config: Config, account: string, ip: string, reply: FastifyReply): Promise<Attempt> {
  const limits: LimiterSettings = {
    maxPerAccount: config.loginMaxFailuresPerAccount,
    maxPerAddress: config.loginMaxFailuresPerAddress,
    windowMinutes: config.loginFailureWindowMinutes,
  };
  const attempt = await beginAttempt(db, limits, account, ip);
  if ('waitSeconds' in attempt) {
    reply.header('retry-after', String(attempt.waitSeconds));
    throw new HttpError(429, tr.tooManyTriesWait(attempt.waitSeconds));
  }
  return attempt;
}

/**
 * An allowance on one key of the same counters, for calls anyone may make (uploads through a
 * public link): at most `max` a window, counted before the work starts; then a 429 that says in
 * Retry-After how long to wait.
 */
export async function takeAllowance(db: Db, key: string, max: number, windowMinutes: number, reply: FastifyReply): Promise<void> {
  const outcome = await takeSlot(db, { key, free: max, after: 'window' }, windowMinutes);
  if (outcome.ok) return;
  const waitSeconds = Math.max(1, Math.ceil((outcome.until.getTime() - Date.now()) / 1000));
  reply.header('retry-after', String(waitSeconds));
  throw new HttpError(429, tr.tooManyTriesWait(waitSeconds));
}
