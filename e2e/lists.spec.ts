/**
 * Lists on every width: whole status badges on a wide screen, cards with thumb-sized actions on a
 * phone (nothing scrolls sideways), and moderation by keyboard. How fast a long list draws: listDrawing.spec.ts.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiJson, signIn, toast } from './helpers';
import { withLongTurkishData } from './longData';
import { routesOf } from './routes';

/** The branch manager's messages waiting for moderation, signed in as the branch manager. */
async function openPendingMessages(page: Page) {
  await signIn(page, 'branch');
  const user = await apiJson(page, 'GET', 'user');
  await page.goto(`/messages/branch/${user.branch.id}?status=pending`);
}

/** Waits until the screen has drawn its list (rows, cards or its empty state). */
async function listShown(page: Page) {
  await expect(page.locator('main table tbody tr, main [data-testid="record-card"], main [data-empty-state]').first()).toBeVisible();
}

/** The labels of badges whose text does not fit their box. */
const cutBadges = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.mantine-Badge-label')].filter((b) => b.scrollWidth > b.clientWidth).map((b) => b.textContent),
  );

test('status badges show their whole words at 1440 px', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'school');
  const user = await (
    await page.request.get('/api/school/user', { headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('authToken'))}` } })
  ).json();
  let seen = 0;
  for (const path of [`/messages/school/${user.school.id}`, '/message-from', '/message-to', '/nickname-messages', '/notifies', '/']) {
    await page.goto(path);
    await expect(page.locator('.mantine-Badge-label').first()).toBeVisible();
    seen += await page.locator('.mantine-Badge-label').count();
    expect(await cutBadges(page), path).toEqual([]);
  }
  expect(seen).toBeGreaterThan(10);
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  for (const level of ['panel', 'school', 'branch'] as const) {
    test(`no screen of level ${level} scrolls sideways; lists are cards`, async ({ page }) => {
      await signIn(page, level);
      for (const path of await routesOf(page, level)) {
        await page.goto(path);
        await expect(page.locator('main h2').first()).toBeVisible();
        if (path !== '/' && !/design|studio/.test(path)) await listShown(page);
        const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
        expect(widths.page, `${path} is ${widths.page} px wide`).toBeLessThanOrEqual(widths.viewport);
        await expect(page.locator('main table[aria-busy]'), path).toHaveCount(0);
      }
    });
  }

  test('moderation: each card has large approve and reject buttons within reach', async ({ page }) => {
    await openPendingMessages(page);
    const card = page.getByTestId('record-card').first();
    await expect(card).toBeVisible();
    const approve = card.getByRole('button', { name: /^Onayla: .+ mesajı$/ });
    const reject = card.getByRole('button', { name: /^Reddet: .+ mesajı$/ });
    for (const button of [approve, reject]) {
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(40);
      expect(box.width).toBeGreaterThanOrEqual(120);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    const total = page.getByText(/^Toplam \d+ kayıt$/);
    const before = Number((await total.textContent())!.match(/\d+/)![0]);
    await approve.tap();
    await expect(toast(page, 'Onaylandı.')).toBeVisible();
    await expect(total).toHaveText(`Toplam ${before - 1} kayıt`);
  });
});

test('moderation by keyboard: j/k move, a approves, r rejects, ? lists the keys', async ({ page }) => {
  await openPendingMessages(page);
  const rows = page.locator('main table tbody tr');
  await expect(rows.nth(2)).toBeVisible();
  // Each row's buttons name their row.
  await expect(rows.first().getByRole('button', { name: /^Onayla: .+'n?[ıiuü]n mesajı$/ })).toBeVisible();

  await page.keyboard.press('j');
  await expect(rows.nth(0)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(rows.nth(2)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('k');
  await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('main table tbody tr[aria-current]')).toHaveCount(1);

  const total = page.getByText(/^Toplam \d+ kayıt$/);
  const before = Number((await total.textContent())!.match(/\d+/)![0]);
  await page.keyboard.press('a');
  await expect(toast(page, 'Onaylandı.')).toBeVisible();
  await expect(total).toHaveText(`Toplam ${before - 1} kayıt`);

  await page.keyboard.press('j');
  await page.keyboard.press('r');
  const reject = page.getByRole('dialog');
  await expect(reject.getByLabel('Not')).toBeVisible();
  // Typing in the dialog is not a shortcut.
  await reject.getByLabel('Not').fill('jkar');
  await expect(reject.getByLabel('Not')).toHaveValue('jkar');
  await reject.getByRole('button', { name: 'Reddet' }).click();
  await expect(toast(page, 'Reddedildi.')).toBeVisible();
  await expect(total).toHaveText(`Toplam ${before - 2} kayıt`);

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Klavye kısayolları' });
  await expect(help).toBeVisible();
  for (const [key, what] of [
    ['j', 'Sonraki kayıt'],
    ['k', 'Önceki kayıt'],
    ['a', 'Seçili kaydı onayla'],
    ['r', 'Seçili kaydı reddet'],
  ] as const) {
    await expect(help.getByRole('row').filter({ hasText: what })).toContainText(key);
  }
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await page.getByRole('button', { name: 'Klavye kısayolları (?)' }).click();
  await expect(help).toBeVisible();
});

test('at 1280 × 800 every list row’s actions are in sight, with long Turkish names and texts', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'panel');
  await withLongTurkishData(page, 'panel');
  for (const path of await routesOf(page, 'panel')) {
    if (path === '/' || /design|studio/.test(path)) continue;
    await page.goto(path);
    await listShown(page);
    await expect(page.locator('main table[aria-busy="true"]')).toHaveCount(0);
    const outOfSight = await page.evaluate(() => {
      const found: string[] = [];
      for (const button of document.querySelectorAll<HTMLElement>('main table tbody button')) {
        const box = button.getBoundingClientRect();
        // The box that scrolls the table sideways, if any: what lies outside it is hidden.
        let scroller = button.closest('table')!.parentElement!;
        while (scroller.parentElement && getComputedStyle(scroller).overflowX === 'visible') scroller = scroller.parentElement;
        const container = scroller.getBoundingClientRect();
        const right = Math.min(window.innerWidth, container.right);
        if (box.left < container.left - 0.5 || box.right > right + 0.5)
          found.push(`${button.getAttribute('aria-label') ?? button.textContent}: ${Math.round(box.right)} px`);
      }
      return found;
    });
    expect(outOfSight, `${path}: row buttons out of sight`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} scrolls sideways`).toBeLessThanOrEqual(1280);
  }
});
