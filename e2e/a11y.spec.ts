/**
 * Accessibility: axe-core on every route of every level (and the login pages) finds no serious
 * or critical violation. Each route's result is printed.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn, type Level } from './helpers';
import { routesOf } from './routes';

async function seriousViolations(page: Page) {
  // Only violations are read: axe then gathers and sends back the nodes of no passing rule.
  const result = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}×: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')})`,
    );
}

test('the login pages have no serious accessibility violation', async ({ page }) => {
  for (const level of ['panel', 'school', 'branch'] as const) {
    await page.goto(`/${level}/login`);
    await expect(page.getByRole('button', { name: 'Giriş yap' })).toBeVisible();
    const found = await seriousViolations(page);
    console.log(`axe /${level}/login: ${found.length ? found.join('; ') : 'no serious or critical violation'}`);
    expect(found, `/${level}/login`).toEqual([]);
  }
});

for (const level of ['panel', 'school', 'branch'] as Level[]) {
  test(`every route of level ${level} has no serious accessibility violation`, async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, level);
    const failures: string[] = [];
    for (const path of await routesOf(page, level)) {
      await page.goto(path);
      await expect(page.locator('main h2').first()).toBeVisible();
      await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0);
      const found = await seriousViolations(page);
      console.log(`axe ${level} ${path}: ${found.length ? found.join('; ') : 'no serious or critical violation'}`);
      failures.push(...found.map((f) => `${path} ${f}`));
    }
    expect(failures).toEqual([]);
  });
}

test('the character counter is the field’s description and is read out only near the limit', async ({ page }) => {
  await signIn(page, 'branch');
  await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Şube Mesajları' }).click();
  const field = page.getByLabel('Yeni mesaj');
  const counter = page.getByTestId('length-counter');
  await field.fill('Merhaba');
  await expect(counter).toHaveText('7 / 1000');
  const counterId = await counter.evaluate((el) => el.closest('[id]')!.id);
  expect((await field.getAttribute('aria-describedby'))!.split(' ')).toContain(counterId);
  await expect(field).toHaveAccessibleDescription(/7 \/ 1000/);
  await expect(counter).toHaveAttribute('aria-live', 'off');
  await field.fill('x'.repeat(950));
  await expect(counter).toHaveAttribute('aria-live', 'polite');
});

test('a route that fails shows its error in Turkish, also on the login page', async ({ page }) => {
  // The login page's code cannot be loaded: the route's own error element takes its place.
  await page.route(/\/assets\/route-.*\.js$/, (route) => route.abort());
  await page.goto('/panel/login');
  await expect(page.getByRole('heading', { name: 'Bir sorun oluştu' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tekrar dene' })).toBeVisible();
});
