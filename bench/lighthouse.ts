/**
 * Phone benchmark: Lighthouse's performance audit, mobile profile (a mid-range phone on a slow 4G
 * line, simulated), cold cache, of every login page and of the panel's, school's, branch's and
 * student's Home, in Debian's Chromium. The built app runs as `npm start` runs it (its own port,
 * data folder and embedded database, demo data). Each page is audited RUNS times (3) and the
 * median of each figure is printed:
 *   lighthouse <page> <score>  LCP … s  TBT … ms  JS … KiB gzip
 * and the run exits non-zero when a page misses a goal (score ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms, and
 * ≤ 100 KiB gzip JavaScript for the student's pages). `PAGES=student-login,panel-home` audits only those;
 * `LIGHTHOUSE_REPORTS=<folder>` keeps each run's whole report there (`<page>-<run>.json`).
 *   node --import tsx bench/lighthouse.ts
 *
 * Signed-in pages: the session is put where the app keeps it (localStorage) before the audit, in
 * the Chromium that Lighthouse then drives through its debugging port. Lighthouse clears the
 * HTTP cache and the service workers before each run, never localStorage, so each run starts cold
 * and signed in.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/seed/demo';
// @ts-expect-error: a plain JavaScript module without types
import { ensureBuilt } from '../scripts/build.mjs';
import { percentile } from './helpers';

const RUNS = Number(process.env.RUNS ?? 3);
const GOALS = { score: 90, lcpMs: 2500, tbtMs: 200, studentJsKiB: 100 };
const root = path.resolve(import.meta.dirname, '..');
// The demo's student of 12/A (README: Demo accounts).
const DEMO_STUDENT = { schoolCode: 'ATA2026', schoolNumber: '102', accessCode: 'ANKARA34' };

/** What the browser holds before a page is opened: nothing, or a session as the app stores it. */
type Session = Record<string, string>;

interface Page {
  name: string;
  path: string;
  /** Held to the JavaScript goal: the pages students open on their phones. */
  student?: boolean;
  session: (base: string) => Promise<Session>;
}

const signedOut = () => Promise.resolve({});

async function postJson(url: string, body: object): Promise<{ token: string }> {
  const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
  return (await answer.json()) as { token: string };
}

const staff = (level: 'panel' | 'school' | 'branch') => async (base: string) => {
  const email = DEMO_ACCOUNTS.find((a) => a.level === level)?.email;
  if (!email) throw new Error(`no demo account of the ${level} level`);
  const { token } = await postJson(`${base}/api/${level}/login`, { email, password: DEMO_PASSWORD });
  return { authToken: token, level };
};

const PAGES: Page[] = [
  { name: 'panel-login', path: '/panel/login', session: signedOut },
  { name: 'school-login', path: '/school/login', session: signedOut },
  { name: 'branch-login', path: '/branch/login', session: signedOut },
  { name: 'student-login', path: '/student/login', student: true, session: signedOut },
  { name: 'veli-login', path: '/veli/login', session: signedOut },
  { name: 'panel-home', path: '/', session: staff('panel') },
  { name: 'school-home', path: '/', session: staff('school') },
  { name: 'branch-home', path: '/', session: staff('branch') },
  {
    name: 'student-home',
    path: '/student',
    student: true,
    session: async (base) => ({ studentAuthToken: (await postJson(`${base}/api/student/login`, DEMO_STUDENT)).token }),
  },
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The built server as `npm start` runs it, on the embedded database with the demo data. */
async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-bench-lighthouse-'));
  const { DATABASE_URL: _postgres, ...env } = process.env;
  const child = spawn(process.execPath, [path.join(root, 'dist', 'server', 'main.js')], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const close = () => {
    child.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // Up to five minutes: on a machine shared with other builds and tests, seeding the demo took over two.
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`the server ended with ${child.exitCode}`);
    const healthy = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { base, close };
    if (tries > 600) {
      close();
      throw new Error('the server did not start within five minutes');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Bytes of a file as the server sends it to a browser that takes gzip (the build's own .gz). */
function gzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Puts `session` into the origin's localStorage (and clears what was there) in the Chromium at `port`. */
async function holdSession(port: number, base: string, session: Session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const [context] = browser.contexts();
    if (!context) throw new Error('Chromium has no browser context');
    const tab = await context.newPage();
    await tab.goto(`${base}/api/health`);
    await tab.evaluate((entries) => {
      localStorage.clear();
      for (const [key, value] of entries) localStorage.setItem(key, value);
    }, Object.entries(session));
    await tab.close();
  } finally {
    // Connected, not launched: this only lets go of Chromium.
    await browser.close();
  }
}

interface Run {
  score: number;
  lcpMs: number;
  tbtMs: number;
  jsKiB: number;
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
}

/** One audit; a run whose trace Lighthouse could not record (it asks to be run again) is run again, twice at most. */
async function audit(port: number, url: string, report?: string): Promise<Run> {
  let result;
  for (let attempt = 1; ; attempt++) {
    result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!result.lhr.runtimeError) break;
    if (attempt === 3) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  }
  const { lhr } = result;
  if (report) fs.writeFileSync(report, JSON.stringify(lhr));
  const score = lhr.categories.performance?.score;
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
  const tbt = lhr.audits['total-blocking-time']?.numericValue;
  const requests = lhr.audits['network-requests']?.details;
  if (score == null || lcp === undefined || tbt === undefined || requests?.type !== 'table') throw new Error(`${url}: Lighthouse's result lacks a figure`);
  const scripts = (requests.items as unknown as NetworkRequest[]).filter((r) => r.resourceType === 'Script' && r.url.startsWith(new URL(url).origin));
  const js = (await Promise.all(scripts.map((r) => gzipBytes(r.url)))).reduce((sum, n) => sum + n, 0);
  return { score: Math.round(score * 100), lcpMs: lcp, tbtMs: tbt, jsKiB: js / 1024 };
}

async function main() {
  await ensureBuilt();
  const chosen = process.env.PAGES?.split(',');
  const pages = PAGES.filter((p) => !chosen || chosen.includes(p.name));
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) fs.mkdirSync(reports, { recursive: true });
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const loadBefore = os.loadavg()[0]!;
  let ok = true;
  try {
    for (const page of pages) {
      await holdSession(chrome.port, server.base, await page.session(server.base));
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(chrome.port, server.base + page.path, reports && path.join(reports, `${page.name}-${i + 1}.json`)));
      const median = (pick: (run: Run) => number) => percentile(runs.map(pick), 50);
      const m = { score: median((r) => r.score), lcpMs: median((r) => r.lcpMs), tbtMs: median((r) => r.tbtMs), jsKiB: median((r) => r.jsKiB) };
      const misses = [
        m.score < GOALS.score ? `score < ${GOALS.score}` : '',
        m.lcpMs > GOALS.lcpMs ? `LCP > ${GOALS.lcpMs / 1000} s` : '',
        m.tbtMs > GOALS.tbtMs ? `TBT > ${GOALS.tbtMs} ms` : '',
        page.student && m.jsKiB > GOALS.studentJsKiB ? `JS > ${GOALS.studentJsKiB} KiB` : '',
      ].filter(Boolean);
      if (misses.length) ok = false;
      console.log(
        `lighthouse ${page.name} ${m.score}  LCP ${(m.lcpMs / 1000).toFixed(2)} s  TBT ${m.tbtMs.toFixed(0)} ms  JS ${m.jsKiB.toFixed(1)} KiB gzip` +
          `  (runs: ${runs.map((r) => r.score).join(' ')})${misses.length ? `  ✗ ${misses.join(', ')}` : ''}`,
      );
    }
  } finally {
    chrome.kill();
    server.close();
  }
  // Lighthouse simulates the phone's CPU and line from what it observed: a busy machine still shows.
  const load = [loadBefore, os.loadavg()[0]!].map((n) => n.toFixed(2)).join(' → ');
  console.log(`mobile profile (simulated throttling), cold cache, median of ${RUNS} runs; load average ${load} (${os.cpus().length} cores)`);
  return ok;
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
