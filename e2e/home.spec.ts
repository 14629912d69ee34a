import { expect, test } from './fixtures';
import { signIn } from './helpers';
import { countDemoSeed, type SeedCounts } from './seedCounts';

let seed: SeedCounts;
test.beforeAll(async () => {
  seed = await countDemoSeed();
});

/** The dashboard's words for the days to a deadline, counted in UTC days as the server does. */
function daysLeftText(deadline: string) {
  const today = new Date().toISOString().slice(0, 10);
  const n = Math.round((Date.parse(`${deadline}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
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

    // The chart: 30 days, described for screen readers.
    const chart = page.getByRole('img', { name: /Son 30 günde günlük mesajlar/ });
    await expect(chart).toBeVisible();
    await expect(chart.getByTestId('chart-bar')).toHaveCount(30);
  });
}

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
