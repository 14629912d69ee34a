/**
 * Photo coverage and event pages at 390 px: Home says how many students are below the studio's goal
 * and leads to them; the students list marks and filters them; the studio sets the goal; the
 * event pages screen opens from the menu. No face of the demo's event album is confirmed yet, so
 * every student is below the goal and the album has no page in the book.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn, toast } from './helpers';
import { countDemoSeed } from './seedCounts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

test('Home counts the students below the coverage goal and the students list marks and filters them', async ({ page }) => {
  const seed = await countDemoSeed();
  await signIn(page, 'branch');
  const card = page.getByRole('group', { name: 'Hedefin altındaki öğrenciler', exact: true });
  await expect(card.getByTestId('figure-value')).toHaveText(`${seed.students.branch} / ${seed.students.branch}`);
  await expect(card).toContainText('Hedef: öğrenci başına 3 etkinlik fotoğrafı');
  await card.getByRole('link', { name: 'Öğrencileri göster' }).click();
  await expect(page).toHaveURL(/coverage=below/);
  const badges = page.getByText('Hedefin altında: 0/3');
  await expect(badges.first()).toBeVisible();
  expect(await badges.count()).toBeGreaterThan(0);
  expect(await sideways(page)).toBe(false);
});

test('the studio sets the coverage goal', async ({ page }) => {
  await signIn(page, 'panel');
  await page.goto('/studio');
  const goal = page.getByRole('textbox', { name: 'Görünme hedefi' });
  await goal.fill('5');
  await page.getByRole('button', { name: 'Kaydet' }).click();
  await expect(toast(page, 'Kaydedildi.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Görünme hedefi' })).toHaveValue('5');
  expect(await sideways(page)).toBe(false);
});

test('the event pages screen lists the demo’s album and opens its pages, none yet', async ({ page }) => {
  await signIn(page, 'school');
  await page.goto('/event-pages');
  await expect(page.getByRole('heading', { name: 'Etkinlik sayfaları' })).toBeVisible();
  // The demo's album of face matching (server/areas/faces/demoSeed.ts): two approved photos.
  const album = 'Bahar Şenliği 🌸';
  await page.getByRole('link', { name: `${album} albümünün sayfaları` }).click();
  await expect(page.getByRole('heading', { name: `${album}: etkinlik sayfaları` })).toBeVisible();
  await expect(page.getByText('Bu albümün henüz yıllıkta sayfası yok.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Fotoğrafı seç: / })).toHaveCount(2);
  expect(await sideways(page)).toBe(false);
});
