import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';

export const DEMO_PASSWORD = 'Demo1234!';
export const DEMO = {
  panel: 'admin@demo.test',
  school: 'okul@demo.test',
  branch: 'sube@demo.test',
} as const;
export type Level = keyof typeof DEMO;

/** The phone the phone tests hold. */
export const PHONE = { width: 390, height: 844 };

/** Nothing on the page is wider than the phone: it never scrolls sideways. */
export async function expectNoSideways(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/**
 * Signs in through the API (the login screen has tests of its own) and opens Home with the
 * token where the web app keeps it, as if the person had just signed in.
 */
export async function signIn(page: Page, level: Level, email: string = DEMO[level], password = DEMO_PASSWORD) {
  const answer = await page.request.post(`/api/${level}/login`, { data: { email, password } });
  expect(answer.status(), `sign in as ${email}`).toBe(200);
  const { token } = (await answer.json()) as { token: string };
  // A same-origin page that is not the app, to write the token before the app starts.
  await page.goto('/api/health');
  await page.evaluate(
    ([token, level]) => {
      localStorage.setItem('authToken', token);
      localStorage.setItem('level', level);
    },
    [token, level] as const,
  );
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Ana Sayfa' })).toBeVisible();
}

/** Signs in by typing into the login screen, as a person does. */
export async function signInWithForm(page: Page, level: Level, email: string = DEMO[level], password = DEMO_PASSWORD) {
  await page.goto(`/${level}/login`);
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre').fill(password);
  await page.getByRole('button', { name: 'Giriş yap' }).click();
  await expect(page.getByRole('heading', { name: 'Ana Sayfa' })).toBeVisible();
}

/** A toast with this text (Mantine notifications are role=alert). */
export function toast(page: Page, text: string | RegExp) {
  return page.getByRole('alert').filter({ hasText: text });
}

/**
 * Stops the page's clock (installed with page.clock.install()). It cannot stop in the past, and
 * the page's time runs on while the call travels, so it jumps a few seconds ahead first.
 */
export async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
}

/** Clicks the button that opens a dialog and answers the dialog (named like the button unless said otherwise). */
export async function openDialog(page: Page, button: string, dialog: string = button) {
  await page.getByRole('button', { name: button }).click();
  return page.getByRole('dialog', { name: dialog });
}

/** Submits a dialog's empty form: its fields say in Turkish what is required, and nothing is sent. */
export async function submitEmpty(dialog: Locator, button = 'Kaydet') {
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog.getByText('Bu alan zorunludur.').first()).toBeVisible();
}

/** A list a test needs at least two items of, typed so: the first two are there. */
export function atLeastTwo<T>(items: T[]): [T, T, ...T[]] {
  const [first, second, ...rest] = items;
  if (first === undefined || second === undefined) throw new Error(`expected at least two items, got ${items.length}`);
  return [first, second, ...rest];
}

/** A call of the signed-in level's API from the page, under the page's own session (as the web app makes it). */
export async function callApi(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api/${localStorage.getItem('level')}/${path}`, {
        method,
        headers: { authorization: `Bearer ${localStorage.getItem('authToken')}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, path, body },
  );
}

/** The JSON answer of such a call. */
export async function apiJson(page: Page, method: string, path: string, body?: unknown) {
  return (await callApi(page, method, path, body)).body;
}

/** A plain JPEG photo of one colour (portrait-shaped unless said otherwise). */
export function jpeg(color: string, width = 300, height = 400) {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

/** Signs in as the branch manager and opens its students (12/A of the demo school); answers the branch's id. */
export async function openStudents(page: Page) {
  await signIn(page, 'branch');
  await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Öğrenciler' }).click();
  await expect(page.getByRole('heading', { name: /Öğrenciler · 12\/A/ })).toBeVisible();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** Gives a branch's students portraits through the bulk upload call, each file named by school number. */
export async function uploadPortraits(page: Page, branchId: number, files: Array<{ name: string; data: number[] }>) {
  await page.evaluate(
    async ({ branchId, files }) => {
      const form = new FormData();
      for (const f of files) form.append('files', new Blob([new Uint8Array(f.data)], { type: 'image/jpeg' }), f.name);
      const res = await fetch(`/api/branch/branches/${branchId}/photos/bulk`, {
        method: 'POST',
        headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
        body: form,
      });
      if (!res.ok) throw new Error(await res.text());
    },
    { branchId, files },
  );
}

/** Signs in as the studio and opens its "Stüdyo" screen. */
export async function openStudio(page: Page) {
  await signIn(page, 'panel');
  await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Stüdyo' }).click();
  await expect(page.getByRole('heading', { name: 'Stüdyo', exact: true })).toBeVisible();
}

/** Makes an event album on an albums screen (`/school-albums/…` or `/branch-albums/…`) and opens it; answers the album's id. */
export async function createAlbum(page: Page, screen: string, name: string, description: string) {
  await page.goto(screen);
  await expect(page.getByRole('heading', { name: 'Etkinlik Albümleri' })).toBeVisible();
  await page.getByRole('button', { name: 'Yeni etkinlik albümü' }).click();
  const form = page.getByRole('dialog', { name: 'Yeni etkinlik albümü' });
  await form.getByLabel('Albüm adı').fill(name);
  await form.getByLabel('Açıklama').fill(description);
  await form.getByRole('button', { name: 'Kaydet' }).click();
  await expect(toast(page, 'Etkinlik albümü kaydedildi.')).toBeVisible();
  await page.getByRole('link', { name: `Albümü aç: ${name}` }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  return Number(/\/albums\/(\d+)/.exec(page.url())![1]);
}

/** Elements whose right edge passes the screen's, outside any box that scrolls them (a table's). */
export const pastTheRightEdge = (page: Page) =>
  page.evaluate(() => {
    const scrolls = (el: Element) => ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(el).overflowX);
    const found: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= window.innerWidth + 0.5) continue;
      let parent = el.parentElement;
      while (parent && parent !== document.body && !scrolls(parent)) parent = parent.parentElement;
      if (parent && parent !== document.body) continue;
      found.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} "${(el.textContent ?? '').slice(0, 40)}" → ${Math.round(box.right)} px`);
    }
    return { found: found.slice(0, 5), width: document.documentElement.scrollWidth };
  });
