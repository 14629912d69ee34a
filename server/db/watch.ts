/**
 * Notifications from the database (LISTEN/NOTIFY) on one channel: a process learns at once of a
 * change another process (or itself) committed. PostgreSQL delivers them on a connection of their
 * own; the embedded database delivers them from its thread before the answer of the committing
 * query, so there nothing can overtake them.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface Watch {
  /** True while notifications are known to arrive; while false, nothing may rely on them. */
  readonly live: boolean;
  /**
   * Resolves once every notification committed before the call has been handed over: true, or
   * false when that could not be made sure of (connection lost, no answer within a second).
   */
  settle(): Promise<boolean>;
  close(): Promise<void>;
}

export interface WatchHandlers {
  message(payload: string): void;
  /** Notifications may have been missed (connection lost or replaced). */
  lost(): void;
}

const SETTLE_TIMEOUT_MS = 1_000;
const RECONNECT_MS = 2_000;

/** A watch over a PostgreSQL channel, reconnecting by itself after the connection is lost. */
export function watchPostgres(connectionString: string, channel: string, handlers: WatchHandlers): Watch {
  // This process's own "settle" marks come back on the same channel; others ignore them.
  const marker = `settle:${randomBytes(6).toString('hex')}:`;
  const settling = new Map<string, (settled: boolean) => void>();
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let nextMark = 0;
  let retry: NodeJS.Timeout | undefined;

  const dropConnection = () => {
    if (live) handlers.lost();
    live = false;
    for (const done of settling.values()) done(false);
    settling.clear();
    const old = client;
    client = undefined;
    old?.removeAllListeners();
    old?.on('error', () => undefined);
    void old?.end().catch(() => undefined);
    if (!closed && !retry) retry = setTimeout(connect, RECONNECT_MS).unref();
  };

  async function connect() {
    retry = undefined;
    if (closed) return;
    const fresh = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
    client = fresh;
    fresh.on('error', dropConnection);
    fresh.on('end', dropConnection);
    fresh.on('notification', ({ channel: from, payload = '' }) => {
      if (from !== channel) return;
      if (payload.startsWith(marker)) settling.get(payload)?.(true);
      else if (!payload.startsWith('settle:')) handlers.message(payload);
    });
    try {
      await fresh.connect();
      await fresh.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (client !== fresh) return;
      // Whatever happened while no one listened is unknown: start from a clean slate.
      handlers.lost();
      live = true;
    } catch {
      if (client === fresh) dropConnection();
    }
  }
  void connect();

  return {
    get live() {
      return live;
    },
    async settle() {
      const current = client;
      if (!live || !current) return false;
      // Notifications reach a listener in the order their transactions committed, so once this
      // mark (committed now) comes back, everything committed before it has been delivered.
      const mark = `${marker}${nextMark++}`;
      const arrived = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          settling.delete(mark);
          resolve(false);
        }, SETTLE_TIMEOUT_MS);
        timer.unref();
        settling.set(mark, (settled) => {
          clearTimeout(timer);
          settling.delete(mark);
          resolve(settled);
        });
      });
      current.query('SELECT pg_notify($1, $2)', [channel, mark]).catch(() => settling.get(mark)?.(false));
      return arrived;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const old = client;
      client = undefined;
      live = false;
      old?.removeAllListeners();
      old?.on('error', () => undefined);
      await old?.end().catch(() => undefined);
    },
  };
}
