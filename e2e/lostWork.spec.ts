/**
 * No lost work and no wrong state: the design form's edits and pictures, dialogs with edits,
 * uploads under way, the query cache across accounts, and the list controls.
 */
import { type Page, type Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiJson, DEMO, DEMO_PASSWORD, jpeg, openDialog, signIn, toast } from './helpers';

const THIRD_SCHOOL = 'Şehit Ömer Halisdemir Lisesi';

/** Holds every matching call until `release()`: an upload that is still under way. */
async function holdCalls(page: Page, url: string, method = 'POST') {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: Route[] = [];
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    held.push(route);
    await released;
    await route.continue();
  });
  return { release, held };
}

/** As the studio: the third school's design open, its preview student with approved messages. */
async function openThirdSchoolDesign(page: Page) {
  await signIn(page, 'panel');
  const schools = await apiJson(page, 'GET', 'schools?perPage=50');
  const school = (schools.items as Array<{ id: number; name: string }>).find((s) => s.name === THIRD_SCHOOL)!;
  const branch = (await apiJson(page, 'GET', `schools/${school.id}/branches`)).items[0];
  const [to, ...others] = (await apiJson(page, 'GET', `branches/${branch.id}/students?perPage=4`)).items as Array<{ id: number }>;
  for (const from of others.slice(0, 3)) {
    const created = await apiJson(page, 'POST', 'messages', { fromStudentId: from.id, toStudentId: to!.id, body: 'Seninle geçen yıllar çok güzeldi.' });
    await apiJson(page, 'PUT', `messages/${created.item.id}`, { status: 'approved' });
  }
  await page.goto('/design');
  await page.getByRole('combobox', { name: 'Tasarımı düzenlenen' }).click();
  await page.getByRole('option', { name: THIRD_SCHOOL }).click();
  const preview = page.getByRole('region', { name: 'Canlı önizleme' });
  await expect(preview.getByTestId('preview-name')).toBeVisible();
  return { preview, pages: preview.getByRole('region', { name: 'Yıllık sayfaları' }) };
}

test.describe('the design form keeps the work', () => {
  test('an empty or 0 "Sayfa başına mesaj" says what is wrong and the page stays alive', async ({ page }) => {
    const { pages } = await openThirdSchoolDesign(page);
    const perPage = page.getByLabel('Sayfa başına mesaj');
    const slides = pages.getByRole('group', { name: /^Sayfa \d+ \/ \d+$/, includeHidden: true });
    await perPage.fill('');
    await expect(perPage).toHaveAttribute('aria-invalid', 'true');
    await perPage.fill('0');
    await expect(perPage).toHaveAttribute('aria-invalid', 'true');
    await expect(slides).toHaveCount(1);
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Kaydedildi.')).toHaveCount(0);
    // Still a living page: a valid number pages the messages again.
    await perPage.fill('1');
    await expect(perPage).not.toHaveAttribute('aria-invalid', 'true');
    expect(await slides.count()).toBeGreaterThanOrEqual(3);
  });

  test('one "Kaydet" saves a picked cover with the settings; leaving during the upload asks; edits survive a refetch', async ({ page }) => {
    const { preview } = await openThirdSchoolDesign(page);
    // A file the server would refuse is not even sent.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/design/cover')) sent.push(request.url());
    });
    const cover = page.locator('input[type=file]');
    await cover.setInputFiles({ name: 'kapak.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(page.getByText('Dosya bir resim değil. Lütfen PNG, JPEG veya WebP seçiniz.')).toBeVisible();
    await cover.setInputFiles({ name: 'kocaman.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect(page.getByText('Dosya en fazla 5 MB olabilir.')).toBeVisible();

    await cover.setInputFiles({ name: 'kapak.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#5f3dc4', 400, 300) });
    await expect(preview.getByRole('img', { name: 'Kapak görseli' })).toHaveAttribute('src', /^data:image\/jpeg/);
    await page.getByLabel('Ana renk').fill('#ae3ec9');
    const upload = await holdCalls(page, '**/api/panel/design/cover*');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect.poll(() => upload.held.length).toBe(1);

    // Leaving the page while the cover is on its way asks first; staying keeps everything.
    await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Stüdyo' }).click();
    const ask = page.getByRole('dialog', { name: 'Emin misiniz?' });
    await expect(ask).toContainText('Yükleme sürüyor. Sayfadan ayrılırsanız yükleme yarıda kalır.');
    await ask.getByRole('button', { name: 'Vazgeç' }).click();
    await expect(page).toHaveURL('/design');
    upload.release();
    await expect(toast(page, 'Kaydedildi.')).toHaveCount(1);
    expect(sent).toHaveLength(1);

    await page.reload();
    await page.getByRole('combobox', { name: 'Tasarımı düzenlenen' }).click();
    await page.getByRole('option', { name: THIRD_SCHOOL }).click();
    await expect(page.getByLabel('Ana renk')).toHaveValue('#ae3ec9');
    await expect(preview.getByRole('img', { name: 'Kapak görseli' })).toHaveAttribute('src', /\/api\/files\//);

    // An edit not saved yet stays when the design is fetched again (here: the network comes back).
    await page.getByLabel('Vurgu rengi').fill('#0ca678');
    await page.getByLabel('Vurgu rengi').blur();
    const refetched = page.waitForResponse((r) => r.url().includes('/api/panel/design?') && r.request().method() === 'GET');
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await refetched;
    await expect(page.getByLabel('Vurgu rengi')).toHaveValue('#0ca678');
    await expect(page.getByLabel('Ana renk')).toHaveValue('#ae3ec9');
  });
});

test.describe('unsaved settings are not dropped by a click on the menu', () => {
  test('Yıllık Tasarımı and Stüdyo ask before leaving with changes; "Vazgeç" keeps them, leaving drops them', async ({ page }) => {
    await signIn(page, 'panel');
    const menu = page.getByRole('navigation', { name: 'Menü' });
    const ask = page.getByRole('dialog', { name: 'Emin misiniz?' });

    await page.goto('/design');
    await page.getByLabel('Ana renk').fill('#1098ad');
    await menu.getByRole('link', { name: 'Stüdyo' }).click();
    await expect(ask).toContainText('Bu sayfada kaydedilmemiş değişiklikler var. Sayfadan ayrılırsanız kaybolacak.');
    await ask.getByRole('button', { name: 'Vazgeç' }).click();
    await expect(page).toHaveURL('/design');
    await expect(page.getByLabel('Ana renk')).toHaveValue('#1098ad');
    await menu.getByRole('link', { name: 'Stüdyo' }).click();
    await ask.getByRole('button', { name: 'Sayfadan ayrıl' }).click();
    await expect(page).toHaveURL('/studio');

    const name = page.getByLabel('Stüdyo adı');
    await expect(name).not.toHaveValue('');
    const stored = await name.inputValue();
    await name.fill(`${stored} (taslak)`);
    await menu.getByRole('link', { name: 'Okullar' }).click();
    await expect(ask).toContainText('kaydedilmemiş değişiklikler');
    await ask.getByRole('button', { name: 'Vazgeç' }).click();
    await expect(name).toHaveValue(`${stored} (taslak)`);
    // Back as stored, nothing is lost: the menu just goes.
    await name.fill(stored);
    await menu.getByRole('link', { name: 'Okullar' }).click();
    await expect(page).toHaveURL(/\/schools/);
    await expect(ask).toHaveCount(0);
  });
});

test.describe('dialogs keep their edits', () => {
  test('Escape in an open calendar closes only the calendar', async ({ page }) => {
    await signIn(page, 'panel');
    await page.goto('/notifies');
    const dialog = await openDialog(page, 'Yeni bildirim');
    await dialog.getByLabel('Başlık').fill('Veli toplantısı');
    await dialog.getByLabel('Gönderim tarihi').click();
    const calendar = page.locator('[data-dates-dropdown]');
    await expect(calendar).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Kaydedilmemiş değişiklikler' })).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Başlık')).toHaveValue('Veli toplantısı');
  });

  test('a click outside keeps a form with edits; Escape and "Vazgeç" ask first; an untouched form just closes', async ({ page }) => {
    await signIn(page, 'branch');
    await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Öğrenciler' }).click();
    let form = await openDialog(page, 'Yeni öğrenci');
    await page.keyboard.press('Escape');
    await expect(form).toHaveCount(0);

    form = await openDialog(page, 'Yeni öğrenci');
    await form.getByLabel('Okul No').fill('7777');
    await page.mouse.click(5, 300);
    await expect(form).toBeVisible();
    const ask = page.getByRole('dialog', { name: 'Kaydedilmemiş değişiklikler' });
    await page.keyboard.press('Escape');
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Vazgeç' }).click();
    await expect(ask).toHaveCount(0);
    await expect(form.getByLabel('Okul No')).toHaveValue('7777');
    await form.getByRole('button', { name: 'Vazgeç' }).click();
    await ask.getByRole('button', { name: 'Değişiklikleri at' }).click();
    await expect(form).toHaveCount(0);
  });
});

test.describe('accounts do not mix', () => {
  test('after logout the next account never sees the previous account’s figures', async ({ page }) => {
    await signIn(page, 'panel');
    // Home's figures: the same call for every level, so a kept answer would show the studio's schools to the next account.
    await expect(page.getByRole('main').getByText('Işıklar Fen Lisesi').first()).toBeVisible();
    await page.getByRole('button', { name: 'Çıkış yap' }).click();
    await expect(page).toHaveURL('/panel/login');
    const figures = await holdCalls(page, '**/api/branch/statistics', 'GET');
    // In the same tab without a reload, as a person does: the other level's login from the links under the form.
    await page.getByRole('link', { name: 'Şube Yöneticisi' }).click();
    await expect(page).toHaveURL('/branch/login');
    await page.getByLabel('E-posta').fill(DEMO.branch);
    await page.getByLabel('Şifre').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Giriş yap' }).click();
    await expect.poll(() => figures.held.length).toBe(1);
    await expect(page.getByRole('heading', { name: 'Ana Sayfa' })).toBeVisible();
    await expect(page.getByText('Işıklar Fen Lisesi')).toHaveCount(0);
    figures.release();
    await expect(page.getByText('Şube Yöneticisi · Atatürk Anadolu Lisesi · 12/A')).toBeVisible();
    await expect(page.getByText('Işıklar Fen Lisesi')).toHaveCount(0);
  });

  test('a wrong password on another level’s login page leaves the session as it was', async ({ page }) => {
    await signIn(page, 'panel');
    await page.goto('/branch/login');
    await page.getByLabel('E-posta').fill(DEMO.branch);
    await page.getByLabel('Şifre').fill(`${DEMO_PASSWORD}-yanlış`);
    await page.getByRole('button', { name: 'Giriş yap' }).click();
    await expect(toast(page, 'E-posta veya şifre hatalı.')).toBeVisible();
    await page.goto('/notifies');
    await expect(page.getByRole('heading', { name: 'Bildirimler' })).toBeVisible();
    await expect(page.getByTestId('user-name')).toHaveText('Stüdyo Yöneticisi');
    expect(await page.evaluate(() => localStorage.getItem('level'))).toBe('panel');
  });
});

test.describe('fresh data, called once', () => {
  test('a screen seen a moment ago is not fetched again; an approved nickname shows in the students at once', async ({ page }) => {
    await signIn(page, 'branch');
    const lists: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && /\/api\/branch\/branches\/\d+\/students\?/.test(r.url())) lists.push(r.url());
    });
    const menu = page.getByRole('navigation', { name: 'Menü' });
    await menu.getByRole('link', { name: 'Öğrenciler' }).click();
    await expect(page).toHaveURL(/\/students\/\d+$/);
    const branchId = Number(new URL(page.url()).pathname.split('/').pop());
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    await menu.getByRole('link', { name: 'Ana Sayfa' }).click();
    await menu.getByRole('link', { name: 'Öğrenciler' }).click();
    await expect(rows.nth(1)).toBeVisible();
    // A refetch would be sent as the screen mounts: before the next screen's own call, waited for here.
    const homeFigures = page.waitForResponse((r) => r.url().endsWith('/api/branch/statistics'));
    await menu.getByRole('link', { name: 'Ana Sayfa' }).click();
    await homeFigures;
    expect(lists, lists.join('\n')).toHaveLength(1);
    await menu.getByRole('link', { name: 'Öğrenciler' }).click();

    // A nickname suggested for a classmate, approved on the nicknames screen.
    const [from, to] = (await apiJson(page, 'GET', `branches/${branchId}/students?perPage=2`)).items as Array<{
      id: number;
      firstName: string;
      lastName: string;
    }>;
    const nickname = `Kutup Yıldızı ${Date.now() % 100_000}`;
    await apiJson(page, 'POST', 'nicknames', { fromStudentId: from!.id, toStudentId: to!.id, text: nickname });
    await menu.getByRole('link', { name: 'Lakap Önerileri' }).click();
    const suggestion = page.getByRole('row').filter({ hasText: nickname });
    await suggestion.getByRole('button', { name: /^Onayla/ }).click();
    await expect(toast(page, 'Onaylandı.')).toBeVisible();
    await menu.getByRole('link', { name: 'Öğrenciler' }).click();
    await expect(page.getByRole('heading', { name: /^Öğrenciler/ })).toBeVisible();
    await expect(
      page
        .getByRole('table')
        .getByRole('row')
        .filter({ hasText: `${to!.firstName} ${to!.lastName}` }),
    ).toContainText(`Lakap: ${nickname}`);
  });

  test('a branch manager added shows in the branches list at once', async ({ page }) => {
    // The page's clock stands still (its timers run on), so the branches list kept a moment ago
    // never goes stale by age: only the save's own refresh of it can show the new manager.
    await page.clock.setFixedTime(new Date());
    await signIn(page, 'school');
    const menu = page.getByRole('navigation', { name: 'Menü' });
    await menu.getByRole('link', { name: 'Şubeler' }).click();
    const row = page.getByRole('table').getByRole('row', { name: /12\/C/ });
    await expect(row).toBeVisible();
    await row.getByRole('link', { name: 'Yöneticiler' }).click();
    await expect(page.getByRole('heading', { name: 'Şube Yöneticileri' })).toBeVisible();
    const dialog = await openDialog(page, 'Yeni yönetici');
    await dialog.getByLabel('Ad soyad').fill('Aaron Aksoy');
    await dialog.getByLabel('E-posta').fill(`aaron${Date.now() % 100_000}@demo.test`);
    await dialog.getByLabel('Şifre').fill('Aaron12345');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Kaydedildi.')).toBeVisible();
    await menu.getByRole('link', { name: 'Şubeler' }).click();
    await expect(page.getByRole('heading', { name: 'Şubeler' })).toBeVisible();
    await expect(row).toContainText('Aaron Aksoy');
  });

  test('a cold load of an admin route asks for the user once', async ({ page }) => {
    await signIn(page, 'panel');
    // The first user call is held until a second one comes, or for a few seconds: meanwhile the
    // route's own guard runs beside the layout's, as it does on a slow line.
    const calls: string[] = [];
    let secondCame: () => void = () => {};
    const second = new Promise<void>((resolve) => (secondCame = resolve));
    await page.route(/\/api\/panel\/user$/, async (route) => {
      calls.push(route.request().url());
      if (calls.length === 1) await Promise.race([second, new Promise((resolve) => setTimeout(resolve, 3_000))]);
      else secondCame();
      await route.continue();
    });
    await page.goto('/schools');
    await expect(page.getByRole('heading', { name: 'Okullar' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Atatürk Anadolu Lisesi' })).toBeVisible();
    expect(calls).toHaveLength(1);
  });
});

test.describe('list and session edges', () => {
  test('calls that all answer 401 give one toast', async ({ page }) => {
    // Every "session ended" toast the page ever shows is counted, even one that is soon gone.
    await page.addInitScript(() => {
      const seen = new WeakSet<Element>();
      const w = window as unknown as { sessionToasts: number };
      w.sessionToasts = 0;
      new MutationObserver(() => {
        for (const alert of document.querySelectorAll('[role="alert"]')) {
          if (!seen.has(alert) && alert.textContent?.includes('Oturumunuz sonlandırıldı')) {
            seen.add(alert);
            w.sessionToasts++;
          }
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await signIn(page, 'panel');
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    expect((await page.request.post('/api/panel/logout', { headers: { authorization: `Bearer ${token}` } })).ok()).toBe(true);
    // The design screen makes its calls at once. The first two are answered together (401), and
    // the logout that the first 401 starts waits until they are: the second 401 then comes back
    // while the ending session is still held.
    const held: Route[] = [];
    let bothHeld: () => void = () => {};
    const together = new Promise<void>((resolve) => (bothHeld = resolve));
    let answered: () => void = () => {};
    const bothAnswered = new Promise<void>((resolve) => (answered = resolve));
    await page.route(/\/api\/panel\//, async (route) => {
      if (route.request().url().endsWith('/logout')) {
        await bothAnswered;
        return route.continue();
      }
      if (held.length >= 2) return route.continue();
      held.push(route);
      if (held.length === 2) {
        bothHeld();
        const answers = await Promise.all(held.map((r) => r.fetch()));
        await Promise.all(held.map((r, i) => r.fulfill({ response: answers[i] })));
        answered();
      }
      await together;
    });
    await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Yıllık Tasarımı' }).click();
    await expect(page).toHaveURL('/panel/login');
    await expect(toast(page, 'Oturumunuz sonlandırıldı. Tekrar giriş yapınız!').first()).toBeVisible();
    expect(held).toHaveLength(2);
    expect(await page.evaluate(() => (window as unknown as { sessionToasts: number }).sessionToasts)).toBe(1);
  });

  test('a page past the end goes to the last page, with its pager', async ({ page }) => {
    await signIn(page, 'panel');
    await page.goto('/schools?page=9');
    await expect(page.getByRole('row').filter({ hasText: 'Atatürk Anadolu Lisesi' })).toBeVisible();
    await expect(page).not.toHaveURL(/page=9/);
    await expect(page.getByText(/^Toplam \d+ kayıt$/)).toBeVisible();
  });

  test('"Filtreleri temizle" wins over a search still being typed', async ({ page }) => {
    await page.clock.install();
    await signIn(page, 'branch');
    await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Öğrenciler' }).click();
    await page.getByRole('combobox', { name: 'Fotoğraf', exact: true }).click();
    await page.getByRole('option', { name: 'Fotoğrafı olmayan' }).click();
    await expect(page).toHaveURL(/photo=missing/);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
    const search = page.getByLabel('Ara', { exact: true });
    await search.fill('zzz');
    await page.getByRole('button', { name: 'Filtreleri temizle' }).click();
    await page.clock.runFor(1_000);
    await expect(search).toHaveValue('');
    await expect(page).not.toHaveURL(/[?&](q|photo)=/);
  });

  test('the move dialog starts with no target for each student', async ({ page }) => {
    await signIn(page, 'school');
    const user = await apiJson(page, 'GET', 'user');
    const branches = (await apiJson(page, 'GET', `schools/${user.school.id}/branches`)).items as Array<{ id: number; name: string }>;
    await page.goto(`/students/${branches.find((b) => b.name === '12/A')!.id}`);
    await expect(page.getByRole('heading', { name: /Öğrenciler · 12\/A/ })).toBeVisible();
    const moveButtons = page.getByRole('button', { name: /: şubesini değiştir$/ });
    await moveButtons.nth(0).click();
    let dialog = page.getByRole('dialog', { name: 'Şubesini değiştir' });
    await dialog.getByRole('combobox', { name: 'Yeni şube' }).click();
    await page.getByRole('option').first().click();
    await expect(dialog.getByRole('button', { name: 'Şubesini değiştir' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Vazgeç' }).click();
    await expect(dialog).toHaveCount(0);
    await moveButtons.nth(1).click();
    dialog = page.getByRole('dialog', { name: 'Şubesini değiştir' });
    await expect(dialog.getByRole('combobox', { name: 'Yeni şube' })).toHaveValue('');
    await expect(dialog.getByRole('button', { name: 'Şubesini değiştir' })).toBeDisabled();
  });

  test('a lightbox address into a student’s photos opens the dialog and the slide again after a reload', async ({ page }) => {
    await signIn(page, 'branch');
    await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Öğrenciler' }).click();
    await expect(page).toHaveURL(/\/students\/\d+$/);
    const branchId = Number(new URL(page.url()).pathname.split('/').pop());
    // The last student of the branch (not on the first page of ten), with two photos.
    const list = await apiJson(page, 'GET', `branches/${branchId}/students?perPage=100`);
    const student = list.items.at(-1) as { id: number; firstName: string; lastName: string };
    const files = await Promise.all(['#c92a2a', '#1971c2'].map(async (c) => [...(await jpeg(c, 400, 300))]));
    await page.evaluate(
      async ({ id, files }) => {
        const form = new FormData();
        files.forEach((f, i) => form.append('files', new Blob([new Uint8Array(f)], { type: 'image/jpeg' }), `${i + 1}.jpg`));
        const res = await fetch(`/api/branch/students/${id}/photos`, {
          method: 'POST',
          headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
          body: form,
        });
        if (!res.ok) throw new Error(await res.text());
      },
      { id: student.id, files },
    );
    await page.goto(`/students/${branchId}?perPage=10#ogrenci${student.id}-2`);
    const name = `${student.firstName} ${student.lastName}`;
    await expect(page.getByRole('dialog', { name: `Fotoğraflar · ${name}` })).toBeVisible();
    await expect(page.locator('.fancybox__container')).toBeVisible();
    await expect(page.locator('.fancybox__slide.is-selected .fancybox__caption')).toContainText(`${name}`);
    await expect(page.locator('.fancybox__slide.is-selected .fancybox__caption')).toContainText('· 2');
    await expect(page).toHaveURL(new RegExp(`#ogrenci${student.id}-2$`));
  });
});
