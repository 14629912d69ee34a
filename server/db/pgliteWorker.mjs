// The embedded database in a thread of its own: PGlite (PostgreSQL compiled to WebAssembly)
// answers wire-protocol messages posted by the main thread, so queries run on one core while
// HTTP and JSON run on the other. Plain JavaScript: it runs as it is, from source and built.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// PostgreSQL's shared buffers are drawn (and kept) in the process's memory from the start: the
// default 128 MB is more than an embedded database of one studio's season reads, and the pages it
// does not hold come from the operating system's file cache.
const open = (options) => PGlite.create({ ...options, extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] });

// Run as a process of its own (`node pgliteWorker.mjs <folder>`): creates the data folder and ends.
if (isMainThread) {
  await (await open({ dataDir: process.argv[2] })).close();
  process.exit(0);
}

// A new data folder is created (initdb) in a short-lived process: creating it leaves some hundred
// MB behind (a second instance and a dump of the folder) that a thread would hold until a
// collection happens to come, and a process gives back when it ends.
if (workerData.dataDir && !fs.existsSync(path.join(workerData.dataDir, 'PG_VERSION'))) {
  await promisify(execFile)(process.execPath, [fileURLToPath(import.meta.url), workerData.dataDir]);
}
const database = await open({ dataDir: workerData.dataDir, loadDataDir: workerData.template });

// One request at a time: PGlite keeps the answer of the protocol call under way in the instance,
// and the main thread sends the next batch before this one is answered.
let turn = Promise.resolve();
let waiting = 0;
parentPort.on('message', (request) => {
  waiting++;
  clearTimeout(idleTimer);
  turn = turn
    .then(() => handle(request))
    .finally(() => {
      waiting--;
      if (waiting === 0 && request.kind !== 'close') idleTimer = setTimeout(() => (turn = turn.then(tidyUp)), IDLE_MS);
    });
});

// PGlite runs PostgreSQL without its autovacuum: left alone, tables keep their dead rows, the
// planner keeps the sizes it saw first, and index-only scans (the scoped counts) still read the
// table, as no page is marked all-visible. So the thread does that work itself, as autovacuum
// would choose it (rows changed against the table's size), once the app has been idle a moment,
// one table at a time and stopping as soon as a request comes.
const IDLE_MS = 1_000;
const TIDY_EVERY_MS = 30_000;
let idleTimer;
let tidiedAt = 0;
const TABLES_TO_TIDY = `
  select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables
  where n_dead_tup + n_ins_since_vacuum > 50 + 0.2 * n_live_tup or n_mod_since_analyze > 50 + 0.1 * n_live_tup`;

async function tidyUp() {
  if (waiting > 0 || database.closed || database.isInTransaction()) return;
  const wait = tidiedAt + TIDY_EVERY_MS - Date.now();
  if (wait > 0) {
    idleTimer = setTimeout(() => (turn = turn.then(tidyUp)), wait);
    return;
  }
  tidiedAt = Date.now();
  try {
    // Counts of the last statements are handed to the statistics lazily; hand them over now.
    await database.query('select pg_stat_force_next_flush()');
    const { rows } = await database.query(TABLES_TO_TIDY);
    for (const { name } of rows) {
      if (waiting > 0 || database.isInTransaction()) return;
      await database.exec(`vacuum (analyze) ${name}`);
    }
  } catch (error) {
    console.warn(JSON.stringify({ level: 40, msg: 'embedded database upkeep failed', error: String(error) }));
  }
}

async function handle({ id, kind, bytes, channel }) {
  try {
    if (kind === 'listen') {
      // Handed over while the committing query runs, so before its answer reaches the main thread.
      await database.listen(channel, (payload) => parentPort.postMessage({ notify: { channel, payload } }));
      parentPort.postMessage({ id, listening: true });
    } else if (kind === 'protocol') {
      // The answer crosses as the bytes PostgreSQL wrote, handed over rather than copied: parsing
      // them here into one object per row, and cloning those to the main thread, cost more than
      // the query itself. The main thread parses them as node-postgres parses a socket's.
      const chunks = [];
      let size = 0;
      await database.execProtocolRawStream(bytes, {
        onRawData(chunk) {
          // A view into the database's memory, which the next write reuses.
          chunks.push(chunk.slice());
          size += chunk.length;
        },
      });
      const answer = chunks.length === 1 ? chunks[0] : new Uint8Array(size);
      if (chunks.length !== 1) chunks.reduce((at, chunk) => (answer.set(chunk, at), at + chunk.length), 0);
      parentPort.postMessage({ id, answer }, [answer.buffer]);
    } else if (kind === 'dump') {
      parentPort.postMessage({ id, dump: await database.dumpDataDir('none') });
    } else if (kind === 'close') {
      await database.close();
      parentPort.postMessage({ id, closed: true });
    }
  } catch (error) {
    parentPort.postMessage({ id, failure: error instanceof Error ? error.message : String(error) });
  }
}
parentPort.postMessage({ ready: true });
