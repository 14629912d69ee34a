/**
 * `npm start` (and `npm run backup` / `restore` / `store:copy`): runs the compiled server with plain
 * node. It builds first only when dist/ is missing or older than the sources; otherwise it
 * writes nothing. Where the sources are absent (a deployed image holds dist/ alone), it runs
 * what is there.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuilt } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const command = process.argv[2];
const entry = command === 'backup' || command === 'restore' || command === 'store-copy' ? 'cli.js' : 'main.js';

await ensureBuilt();
await import(pathToFileURL(path.join(root, 'dist', 'server', entry)).href);
