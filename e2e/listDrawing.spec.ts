/**
 * How fast a long list draws: a branch's students list of 100 rows, timed in the page from the
 * moment its answer has been read to the paint of the frame that shows the hundredth row.
 */
import { expect, test } from './fixtures';
import { listDrawMs, stampListDraw } from './drawTiming';
import { apiJson, signIn } from './helpers';

// A trace's screenshots and DOM snapshots are taken in the page while it draws and made the
// figure two to three times what the app alone takes; this file's single test records none.
test.use({ trace: 'off' });

test('a 100-row students list draws quickly: one tooltip for the screen, none per row button', async ({ page }) => {
  await signIn(page, 'branch');
  const user = await apiJson(page, 'GET', 'user');
  // Each load of the list is timed from the moment its answer has been read to the paint of the
  // frame that shows the hundredth row; the figure printed is the median of three loads.
  await stampListDraw(page, /\/students\?/, 100);
  await page.route(/\/api\/branch\/branches\/\d+\/students\?/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { items: Array<Record<string, unknown>>; total: number };
    const first = body.items[0]!;
    body.items = Array.from({ length: 100 }, (_, i) => ({ ...first, id: 900_000 + i, schoolNumber: String(9000 + i), firstName: `Öğrenci${i}` }));
    body.total = 100;
    await route.fulfill({ response, json: body });
  });
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    await page.goto(`/students/${user.branch.id}`);
    times.push(await listDrawMs(page));
  }
  const rows = page.locator('main table tbody tr');
  await expect(rows).toHaveCount(100);
  const ms = Math.round(times.sort((a, b) => a - b)[1]!);
  console.log(`100-row students list painted ${ms} ms after its data arrived (median of ${times.map(Math.round).join(', ')})`);
  // The structure that keeps it fast: no tooltip component per button; the screen's one tooltip
  // shows each icon button's name (what it does, for which student) on hover and on focus.
  const buttons = rows.first().getByRole('button');
  await expect(buttons).toHaveCount(5);
  for (const button of await buttons.all()) expect(await button.getAttribute('data-row-tip')).toBe(await button.getAttribute('aria-label'));
  const edit = rows.first().getByRole('button', { name: /: düzenle$/ });
  await edit.hover();
  await expect(page.getByRole('tooltip')).toHaveText((await edit.getAttribute('aria-label'))!);
  await rows
    .nth(1)
    .getByRole('button', { name: /: düzenle$/ })
    .focus();
  await expect(page.getByRole('tooltip')).toHaveText(
    (await rows
      .nth(1)
      .getByRole('button', { name: /: düzenle$/ })
      .getAttribute('aria-label'))!,
  );
  // No bound on the figure: on a shared two-core machine it varies several-fold (up to 4.5 s seen),
  // so it is printed here and held to its goal by `npm run bench -- render` instead.
});
