import { expect, test } from './fixtures';
import { DEMO, DEMO_PASSWORD, pauseClock, signIn, signInWithForm, toast } from './helpers';

test.describe('sign in', () => {
  test('a studio user signs in, sees the studio figures and the full menu', async ({ page }) => {
    await signInWithForm(page, 'panel');
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('user-name')).toHaveText('Stüdyo Yöneticisi');
    await expect(page.getByTestId('studio-name')).toHaveText('Demo Fotoğraf Stüdyosu');
    // The studio's school count as the API has it (other tests of this server may have added one).
    const login = await page.request.post('/api/panel/login', { data: { email: DEMO.panel, password: DEMO_PASSWORD } });
    const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const schools = (await (await page.request.get('/api/panel/schools?perPage=1', { headers })).json()) as { total: number };
    expect(schools.total).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole('group', { name: 'Okullar' })).toContainText(String(schools.total));
    const menu = page.getByRole('navigation', { name: 'Menü' });
    for (const item of ['Ana Sayfa', 'Okullar', 'Bildirimler', 'Yıllık Tasarımı', 'Stüdyo']) {
      await expect(menu.getByRole('link', { name: item })).toBeVisible();
    }
    expect(await page.evaluate(() => localStorage.getItem('level'))).toBe('panel');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
  });

  test('a school manager signs in and sees its own school only', async ({ page }) => {
    await signInWithForm(page, 'school');
    await expect(page.getByText('Okul Yöneticisi · Atatürk Anadolu Lisesi')).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Menü' });
    await expect(menu.getByRole('link', { name: 'Şubeler' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Okullar' })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Şubeler' })).toContainText('3');
  });

  test('a branch manager signs in and sees its branch', async ({ page }) => {
    await signInWithForm(page, 'branch');
    await expect(page.getByText('Şube Yöneticisi · Atatürk Anadolu Lisesi · 12/A')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Öğrenciler' })).toBeVisible();
  });

  test('empty fields are marked in Turkish and nothing is sent', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/') && pathname.endsWith('/login')) sent.push(pathname);
    });
    await page.goto('/panel/login');
    await page.getByRole('button', { name: 'Giriş yap' }).click();
    await expect(page.getByText('Bu alan zorunludur.').first()).toBeVisible();
    await page.getByLabel('E-posta').fill('admin');
    await page.getByRole('button', { name: 'Giriş yap' }).click();
    await expect(page.getByText('Geçerli bir e-posta adresi giriniz.')).toBeVisible();
    // The fields are checked by the shared schema, its length limits too.
    await page.getByLabel('E-posta').fill(`${'a'.repeat(250)}@okul.test`);
    await page.getByLabel('Şifre').fill('şifre');
    await page.getByRole('button', { name: 'Giriş yap' }).click();
    await expect(page.getByText('En fazla 254 karakter olabilir.')).toBeVisible();
    await expect(page).toHaveURL('/panel/login');
    expect(sent).toEqual([]);
  });

  test('a wrong password shows the server’s message in an error toast that clears after exactly 2.5 s', async ({ page }) => {
    await page.clock.install();
    await page.goto('/school/login');
    await page.getByLabel('E-posta').fill(DEMO.school);
    await page.getByLabel('Şifre').fill('yanlış-şifre');
    await pauseClock(page);
    await page.getByRole('button', { name: 'Giriş yap' }).click();
    const message = toast(page, 'E-posta veya şifre hatalı.');
    await expect(message).toHaveCount(1);
    await expect(message).toHaveClass(/\btoast\b.*\btoast-error\b/);
    await page.clock.runFor(2_499);
    await expect(message).toBeVisible();
    // At 2.5 s it starts to leave; leaving takes the notification's own 250 ms transition, and
    // then it is gone: a toast that stayed even 100 ms longer would still be here.
    await page.clock.runFor(1);
    await page.clock.runFor(260);
    await expect(message).toHaveCount(0);
    await expect(page).toHaveURL('/school/login');
  });

  test('an account cannot sign in at another level’s login', async ({ page }) => {
    await page.goto('/branch/login');
    await page.getByLabel('E-posta').fill(DEMO.panel);
    await page.getByLabel('Şifre').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Giriş yap' }).click();
    await expect(toast(page, 'E-posta veya şifre hatalı.')).toBeVisible();
  });
});

test.describe('routes', () => {
  test('without a session every route goes to the login page of the stored level', async ({ page }) => {
    await page.goto('/students/1');
    await expect(page).toHaveURL('/panel/login');
    await page.goto('/school/login');
    await page.evaluate(() => localStorage.setItem('level', 'school'));
    await page.goto('/notifies');
    await expect(page).toHaveURL('/school/login');
  });

  test('an unknown path goes to Home', async ({ page }) => {
    await signIn(page, 'panel');
    await page.goto('/bu/sayfa/yok');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Ana Sayfa' })).toBeVisible();
  });

  test('reloading a deep route keeps it', async ({ page }) => {
    await signIn(page, 'panel');
    await page.goto('/nickname-messages');
    await expect(page.getByRole('heading', { name: 'Lakap Önerileri' })).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL('/nickname-messages');
    await expect(page.getByRole('heading', { name: 'Lakap Önerileri' })).toBeVisible();
  });

  test('the schools route is for the studio only: a school manager lands on its branches', async ({ page }) => {
    await signIn(page, 'school');
    await page.goto('/schools');
    await expect(page).toHaveURL(/\/branches\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Şubeler' })).toBeVisible();
  });

  test('a branch manager sent to schools lands on its students', async ({ page }) => {
    await signIn(page, 'branch');
    await page.goto('/schools');
    await expect(page).toHaveURL(/\/students\/\d+$/);
  });

  test('each navigation scrolls the page to the top', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 500 });
    await signIn(page, 'panel');
    await page.evaluate(() => {
      document.body.style.minHeight = '4000px';
      window.scrollTo(0, 1500);
    });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Bildirimler' }).click();
    await expect(page.getByRole('heading', { name: 'Bildirimler' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('session end', () => {
  test('a token revoked on the server: the exact toast, then the login page', async ({ page }) => {
    await signIn(page, 'panel');
    await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Stüdyo' }).click();
    // The studio screen has loaded (its calls answered) before the token is revoked.
    await expect(page.getByLabel('Stüdyo adı')).not.toHaveValue('');
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const revoked = await page.request.post('/api/panel/logout', { headers: { authorization: `Bearer ${token}` } });
    expect(revoked.ok()).toBe(true);
    await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Ana Sayfa' }).click();
    await expect(toast(page, 'Oturumunuz sonlandırıldı. Tekrar giriş yapınız!')).toBeVisible();
    await expect(page).toHaveURL('/panel/login');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  });

  test('logout ends the session on the server and clears the token', async ({ page }) => {
    await signIn(page, 'branch');
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    await page.getByRole('button', { name: 'Çıkış yap' }).click();
    await expect(page).toHaveURL('/branch/login');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    const after = await page.request.get('/api/branch/user', { headers: { authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
    await page.goto('/');
    await expect(page).toHaveURL('/branch/login');
  });

  test('phone width: the menu opens from the burger', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(page, 'panel');
    await page.getByRole('button', { name: 'Menüyü aç' }).click();
    await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Okullar' }).click();
    await expect(page.getByRole('heading', { name: 'Okullar' })).toBeVisible();
  });
});
