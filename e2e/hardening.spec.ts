/**
 * A form someone else changed meanwhile, and the person's own account: both driven as a person
 * would. The 409 of a stale form keeps what was typed; "Hesabım" changes the password (other
 * sessions end) and ends another session.
 */
import { expect, test } from './fixtures';
import { callApi, DEMO, DEMO_PASSWORD, openStudio, signIn, toast } from './helpers';

test.describe('a form someone else changed meanwhile', () => {
  test('the studio form answers the 409 with a notice, reloads, keeps what was typed and saves', async ({ page }) => {
    await openStudio(page);
    const phone = page.getByLabel('Telefon');
    await expect(phone).toBeVisible();

    // Another person saves the studio while this form is open.
    const { studio } = (await callApi(page, 'GET', 'studio')).body;
    const other = await callApi(page, 'PUT', 'studio', {
      name: studio.name,
      phone: studio.phone,
      email: studio.email,
      address: 'Başka Cad. 5, Kadıköy',
      cityId: studio.cityId,
      website: studio.website,
      version: studio.version,
    });
    expect(other.status).toBe(200);

    await phone.fill('0212 555 12 34');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    const notice = page.getByTestId('stale-notice');
    await expect(notice).toContainText('Bu kayıt siz düzenlerken başka biri tarafından değiştirildi.');
    expect((await callApi(page, 'GET', 'studio')).body.studio).toMatchObject({ phone: studio.phone, address: 'Başka Cad. 5, Kadıköy' });

    await notice.getByRole('button', { name: 'Güncel hâlini yükle' }).click();
    await expect(notice).toContainText('Yazdıklarınız korundu.');
    await expect(notice).toContainText('Sunucuda değişen alanlar: Adres');
    await expect(phone).toHaveValue('0212 555 12 34');
    await expect(page.getByLabel('Adres')).toHaveValue('Başka Cad. 5, Kadıköy');

    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Kaydedildi.')).toBeVisible();
    await expect(notice).toHaveCount(0);
    expect((await callApi(page, 'GET', 'studio')).body.studio).toMatchObject({ phone: '0212 555 12 34', address: 'Başka Cad. 5, Kadıköy' });
  });
});

test.describe('Hesabım', () => {
  test('lists the sessions, ends another one, and changes the password (other sessions end)', async ({ page }) => {
    const login = () => page.request.post('/api/branch/login', { data: { email: DEMO.branch, password: DEMO_PASSWORD } });
    const tokenOf = async (answer: Awaited<ReturnType<typeof login>>) => ((await answer.json()) as { token: string }).token;
    const works = async (token: string) => (await page.request.get('/api/branch/user', { headers: { authorization: `Bearer ${token}` } })).status();
    // Two other sessions of the same account: one is ended from the list, the other by the new password.
    const phone = await tokenOf(await login());
    await signIn(page, 'branch');
    const laptop = await tokenOf(await login());

    await page.getByRole('button', { name: 'Kullanıcı menüsü' }).click();
    await page.getByRole('menuitem', { name: 'Hesabım' }).click();
    await expect(page.getByRole('heading', { name: 'Hesabım' })).toBeVisible();
    const sessions = page.getByRole('table', { name: 'Açık oturumlar' });
    await expect(sessions.getByText('Bu oturum')).toHaveCount(1);
    const endButtons = sessions.getByRole('button', { name: /^Oturumu kapat: / });
    const before = await endButtons.count();
    expect(before).toBeGreaterThanOrEqual(2);

    await endButtons.first().click();
    await expect(toast(page, 'Oturum kapatıldı.')).toBeVisible();
    await expect(endButtons).toHaveCount(before - 1);
    // The newest other session is listed first: the laptop's ended, the phone's still works.
    expect(await works(laptop)).toBe(401);
    expect(await works(phone)).toBe(200);

    const current = page.getByLabel('Mevcut şifre');
    const fresh = page.getByLabel(/^Yeni şifre\s*\*?$/);
    const again = page.getByLabel('Yeni şifre (tekrar)');
    await current.fill('yanlış-şifre');
    await fresh.fill('YeniSifre123!');
    await again.fill('YeniSifre123!');
    await page.getByRole('button', { name: 'Şifre değiştir' }).click();
    await expect(page.getByText('Mevcut şifre hatalı.').first()).toBeVisible();

    await current.fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Şifre değiştir' }).click();
    await expect(toast(page, 'Şifreniz değiştirildi. Diğer oturumlarınız kapatıldı.')).toBeVisible();
    expect(await works(phone)).toBe(401);
    await expect(sessions.getByText('Bu oturum')).toHaveCount(1);
    await expect(endButtons).toHaveCount(0);
    await expect(page.getByText('Başka açık oturumunuz yok.')).toBeVisible();
    const old = await page.request.post('/api/branch/login', { data: { email: DEMO.branch, password: DEMO_PASSWORD } });
    expect(old.status()).toBe(400);

    // The demo account gets its password back for the other tests.
    const back = await callApi(page, 'POST', 'password', { currentPassword: 'YeniSifre123!', newPassword: DEMO_PASSWORD });
    expect(back.status).toBe(200);
  });
});
