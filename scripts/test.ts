/**
 * `npm test`: every check and every test, ending with one line "N passed, N failed".
 *   1. lint (ESLint, Prettier, knip), typecheck (tsc) and build (the web app and the compiled
 *      server), side by side: each is mostly one thread, and the machine has two cores. Lint and
 *      typecheck each count as one test.
 *   2. unit and API tests (Vitest)
 *   3. browser tests (Playwright, against the compiled server)
 * DATABASE_URL set → the API and browser tests run against that PostgreSQL server instead of PGlite.
 * `npm test -- --api-only` runs step 2 alone, and only the test files that open a database (CI
 * runs them a second time on the other database; the others need one run: vitest.config.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DATABASE_TESTS_ONLY } from '../vitest.config';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const apiOnly = process.argv.includes('--api-only');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const run = (cmd: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const target = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`\n== Yıllık Paneli tests against ${target}${apiOnly ? ' (unit and API tests only)' : ''} ==\n`);

const summary = { passed: 0, failed: 0, problems: [] as string[], phases: [] as Array<{ name: string; seconds: number }> };
function phase(name: string, work: () => void) {
  const started = Date.now();
  console.log(`\n-- ${name} --`);
  work();
  summary.phases.push({ name: `${name} (${target})`, seconds: Math.round((Date.now() - started) / 1000) });
}
/** Runs the commands at once, each one's output held back and printed whole when it ends; answers their exit codes. */
async function runSideBySide(steps: Array<{ name: string; cmd: string; args: string[] }>): Promise<number[]> {
  return Promise.all(
    steps.map(
      ({ name, cmd, args }) =>
        new Promise<number>((resolve) => {
          const started = Date.now();
          const child = spawn(cmd, args, { cwd: root, env: process.env });
          const output: Buffer[] = [];
          child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
          child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
          child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
          child.on('close', (code) => {
            const seconds = Math.round((Date.now() - started) / 1000);
            console.log(`\n-- ${name} (${seconds} s) --`);
            process.stdout.write(Buffer.concat(output));
            summary.phases.push({ name: `${name} (${target})`, seconds });
            resolve(code ?? 1);
          });
        }),
    ),
  );
}

if (!apiOnly) {
  const started = Date.now();
  const [lint, typecheck, build] = await runSideBySide([
    { name: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint'] },
    { name: 'typecheck', cmd: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
    { name: 'build', cmd: process.execPath, args: ['scripts/build.mjs'] },
  ]);
  summary.phases.push({ name: `lint, typecheck and build together (${target})`, seconds: Math.round((Date.now() - started) / 1000) });
  // Lint and typecheck pass or fail as a whole: each counts as one test.
  for (const [name, status] of Object.entries({ lint, typecheck })) {
    if (status === 0) summary.passed++;
    else {
      summary.failed++;
      console.error(`${name} failed`);
    }
  }
  if (build !== 0) summary.problems.push('build failed');
}

phase('unit and API tests', () => {
  const vitestJson = path.join(tmp, 'vitest.json');
  fs.rmSync(vitestJson, { force: true });
  const status = run(
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    apiOnly ? { [DATABASE_TESTS_ONLY]: '1' } : {},
  );
  if (fs.existsSync(vitestJson)) {
    const report = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
    summary.passed += report.numPassedTests;
    summary.failed += report.numFailedTests;
    if (status !== 0 && report.numFailedTests === 0) summary.problems.push('vitest exited with an error');
  } else summary.problems.push('vitest wrote no report');
});

if (!apiOnly) {
  phase('browser tests', () => {
    const playwrightJson = path.join(tmp, 'playwright.json');
    fs.rmSync(playwrightJson, { force: true });
    const status = run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightJson });
    if (fs.existsSync(playwrightJson)) {
      const stats = JSON.parse(fs.readFileSync(playwrightJson, 'utf8')).stats;
      // A test that passed only on a retry is a failure: CI must not depend on luck.
      summary.passed += stats.expected;
      summary.failed += stats.unexpected + stats.flaky;
      if (status !== 0 && stats.unexpected === 0) summary.problems.push('playwright exited with an error');
    } else summary.problems.push('playwright wrote no report');
  });
}

// A runner that crashed counts as a failure, never as silence.
summary.failed += summary.problems.length;
fs.writeFileSync(path.join(tmp, 'test-summary.json'), JSON.stringify(summary));
for (const problem of summary.problems) console.error(`problem: ${problem}`);
console.log(`\n${summary.phases.map((p) => `${p.name}: ${p.seconds} s`).join('\n')}`);
console.log(`\n${target}: ${summary.passed} passed, ${summary.failed} failed`);
process.exit(summary.failed > 0 ? 1 : 0);
