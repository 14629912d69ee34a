import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './helpers';

/** The screen shows that the record is not there (or not for this caller), a way home, and none of its own actions. */
async function expectMissing(page: Page, path: string) {
  await page.goto(path);
  const main = page.locator('#main');
  await expect(main.getByRole('heading', { name: 'Kayıt bulunamadı' })).toBeVisible();
  await expect(main.getByText('Bu kayıt bulunamadı ya da erişim izniniz yok.')).toBeVisible();
  await expect(main.getByRole('button')).toHaveCount(0);
  await expect(main.getByRole('table')).toHaveCount(0);
  await expect(main.getByRole('link')).toHaveText(['Ana sayfaya dön']);
}

/** A branch of a school other than the demo school manager's, read with the studio's account. */
async function otherSchoolsBranch(page: Page): Promise<{ schoolId: number; branchId: number }> {
  const login = await page.request.post('/api/panel/login', { data: { email: 'admin@demo.test', password: 'Demo1234!' } });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const schools = (await (await page.request.get('/api/panel/schools', { headers })).json()).items as Array<{ id: number; name: string }>;
  const other = schools.find((s) => s.name !== 'Atatürk Anadolu Lisesi')!;
  const branches = (await (await page.request.get(`/api/panel/schools/${other.id}/branches`, { headers })).json()).items as Array<{ id: number }>;
  return { schoolId: other.id, branchId: branches[0]!.id };
}

test.describe('an address naming a record that is not there', () => {
  test('a school manager on a phone: an unknown student list and another school’s pages say so, without the screen’s actions', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const other = await otherSchoolsBranch(page);
    await signIn(page, 'school');
    await expectMissing(page, '/students/999999');
    await expectMissing(page, `/students/${other.branchId}`);
    await expectMissing(page, `/branch-messages/${other.branchId}`);
    await expectMissing(page, `/login-cards/${other.branchId}`);
    await expectMissing(page, `/branches/${other.schoolId}`);
    await expectMissing(page, `/messages/school/${other.schoolId}`);
    await page.locator('#main').getByRole('link', { name: 'Ana sayfaya dön' }).click();
    await expect(page.getByRole('heading', { name: 'Ana Sayfa' })).toBeVisible();
  });

  test('the studio at 1280 px: unknown ids, too large ones included', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'panel');
    await expectMissing(page, '/branches/999999');
    await expectMissing(page, '/school-managers/999999');
    await expectMissing(page, '/branch-managers/999999');
    await expectMissing(page, '/students/99999999999');
    // A known branch still shows its screen.
    await page.goto('/schools');
    await expect(page.getByRole('heading', { name: 'Okullar' })).toBeVisible();
  });
});
