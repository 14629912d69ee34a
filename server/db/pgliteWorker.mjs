// The embedded database in a thread of its own: PGlite (PostgreSQL compiled to WebAssembly)
// answers wire-protocol messages posted by the main thread, so queries run on one core while
// HTTP and JSON run on the other. Plain JavaScript: it runs as it is, from source and built.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const database = await PGlite.create({ dataDir: workerData.dataDir, loadDataDir: workerData.template, extensions: { pg_trgm } });

/** Error messages cross the thread as plain objects; the main thread makes them errors again. */
const plain = (message) => (message instanceof Error ? { ...message, name: message.name, message: message.message, isError: true } : message);

parentPort.on('message', async ({ id, kind, bytes, channel }) => {
  try {
    if (kind === 'listen') {
      // Handed over while the committing query runs, so before its answer reaches the main thread.
      await database.listen(channel, (payload) => parentPort.postMessage({ notify: { channel, payload } }));
      parentPort.postMessage({ id, listening: true });
    } else if (kind === 'protocol') {
      const messages = await database.execProtocolStream(bytes, { throwOnError: false });
      parentPort.postMessage({ id, messages: messages.map(plain) });
    } else if (kind === 'dump') {
      parentPort.postMessage({ id, dump: await database.dumpDataDir('none') });
    } else if (kind === 'close') {
      await database.close();
      parentPort.postMessage({ id, closed: true });
    }
  } catch (error) {
    parentPort.postMessage({ id, failure: error instanceof Error ? error.message : String(error) });
  }
});
parentPort.postMessage({ ready: true });
