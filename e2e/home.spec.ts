import { daysBetween, todayInTurkey } from '../common/dates';
import { expect, test } from './fixtures';
import { signIn } from './helpers';
import { countDemoSeed, type SeedCounts } from './seedCounts';

let seed: SeedCounts;
test.beforeAll(async () => {
  seed = await countDemoSeed();
});

/** The dashboard's words for the days to a deadline, counted in Türkiye's days as the server does. */
function daysLeftText(deadline: string) {
  const n = daysBetween(todayInTurkey(), deadline);
  return n === 0 ? 'Bugün son gün' : n > 0 ? `${n} gün kaldı` : `${-n} gün geçti`;
}

for (const level of ['panel', 'school', 'branch'] as const) {
  test(`Home figures match the seeded data for level ${level}`, async ({ page }) => {
    await signIn(page, level);
    await expect(page.getByRole('group', { name: 'Öğrenciler', exact: true }).getByTestId('figure-value')).toHaveText(String(seed.students[level]));
    await expect(page.getByRole('group', { name: 'Bildirimler', exact: true }).getByTestId('figure-value')).toHaveText(String(seed.notifications[level]));
    if (level !== 'branch') {
      await expect(page.getByRole('group', { name: 'Şubeler', exact: true }).getByTestId('figure-value')).toHaveText(String(seed.branches[level]));
    }

    // Progress per school (panel) or branch: one row each, with its students.
    const table = page.getByRole('table', { name: level === 'panel' ? 'Okullara göre ilerleme' : 'Şubelere göre ilerleme' });
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(seed.units[level].length + 1);
    for (const unit of seed.units[level]) {
      const row = rows.filter({ has: page.getByRole('link', { name: unit.name, exact: true }) });
      await expect(row.getByRole('cell').nth(1)).toHaveText(String(unit.students));
    }

    // Days left to each school's deadline in scope.
    const deadlines = page.getByRole('list', { name: 'Mesaj son tarihleri' });
    const schools = level === 'panel' ? seed.deadlines : seed.deadlines.filter((d) => d.name === 'Atatürk Anadolu Lisesi');
    await expect(deadlines.getByRole('listitem')).toHaveCount(schools.length);
    for (const s of schools) {
      await expect(deadlines.getByRole('listitem').filter({ hasText: s.name })).toContainText(daysLeftText(s.deadline));
    }

    // The chart: described for screen readers, its axes named, its days in Turkish.
    // It is drawn when its place comes on screen, as a person scrolls down to it.
    await page.getByTestId('messages-chart-place').scrollIntoViewIfNeeded();
    const chart = page.getByRole('img', { name: /Son 30 günde günlük mesajlar/ });
    await expect(chart).toBeVisible();
    await expect(chart.getByText('Gün', { exact: true })).toBeVisible();
    await expect(chart.getByText('Mesaj sayısı', { exact: true })).toBeVisible();
    await expect(chart.getByText(/^\d{1,2} (Oca|Şub|Mar|Nis|May|Haz|Tem|Ağu|Eyl|Eki|Kas|Ara)$/).first()).toBeVisible();
  });
}

test('the demo looks alive today: deadlines ahead, messages spread over the last weeks, no test markup', async ({ page }) => {
  await signIn(page, 'panel');
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const { dashboard } = (await (await page.request.get('/api/panel/statistics', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    dashboard: { deadlines: Array<{ daysLeft: number | null }>; messagesPerDay: Array<{ count: number }> };
  };
  expect(dashboard.deadlines.length).toBeGreaterThan(0);
  for (const d of dashboard.deadlines) expect(d.daysLeft).toBeGreaterThan(0);
  const days = dashboard.messagesPerDay.map((d) => d.count);
  expect(days.filter((n) => n > 0).length, `messages per day: ${days.join(' ')}`).toBeGreaterThanOrEqual(20);
  expect(days.slice(-7).some((n) => n > 0)).toBe(true);
  await expect(page.getByText('gün geçti')).toHaveCount(0);
  expect(seed.markup).toBe(0);
});

test('an overdue deadline is red, a quiet month shows an empty chart, students to chase link to them', async ({ page }) => {
  // The dashboard shows what the server says: here a deadline three days past and no messages.
  await page.route(/\/api\/panel\/statistics$/, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.dashboard.deadlines[0].deadline = '2026-01-01';
    body.dashboard.deadlines[0].daysLeft = -3;
    body.dashboard.messagesPerDay = body.dashboard.messagesPerDay.map((d: { date: string }) => ({ ...d, count: 0 }));
    await route.fulfill({ response, json: body });
  });
  await signIn(page, 'panel');
  const overdue = page.getByRole('list', { name: 'Mesaj son tarihleri' }).getByRole('listitem').first().locator('[data-overdue]');
  await expect(overdue).toHaveText('3 gün geçti');
  await expect(overdue).toHaveAttribute('style', /red-filled/);
  await page.getByTestId('messages-chart-place').scrollIntoViewIfNeeded();
  await expect(page.getByText('Son 30 günde mesaj yazılmadı.')).toBeVisible();
  await expect(page.getByRole('img', { name: /Son 30 günde günlük mesajlar/ })).toHaveCount(0);

  for (const title of ['Fotoğrafı olmayan öğrenciler', 'Mesaj yazmayan öğrenciler']) {
    await expect(page.getByText(new RegExp(`^${title} \\(\\d+\\)$`))).toBeVisible();
  }
  const list = page.getByRole('list', { name: /^Fotoğrafı olmayan öğrenciler/ });
  const first = list.getByRole('link').first();
  const name = (await first.textContent())!;
  await first.click();
  await expect(page).toHaveURL(/\/students\/\d+\?q=\d+$/);
  await expect(page.locator('main table tbody tr')).toHaveCount(1);
  await expect(page.locator('main table tbody tr')).toContainText(name);
  await expect(page.locator('main table tbody tr').getByLabel('Fotoğraf yok')).toBeVisible();
});

test('pending moderation is listed as the seed has it and links straight to its screen', async ({ page }) => {
  await signIn(page, 'panel');
  await expect(page.getByText('Bekleyen onay işleri')).toBeVisible();
  if (seed.pendingNicknames === 0 && seed.pendingMessages === 0) {
    await expect(page.getByText('Onay bekleyen iş yok.')).toBeVisible();
    return;
  }
  if (seed.pendingMessages > 0) {
    await expect(page.getByRole('link', { name: `${seed.pendingMessages} mesaj onay bekliyor` })).toHaveAttribute('href', /^\/messages\/school\/\d+$/);
  }
  if (seed.pendingNicknames > 0) {
    await page.getByRole('link', { name: `${seed.pendingNicknames} lakap önerisi onay bekliyor` }).click();
    await expect(page).toHaveURL('/nickname-messages');
  }
});
