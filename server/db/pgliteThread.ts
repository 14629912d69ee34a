/**
 * The main thread's side of the embedded database: PGlite runs in a worker thread, and
 * node-postgres talks to it through PGlite's own wire-protocol connection, one connection at a
 * time (a pool of one serialises transactions as a single backend needs). Both databases are then
 * used through the same driver, with the same types and errors.
 */
import { Worker } from 'node:worker_threads';
import { PglitePgConnection } from '@electric-sql/pglite/node-postgres';
import pg from 'pg';
import { paths } from '../paths';

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export interface PgliteThread {
  pool: pg.Pool;
  /** The database folder as a tar file (tests start each file's database from one). */
  dump(): Promise<Blob>;
  /** Calls `onMessage` with the payload of every notification on the channel; answers how to stop. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => void>;
  close(): Promise<void>;
}

/**
 * node-postgres hands a query's custom type parsers (drizzle's) to `parse` as `types`; PGlite's
 * serializer takes `types` for the parameters' type ids, so only an array of them goes through.
 */
class BridgedConnection extends PglitePgConnection {
  parse(query: { text: string; name?: string; types?: unknown }) {
    super.parse({ ...query, types: Array.isArray(query.types) ? query.types : undefined } as never);
  }
}

/** Parse, Bind, Describe, Execute and Close: messages PostgreSQL answers only once a Sync or Flush follows. */
const GATHERED = new Set([0x50, 0x42, 0x44, 0x45, 0x43]);

export async function startPgliteThread(options: { dataDir?: string; template?: Blob }): Promise<PgliteThread> {
  const worker = new Worker(paths.pgliteWorker, { workerData: { dataDir: options.dataDir, template: options.template } });
  const pending = new Map<number, Pending>();
  let next = 0;
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let markReady: () => void = () => {};
  let failStart: (error: Error) => void = () => {};
  const waitReady = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failStart = reject;
  });
  worker.on(
    'message',
    (message: {
      id?: number;
      ready?: boolean;
      failure?: string;
      messages?: unknown[];
      dump?: Blob;
      closed?: boolean;
      notify?: { channel: string; payload: string };
    }) => {
      if (message.ready) return markReady();
      if (message.notify) {
        for (const listener of listeners.get(message.notify.channel) ?? []) listener(message.notify.payload);
        return;
      }
      const waiting = pending.get(message.id!);
      pending.delete(message.id!);
      if (!waiting) return;
      if (message.failure) waiting.reject(new Error(message.failure));
      else if (message.messages)
        waiting.resolve(message.messages.map((m) => ((m as { isError?: boolean }).isError ? Object.assign(new Error((m as Error).message), m) : m)));
      else waiting.resolve(message.dump ?? message.closed);
    },
  );
  worker.on('error', (error) => {
    failStart(error);
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  });
  const ask = <T>(kind: string, bytes?: Uint8Array, channel?: string) =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, kind, bytes, channel });
    });
  await waitReady;

  // What PglitePgConnection needs of a PGlite: readiness and the wire protocol. node-postgres
  // hands over an extended query as five messages (parse, bind, describe, execute, sync); they are
  // gathered and cross to the thread together with the sync, one trip per query instead of five.
  // Their answers come back together, in order, as they would from a socket.
  let gathered: Uint8Array[] = [];
  const execProtocolStream = async (bytes: Uint8Array) => {
    if (GATHERED.has(bytes[0]!)) {
      gathered.push(bytes);
      return [];
    }
    const all = gathered.length ? Buffer.concat([...gathered, bytes]) : bytes;
    gathered = [];
    return ask<unknown[]>('protocol', all);
  };
  const bridge = { waitReady, execProtocolStream };
  class PgliteClient extends pg.Client {
    constructor(config: pg.ClientConfig = {}) {
      // A connection of its own per client: the pool ends a client whose query failed.
      super({
        ...config,
        user: 'postgres',
        database: 'postgres',
        password: 'embedded',
        connection: new BridgedConnection({ pglite: bridge as never }),
      } as pg.ClientConfig);
    }

    // Every client is a new connection to the one same database session: statements prepared by a
    // client the pool has let go (idle, failed) are still there, and this one would prepare them
    // again under the same names. So connecting clears them, before any query of the caller.
    // (The pool connects with a callback; direct use with a promise.)
    connect(): Promise<pg.Client>;
    connect(callback: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): void;
    connect(callback?: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): Promise<pg.Client> | void {
      const ready = super.connect().then(async () => {
        await super.query('DEALLOCATE ALL');
        return this as pg.Client;
      });
      if (!callback) return ready;
      const done = callback as (err: Error | null, c?: pg.Client) => void;
      ready.then(
        (client) => done(null, client),
        (error: Error) => done(error),
      );
    }
  }
  const pool = new pg.Pool({ Client: PgliteClient, max: 1 });
  return {
    pool,
    dump: () => ask<Blob>('dump'),
    async listen(channel, onMessage) {
      let channelListeners = listeners.get(channel);
      if (!channelListeners) {
        channelListeners = new Set();
        listeners.set(channel, channelListeners);
        await ask('listen', undefined, channel);
      }
      channelListeners.add(onMessage);
      return () => channelListeners.delete(onMessage);
    },
    async close() {
      await pool.end();
      await ask('close');
      await worker.terminate();
    },
  };
}
