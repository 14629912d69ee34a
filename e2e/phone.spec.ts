/**
 * A phone (390 × 844) with real-looking long Turkish names: nothing pushes a page sideways (the
 * list screens and the event photo screens: albums, an album, its face review, event pages), the
 * staff header names the studio, toasts stay on the screen and small, and the student's "Çıkış"
 * is whole.
 */
import { expect, test } from './fixtures';
import { DEMO, DEMO_PASSWORD, jpeg, pastTheRightEdge, signIn, toast } from './helpers';
import { withLongTurkishData } from './longData';
import { eventScreensOf, routesOf } from './routes';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('nested pages of a school with a long name stay within 390 px; the header names the studio', async ({ page }) => {
  await signIn(page, 'panel');
  // The header says whose panel this is, not "Demo…".
  const studio = page.getByTestId('studio-name');
  await expect(studio).toHaveText('Demo Fotoğraf Stüdyosu');
  expect(await studio.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await expect(page.getByRole('button', { name: 'Çıkış yap' })).toBeInViewport({ ratio: 1 });

  const paths = await routesOf(page, 'panel');
  await withLongTurkishData(page, 'panel');
  for (const path of paths) {
    if (path === '/' || /design|studio/.test(path)) continue;
    await page.goto(path);
    await expect(page.locator('main h2').first()).toBeVisible();
    await expect(page.locator('main [data-testid="record-card"], main [data-empty-state]').first()).toBeVisible();
    const { found, width } = await pastTheRightEdge(page);
    expect(found, `${path} is ${width} px wide`).toEqual([]);
    expect(width, path).toBeLessThanOrEqual(390);
  }
});

test('the event photo screens of every level stay within 390 px with long Turkish, emoji and Arabic names, every image loaded, no console error', async ({
  page,
  request,
}) => {
  // Three sign-ins and eighteen screens, each drawn whole (and the album's uploads) on a shared machine.
  test.setTimeout(300_000);
  // An album of the demo branch whose own name and captions mix Turkish, emoji and Arabic, one of its students tagged by hand.
  const login = await request.post('/api/branch/login', { data: { email: DEMO.branch, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const call = async (method: 'get' | 'post' | 'put' | 'delete', path: string, data?: unknown) => {
    const answer = await request[method](`/api/branch/${path}`, { headers, data });
    expect(answer.status(), await answer.text()).toBe(200);
    return answer.json();
  };
  const branchId = (await call('get', 'user')).branch.id as number;
  const [pupil] = (await call('get', `branches/${branchId}/students?perPage=1`)).items;
  const name = 'Şehit Öğretmenler Günü Anma Töreni ve Bahar Şenliği 🎓🌸 حفل التخرج السنوي';
  const album = (await call('post', `branches/${branchId}/albums`, { name, description: 'Okul bahçesinde, velilerle birlikte — مع أولياء الأمور' })).item;
  try {
    for (const [i, caption] of [
      'Kep atma anı: Çağrışımlı Ötüken ekibi sahnede 💃 فرقة الرقص الشعبي',
      'مرحبا — Şükrü Öğretmen’in kapanış konuşması 🎉',
    ].entries()) {
      const upload = await request.post(`/api/branch/albums/${album.id}/photos`, {
        headers,
        multipart: { files: { name: `tören-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer: await jpeg(i ? '#8f2f5a' : '#2f6f8f', 1200, 800) } },
      });
      expect(upload.status(), await upload.text()).toBe(200);
      const [photo] = (await upload.json()).items;
      await call('put', `album-photos/${photo.id}`, { caption });
      await call('post', `album-photos/${photo.id}/tags`, { studentId: pupil.id });
    }

    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    page.on('pageerror', (error) => void errors.push(error.message));
    for (const level of ['panel', 'school', 'branch'] as const) {
      await page.unrouteAll();
      await signIn(page, level);
      const paths = await eventScreensOf(page, level, album.id);
      await withLongTurkishData(page, level);
      for (const path of paths) {
        await page.goto(path);
        await expect(page.locator('main h2').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        if (path === `/albums/${album.id}`) await expect(page.getByRole('link', { name: /^\d+\. fotoğrafı büyüt$/ })).toHaveCount(2);
        const { found, width } = await pastTheRightEdge(page);
        expect(found, `${level} ${path} is ${width} px wide`).toEqual([]);
        expect(width, path).toBeLessThanOrEqual(390);
      }
    }
    expect(errors).toEqual([]);
  } finally {
    await page.unrouteAll();
    await call('delete', `albums/${album.id}`);
  }
});

test('a toast on a phone stays on the screen, above the content’s first lines, and one at a time', async ({ page }) => {
  await signIn(page, 'panel');
  await page.goto('/studio');
  // Two saves (the studio's web site changed and put back): their two toasts show one at a time.
  const site = page.getByLabel('Web sitesi');
  const original = await site.inputValue();
  for (const value of ['https://isik-foto.test', original]) {
    await site.fill(value);
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Kaydedildi.').first()).toBeVisible();
  }
  const shown = page.locator('.mantine-Notification-root');
  await expect(shown).toHaveCount(1);
  const box = (await shown.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  // It covers the header's band, not the page's title and fields (the page back at its top: the
  // form runs longer than a phone's screen, and saving leaves it scrolled to its button).
  await page.evaluate(() => window.scrollTo(0, 0));
  const title = (await page.getByRole('heading', { name: 'Stüdyo', exact: true }).boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(title.y);
});

test('the student’s "Çıkış" is whole beside a long school name', async ({ page, request }) => {
  const login = await request.post('/api/branch/login', { data: { email: DEMO.branch, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const branchId = (await (await request.get('/api/branch/user', { headers })).json()).branch.id as number;
  const [student] = (await (await request.get(`/api/branch/branches/${branchId}/students?perPage=1`, { headers })).json()).items;
  const issued = await request.post(`/api/branch/students/${student.id}/access-code`, { headers });
  expect(issued.status()).toBe(200);
  // The student's page reads a long school and branch name.
  await page.route(/\/api\/student\/user$/, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.school.name = `${body.school.name} Şehit Piyade Er Ömer Halisdemir Mesleki ve Teknik Anadolu Lisesi Çok Programlı Kampüsü`;
    body.branch.name = `${body.branch.name} Fen Bilimleri ve Matematik Alanı`;
    await route.fulfill({ response, json: body });
  });
  await page.goto('/student/login?okul=ATA2026');
  await page.getByLabel('Okul numarası').fill(student.schoolNumber);
  await page.getByLabel('Giriş kodu').fill((await issued.json()).code);
  await page.getByRole('button', { name: 'Giriş yap' }).click();
  await expect(page.getByRole('heading', { name: 'Ana sayfa' })).toBeVisible();
  const signOut = page.getByRole('button', { name: 'Çıkış' });
  await expect(signOut).toBeInViewport({ ratio: 1 });
  expect(await signOut.evaluate((button) => [...button.querySelectorAll('*'), button].every((el) => el.scrollWidth <= el.clientWidth + 0.5))).toBe(true);
});
