import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO, DEMO_PASSWORD, signIn } from './helpers';

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Hesabım with a second session of the account, opened from an iPhone. */
async function openAccount(page: Page) {
  const other = await page.request.post('/api/school/login', {
    data: { email: DEMO.school, password: DEMO_PASSWORD },
    headers: { 'user-agent': IPHONE_SAFARI },
  });
  expect(other.status()).toBe(200);
  await signIn(page, 'school');
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Hesabım' })).toBeVisible();
}

/** Nothing on the page reaches past the window's right edge, and nothing shows a raw user agent. */
async function expectFitsAndReadable(page: Page) {
  await expect(page.getByText('Safari · iOS').first()).toBeVisible();
  await expect(page.getByText(/Mozilla\/5\.0/)).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test.describe('Hesabım: open sessions', () => {
  test('at 1280 px the sessions table fits without sideways scrolling and names browser and system', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openAccount(page);
    const table = page.getByRole('table', { name: 'Açık oturumlar' });
    await expect(table).toBeVisible();
    await expectFitsAndReadable(page);
    // The table's own scroll area does not scroll sideways either: every column is in sight.
    const scrollsSideways = await table.evaluate((element) => {
      for (let box = element.parentElement; box; box = box.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(box).overflowX) && box.scrollWidth > box.clientWidth) return true;
      }
      return false;
    });
    expect(scrollsSideways).toBe(false);
    await expect(table.getByRole('button', { name: /^Oturumu kapat: / }).first()).toBeInViewport();
  });

  test('on a phone the sessions are cards that fit the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openAccount(page);
    await expectFitsAndReadable(page);
  });
});
