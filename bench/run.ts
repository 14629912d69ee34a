/**
 * `npm run bench`: every benchmark, each in its own process (fresh memory, own database), in turn.
 * `npm run bench -- lists messages` runs only those. A benchmark that misses its target exits
 * non-zero, and so does this run.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const BENCHMARKS = [
  'lists',
  'students',
  'messages',
  'hotpath',
  'memory',
  'imports',
  'photos',
  'yearbook',
  'yearbookServer',
  'render',
  'lighthouse',
  'faces',
  'faceAccuracy',
] as const;

const chosen = process.argv.slice(2);
let failed = false;
for (const name of BENCHMARKS.filter((b) => chosen.length === 0 || chosen.includes(b))) {
  console.log(`\n▶ bench/${name}.ts`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, `${name}.ts`)], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
