/**
 * The weight of a first visit: the JavaScript and CSS that a page loads until it can be used,
 * gzip-compressed as the server sends them, printed file by file and held under its limits.
 * Everything else loads by route, or after the page's first paint.
 */
import zlib from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './helpers';

const KB = 1024;

// The staff sign-in page's first load: the app's entry (React, the router, Mantine's core, the
// query client, about 136 kB) and the sign-in page itself, 152.6 kB. It arrives drawn
// (prerendered at build time), so this weighs how soon it can be used, not its first paint.
const PANEL_LOGIN_JS = 153 * KB;
const CSS_LIMIT = 20 * KB;
/**
 * The student's pages, which students open on their phones. The goal is 100 kB.
 * The sign-in is a first load of its own (web/portalLogin.tsx): React DOM (about 60 kB), Mantine's
 * core with the form pieces (about 24 kB, one file with React), its texts and the toasts' store;
 * the session, the call helper and zod load with the first submit. About 98 kB with the small
 * script that starts it after the first paint (99.1 kB measured).
 * Home is still the whole app's first load (146.3 kB): React Router's data router (about 30 kB)
 * and the query client (6 kB) on top of the above. The limit holds what was reached, so nothing
 * the panel uses creeps back onto a student's phone.
 */
const STUDENT_LOGIN_JS = 100 * KB;
const STUDENT_HOME_JS = 147 * KB;
/**
 * Staff Home up to its figures (the entry, the signed-in frame, Home itself: 254.3 kB, the shared
 * code grouped into fewer files); its dashboard (tables, lists) loads after that first paint, the
 * chart (128 kB) when it is scrolled to.
 */
const STAFF_HOME_JS = 255 * KB;

interface Loaded {
  url: string;
  kind: 'js' | 'css';
  gzip: number;
}

/** Notes every script and stylesheet the page loads, gzip-compressed as the build's own .gz is. */
function recordLoads(page: Page): Array<Promise<Loaded | null>> {
  const loaded: Array<Promise<Loaded | null>> = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    const kind = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : null;
    if (!kind) return;
    // A late answer to the page navigated away from has no body left to read, and is not this page's load.
    loaded.push(
      response.body().then(
        (body) => ({ url: url.pathname, kind, gzip: zlib.gzipSync(body, { level: 9 }).length }),
        () => null,
      ),
    );
  });
  return loaded;
}

/** Prints what was loaded, biggest first, and answers the gzip bytes of each kind. */
async function weigh(what: string, loaded: Array<Promise<Loaded | null>>) {
  const files = (await Promise.all(loaded)).filter((file): file is Loaded => file !== null);
  const sum = (kind: 'js' | 'css') => files.filter((f) => f.kind === kind).reduce((total, f) => total + f.gzip, 0);
  const kb = (n: number) => `${(n / KB).toFixed(1)} kB`;
  for (const f of [...files].sort((a, b) => b.gzip - a.gzip)) console.log(`  ${f.kind} ${kb(f.gzip).padStart(9)}  ${f.url}`);
  console.log(`${what} first load: ${kb(sum('js'))} gzip JavaScript in ${files.filter((f) => f.kind === 'js').length} files, ${kb(sum('css'))} gzip CSS`);
  return { js: sum('js'), css: sum('css') };
}

/** A fresh access code for a student of the demo branch (earlier tests may have renewed the demo's codes). */
async function studentCard(request: APIRequestContext) {
  const login = await request.post('/api/branch/login', { data: { email: 'sube@demo.test', password: 'Demo1234!' } });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const branchId = (await (await request.get('/api/branch/user', { headers })).json()).branch.id as number;
  const [pupil] = (await (await request.get(`/api/branch/branches/${branchId}/students?perPage=1`, { headers })).json()).items;
  const code = (await (await request.post(`/api/branch/students/${pupil.id}/access-code`, { headers })).json()).code as string;
  return { schoolCode: 'ATA2026', schoolNumber: pupil.schoolNumber as string, accessCode: code };
}

test('first load of /panel/login stays within 153 kB gzip JavaScript and 20 kB gzip CSS', async ({ page }) => {
  const loaded = recordLoads(page);
  await page.goto('/panel/login');
  await expect(page.getByRole('button', { name: 'Giriş yap' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const weight = await weigh('/panel/login', loaded);
  expect(weight.js).toBeLessThanOrEqual(PANEL_LOGIN_JS);
  expect(weight.css).toBeLessThanOrEqual(CSS_LIMIT);
});

test('a student’s phone loads /student/login within 100 kB: without the router, the form library, the schemas, the panel’s texts or zod', async ({ page }) => {
  const loaded = recordLoads(page);
  await page.goto('/student/login');
  await expect(page.getByRole('button', { name: 'Giriş yap' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const weight = await weigh('/student/login', loaded);
  expect(weight.js).toBeLessThanOrEqual(STUDENT_LOGIN_JS);
});

test('a signed-in student’s Home loads without the staff frame’s dialogs, dates and texts', async ({ page, request }) => {
  const card = await studentCard(request);
  const answer = await request.post('/api/student/login', { data: card });
  expect(answer.status()).toBe(200);
  const { token } = (await answer.json()) as { token: string };
  await page.goto('/api/health');
  await page.evaluate((value) => localStorage.setItem('studentAuthToken', value), token);
  const loaded = recordLoads(page);
  await page.goto('/student');
  await expect(page.getByRole('heading', { name: 'Ana sayfa' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const weight = await weigh('/student', loaded);
  expect(weight.js).toBeLessThanOrEqual(STUDENT_HOME_JS);
});

test('staff Home paints its figures before the dashboard’s tables load, and draws the chart when it is scrolled to', async ({ page }) => {
  // A phone: the chart lies far below the figures.
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'panel');
  // Held back until the figures are on screen, to see what the first paint needed.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(Dashboard|MessagesChart)-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const loaded = recordLoads(page);
  await page.goto('/');
  await expect(page.getByRole('group', { name: 'Öğrenciler', exact: true }).getByTestId('figure-value')).toBeVisible();
  await expect(page.getByTestId('messages-chart')).toHaveCount(0);
  const weight = await weigh('Home (figures)', loaded.slice());
  expect(weight.js).toBeLessThanOrEqual(STAFF_HOME_JS);
  release();
  // The chart comes when its place is scrolled to.
  await expect(page.getByTestId('messages-chart-place')).toBeAttached();
  await expect(page.getByTestId('messages-chart')).toHaveCount(0);
  await page.getByTestId('messages-chart-place').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('messages-chart')).toBeVisible();
});
