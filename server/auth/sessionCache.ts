/**
 * Signed-in callers kept in memory for a short while, so most requests skip the session lookup.
 * Safe because every change that ends or alters a session or its account is announced by the
 * database on commit (a trigger, see the migrations), and each process forgets what it heard of
 * at once. While the announcements cannot be relied on (connection lost), nothing is cached.
 */
import type { Database } from '../db/client';
import type { Watch } from '../db/watch';
import type { Caller } from './caller';

const SESSION_CHANNEL = 'session_changes';

/** At most this many sessions are remembered; the oldest go first. */
const MAX_ENTRIES = 10_000;

export interface FoundSession {
  caller: Caller;
  expiresAt: Date;
}

interface Entry {
  caller: Caller;
  until: number;
}

export interface SessionCache {
  /** The caller of a session key, from memory or from `load`. */
  lookup(key: string, load: () => Promise<FoundSession | null>): Promise<Caller | null>;
  /**
   * Waits until every change committed so far has been heard of; a request that changed sessions
   * calls it before answering, so its own next request already sees the change.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export async function createSessionCache(database: Pick<Database, 'watch'>, ttlSeconds: number): Promise<SessionCache> {
  const entries = new Map<string, Entry>();
  // Bumped by every forgetting: a lookup that began before it must not store what it read.
  let epoch = 0;
  const forget = (matches: (caller: Caller) => boolean) => {
    epoch++;
    for (const [key, entry] of entries) if (matches(entry.caller)) entries.delete(key);
  };
  const forgetAll = () => {
    epoch++;
    entries.clear();
  };
  const watch: Watch | undefined =
    ttlSeconds > 0
      ? await database.watch(SESSION_CHANNEL, {
          message(payload) {
            const id = Number(payload.slice(2));
            if (payload.startsWith('s:')) forget((caller) => caller.sessionId === id);
            else if (payload.startsWith('u:')) forget((caller) => caller.userId === id);
            else forgetAll();
          },
          lost: forgetAll,
        })
      : undefined;

  return {
    async lookup(key, load) {
      if (!watch?.live) return (await load())?.caller ?? null;
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.until > now) return hit.caller;
      if (hit) entries.delete(key);
      const started = epoch;
      const found = await load();
      if (!found) return null;
      if (started === epoch && watch.live) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(key, { caller: found.caller, until: Math.min(now + ttlSeconds * 1000, found.expiresAt.getTime()) });
      }
      return found.caller;
    },
    async settle() {
      if (!watch) return;
      if (!(await watch.settle())) forgetAll();
    },
    async close() {
      forgetAll();
      await watch?.close();
    },
  };
}
