/**
 * The main thread's side of the embedded database: PGlite runs in a worker thread, and
 * node-postgres talks to it through PGlite's own wire-protocol connection, one connection at a
 * time (a pool of one serialises transactions as a single backend needs). Both databases are then
 * used through the same driver, with the same types and errors.
 */
import { Worker } from 'node:worker_threads';
import { protocol } from '@electric-sql/pglite';
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
 * The statements a client prepared live in the one database session all clients share, so the
 * clients share their record of the prepared ones too: once prepared, every client binds it.
 */
class BridgedConnection extends PglitePgConnection {
  constructor(options: { pglite: never }, parsedStatements: object) {
    super(options);
    (this as unknown as { parsedStatements: object }).parsedStatements = parsedStatements;
  }

  parse(query: { text: string; name?: string; types?: unknown }) {
    super.parse({ ...query, types: Array.isArray(query.types) ? query.types : undefined } as never);
  }
}

/** Parse, Bind, Describe, Execute and Close: messages PostgreSQL answers only once a Sync or Flush follows. */
const GATHERED = new Set([0x50, 0x42, 0x44, 0x45, 0x43]);
const QUERY = 0x51;
const PARSE = 0x50;

/**
 * A Close of the statement a Parse message names, or null for the unnamed one. Two clients may
 * prepare one statement at once (neither has seen it prepared yet): each closes it first, so the
 * second prepares it again instead of failing, and no batch finds it missing.
 */
function closeBefore(parse: Uint8Array): Uint8Array | null {
  const end = parse.indexOf(0, 5);
  if (end <= 5) return null;
  const name = parse.subarray(5, end + 1);
  const close = Buffer.alloc(6 + name.length);
  close[0] = 0x43;
  close.writeInt32BE(5 + name.length, 1);
  close[5] = 0x53; // 'S': a statement
  close.set(name, 6);
  return close;
}

/** Whether a batch of messages opens a transaction (BEGIN or START TRANSACTION as a query or a statement). */
function opensTransaction(batch: Uint8Array[]): boolean {
  return batch.some((message) => {
    if (message[0] !== QUERY && message[0] !== PARSE) return false;
    let at = 5;
    // A statement's text follows its name.
    if (message[0] === PARSE) at = message.indexOf(0, at) + 1;
    const start = Buffer.from(message.buffer, message.byteOffset + at, Math.min(32, message.length - at)).toString('latin1');
    return /^\s*(begin|start\s+transaction)\b/i.test(start);
  });
}

interface Answer {
  name?: string;
  status?: string;
  channel?: string;
  payload?: string;
}

const DATA_ROW = 0x44;

/**
 * The messages of an answer, from the bytes PostgreSQL wrote. Rows are most of them and are
 * read here, each field sliced once straight into a string; the few others (descriptions,
 * completions, errors) are left to PGlite's own parser.
 */
function messagesOf(answer: Uint8Array): Answer[] {
  const bytes = Buffer.from(answer.buffer, answer.byteOffset, answer.length);
  const parser = new protocol.Parser();
  const messages: Answer[] = [];
  let at = 0;
  while (at + 5 <= bytes.length) {
    const length = bytes.readInt32BE(at + 1);
    const end = at + 1 + length;
    if (bytes[at] === DATA_ROW) {
      const fieldCount = bytes.readInt16BE(at + 5);
      const fields: Array<string | null> = new Array<string | null>(fieldCount);
      let field = at + 7;
      for (let i = 0; i < fieldCount; i++) {
        const size = bytes.readInt32BE(field);
        field += 4;
        fields[i] = size < 0 ? null : bytes.toString('utf8', field, field + size);
        if (size > 0) field += size;
      }
      messages.push({ name: 'dataRow', length, fieldCount, fields } as Answer);
    } else {
      parser.parse(bytes.subarray(at, end), (message) => messages.push(message as Answer));
    }
    at = end;
  }
  return messages;
}

/**
 * The one database session, used by several clients at once: their queries go to the thread as
 * they come, so it works on the next while the main thread handles an answer. A transaction
 * has the session to itself: from its BEGIN until the session is idle again, the other clients'
 * queries wait here, in order, so nothing of theirs runs inside it.
 */
function sharedSession(send: (bytes: Uint8Array) => Promise<Answer[]>) {
  let owner: number | null = null;
  const held: Array<{ client: number; batch: Uint8Array[]; done(answers: Promise<Answer[]>): void }> = [];
  const post = (client: number, batch: Uint8Array[]) => {
    if (opensTransaction(batch)) owner = client;
    return send(batch.length === 1 ? batch[0]! : Buffer.concat(batch)).then((answers) => {
      const ready = answers.findLast((answer) => answer.name === 'readyForQuery');
      if (ready?.status === 'I' && owner === client) {
        owner = null;
        while (held.length && (owner === null || owner === held[0]!.client)) {
          const next = held.shift()!;
          next.done(post(next.client, next.batch));
        }
      } else if (ready && ready.status !== 'I' && owner === null) {
        // A transaction opened some other way: from here on, it too has the session alone.
        owner = client;
      }
      return answers;
    });
  };
  return (client: number, batch: Uint8Array[]): Promise<Answer[]> =>
    owner === null || owner === client ? post(client, batch) : new Promise((resolve) => held.push({ client, batch, done: resolve }));
}

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
      answer?: Uint8Array;
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
      else if (message.answer) {
        const messages = messagesOf(message.answer);
        // Notifications of a commit reach their listeners before the committing query's caller does.
        for (const { name, channel, payload } of messages)
          if (name === 'notification') for (const listener of listeners.get(channel!) ?? []) listener(payload!);
        waiting.resolve(messages);
      } else waiting.resolve(message.dump ?? message.closed);
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
      // A copy of just these bytes, handed over: a Buffer is often a view into a larger shared
      // one, which a posted view would copy whole.
      const own = bytes && new Uint8Array(bytes);
      worker.postMessage({ id, kind, bytes: own, channel }, own ? [own.buffer] : []);
    });
  await waitReady;

  // What PglitePgConnection needs of a PGlite: readiness and the wire protocol. node-postgres
  // hands over an extended query as five messages (parse, bind, describe, execute, sync); a
  // client's are gathered and cross to the thread together with the sync, one trip per query
  // instead of five. Their answers come back together, in order, as they would from a socket.
  const session = sharedSession((bytes) => ask<Answer[]>('protocol', bytes));
  const parsedStatements = {};
  let clients = 0;
  const bridgeOfClient = () => {
    const client = clients++;
    let gathered: Uint8Array[] = [];
    const execProtocolStream = async (bytes: Uint8Array) => {
      const close = bytes[0] === PARSE ? closeBefore(bytes) : null;
      if (close) gathered.push(close);
      gathered.push(bytes);
      if (GATHERED.has(bytes[0]!)) return [];
      const batch = gathered;
      gathered = [];
      return session(client, batch);
    };
    return { waitReady, execProtocolStream };
  };
  class PgliteClient extends pg.Client {
    constructor(config: pg.ClientConfig = {}) {
      super({
        ...config,
        user: 'postgres',
        database: 'postgres',
        password: 'embedded',
        connection: new BridgedConnection({ pglite: bridgeOfClient() as never }, parsedStatements),
      } as pg.ClientConfig);
    }
  }
  // A few clients, so queries of several requests wait at the thread rather than on the main
  // thread; the session itself still runs one statement at a time. Idle clients are kept: a new
  // one would only be the same session again.
  const pool = new pg.Pool({ Client: PgliteClient, max: 4, idleTimeoutMillis: 0 });
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
