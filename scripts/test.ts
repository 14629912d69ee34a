/**
 * `npm test`: builds the web app, runs every unit/API test (Vitest) and every browser test
 * (Playwright), and ends with one line "N passed, N failed". DATABASE_URL set → the same tests
 * run against that PostgreSQL server instead of PGlite.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const run = (cmd: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const target = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`\n== Yıllık Paneli tests against ${target} ==\n`);

const summary = { passed: 0, failed: 0, problems: [] as string[] };

if (run(bin('vite'), ['build', '--logLevel', 'warn']) !== 0) summary.problems.push('web build failed');

const vitestJson = path.join(tmp, 'vitest.json');
fs.rmSync(vitestJson, { force: true });
const vitestStatus = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
if (fs.existsSync(vitestJson)) {
  const report = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  summary.passed += report.numPassedTests;
  summary.failed += report.numFailedTests;
  if (vitestStatus !== 0 && report.numFailedTests === 0) summary.problems.push('vitest exited with an error');
} else summary.problems.push('vitest wrote no report');

const playwrightJson = path.join(tmp, 'playwright.json');
fs.rmSync(playwrightJson, { force: true });
const pwStatus = run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightJson });
if (fs.existsSync(playwrightJson)) {
  const stats = JSON.parse(fs.readFileSync(playwrightJson, 'utf8')).stats;
  summary.passed += stats.expected + stats.flaky;
  summary.failed += stats.unexpected;
  if (pwStatus !== 0 && stats.unexpected === 0) summary.problems.push('playwright exited with an error');
} else summary.problems.push('playwright wrote no report');

// A runner that crashed counts as a failure, never as silence.
summary.failed += summary.problems.length;
fs.writeFileSync(path.join(tmp, 'test-summary.json'), JSON.stringify(summary));
for (const problem of summary.problems) console.error(`problem: ${problem}`);
console.log(`\n${target}: ${summary.passed} passed, ${summary.failed} failed`);
process.exit(summary.failed > 0 ? 1 : 0);
