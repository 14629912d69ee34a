/**
 * Where the app's own files are, both when it runs from source (tsx, tests) and when it runs
 * built (dist/server/*.js, everything bundled into the entry file next to its migrations).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** True for the compiled server under dist/server. */
const isBuilt = path.basename(here) === 'server' && path.basename(path.dirname(here)) === 'dist';
const root = isBuilt ? path.resolve(here, '..', '..') : path.resolve(here, '..');

export const paths = {
  /** The built web app (index.html and hashed assets). */
  webRoot: path.join(root, 'dist', 'web'),
  /** SQL migrations: copied beside the compiled server at build time. */
  migrations: isBuilt ? path.join(here, 'migrations') : path.join(here, 'db', 'migrations'),
  /** The embedded database's thread (plain JavaScript, copied beside the compiled server). */
  pgliteWorker: isBuilt ? path.join(here, 'pgliteWorker.mjs') : path.join(here, 'db', 'pgliteWorker.mjs'),
  /** The worker threads' module: compiled beside the server, or a shim that loads the TypeScript source. */
  workerEntry: isBuilt ? path.join(here, 'worker.js') : path.join(here, 'workers', 'sourceEntry.mjs'),
  /** The printing conditions' ICC profiles the print files embed: copied beside the compiled server. */
  printProfiles: isBuilt ? path.join(here, 'profiles') : path.join(here, 'typesetting', 'profiles'),
};
