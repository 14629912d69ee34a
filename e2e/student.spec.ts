import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addDays, todayInTurkey } from '../common/dates';
import { signIn, toast } from './helpers';

const PHONE = { width: 390, height: 844 };
const SCHOOL_CODE = 'ATA2026';

/** A staff token for API steps (the screens under test are driven through the browser). */
async function staffToken(request: APIRequestContext, level: 'panel' | 'branch', email: string) {
  const answer = await request.post(`/api/${level}/login`, { data: { email, password: 'Demo1234!' } });
  expect(answer.status()).toBe(200);
  return { authorization: `Bearer ${(await answer.json()).token}` };
}

const SCHOOL_FIELDS = ['name', 'cityId', 'district', 'address', 'phone', 'email', 'academicYear', 'messageDeadline', 'status', 'code', 'version'];

/** Moves the demo school's message deadline (the panel's school form does the same); answers the one it had. */
async function setDeadline(request: APIRequestContext, deadline: string | null): Promise<string | null> {
  const headers = await staffToken(request, 'panel', 'admin@demo.test');
  const list = await (await request.get('/api/panel/schools?q=Atatürk', { headers })).json();
  const school = list.items.find((s: { code: string }) => s.code === SCHOOL_CODE);
  const body = Object.fromEntries(SCHOOL_FIELDS.filter((f) => school[f] !== undefined).map((f) => [f, school[f]]));
  const saved = await request.put(`/api/panel/schools/${school.id}`, { headers, data: { ...body, messageDeadline: deadline } });
  expect(saved.status(), await saved.text()).toBe(200);
  return school.messageDeadline;
}

const isoDay = (offsetDays: number) => addDays(todayInTurkey(), offsetDays);

/** A phone-sized browser of its own, signed in as a student by typing the card's details into /student/login?okul=…. */
async function studentSignsIn(browser: Browser, card: { number: string; code: string }): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
  const page = await context.newPage();
  await page.goto(`/student/login?okul=${SCHOOL_CODE}`);
  await expect(page.getByLabel('Okul kodu')).toHaveValue(SCHOOL_CODE);
  await page.getByLabel('Okul numarası').fill(card.number);
  await page.getByLabel('Giriş kodu').fill(card.code);
  await page.getByRole('button', { name: 'Giriş yap' }).click();
  await expect(page.getByRole('heading', { name: 'Ana sayfa' })).toBeVisible();
  return page;
}

test.describe('student portal', () => {
  let originalDeadline: string | null = null;
  test.beforeAll(async ({ request }) => {
    originalDeadline = await setDeadline(request, isoDay(30));
  });
  test.afterAll(async ({ request }) => {
    await setDeadline(request, originalDeadline);
  });

  test('cards → a student writes → the branch manager approves → the classmate reads it; after the deadline the server refuses', async ({
    page,
    browser,
    request,
  }) => {
    // The branch manager prints the branch's login cards.
    await signIn(page, 'branch');
    const headers = await staffToken(request, 'branch', 'sube@demo.test');
    const branchId = (await (await request.get('/api/branch/user', { headers })).json()).branch.id as number;
    await page.goto(`/login-cards/${branchId}`);
    await page.getByRole('button', { name: 'Tüm kodları yenile' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Tüm kodları yenile' }).click();
    const cards = page.locator('.login-card');
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    expect(count).toBeGreaterThan(2);
    await expect(page.locator('.login-card img[alt$="/student/login?okul=ATA2026"]')).toHaveCount(count);
    const all = await cards.evaluateAll((nodes) =>
      nodes.map((n) => ({
        name: n.getAttribute('aria-label')!,
        number: /Okul numarası: (\d+)/.exec(n.textContent ?? '')![1]!,
        code: n.querySelector('[data-testid="access-code"]')!.textContent!,
      })),
    );
    const writer = all[0]!;

    // The writer, on a phone, writes to a classmate it has not written to yet.
    const phone = await studentSignsIn(browser, writer);
    const progress = phone.getByTestId('progress');
    await expect(progress).toHaveText(new RegExp(`^${count - 1} arkadaşından \\d+'\\p{L}+ yazdın$`, 'u'));
    const writtenBefore = Number(/arkadaşından (\d+)/.exec((await progress.textContent())!)![1]);
    await phone.getByRole('navigation').getByRole('link', { name: 'Sınıf arkadaşların' }).click();
    const unwritten = phone.getByRole('link', { name: /: Yazılmadı$/ }).first();
    const readerName = (await unwritten.getAttribute('aria-label'))!.replace(/: Yazılmadı$/, '');
    const reader = all.find((c) => c.name === readerName)!;
    await unwritten.click();
    const body = `Sevgili ${reader.name}, <b>iyi ki</b> tanıştık!`;
    await phone.getByLabel('Mesajın').fill(body);
    await phone.getByRole('button', { name: 'Gönder' }).click();
    await expect(toast(phone, 'Kaydedildi.')).toBeVisible();
    await expect(phone.getByLabel('Mesajın')).toContainText('Bekliyor');
    await phone.getByRole('navigation').getByRole('link', { name: 'Ana sayfa' }).click();
    await expect(progress).toContainText(`${count - 1} arkadaşından ${writtenBefore + 1}'`);
    const studentToken = await phone.evaluate(() => localStorage.getItem('studentAuthToken'));

    // The branch manager approves it on the reader's messages, in the moderation screen.
    const classmates = await (await request.get('/api/student/classmates', { headers: { authorization: `Bearer ${studentToken}` } })).json();
    const readerId = classmates.items.find((c: { name: string }) => c.name === reader.name).id as number;
    await page.goto(`/messages/to/${readerId}`);
    const row = page.getByRole('row').filter({ hasText: body });
    await expect(row).toContainText('Onay bekliyor');
    await expect(row).toContainText(writer.name);
    await row.getByRole('button', { name: 'Onayla' }).click();
    await expect(toast(page, 'Onaylandı.')).toBeVisible();

    // The reader signs in on a phone and reads it on its page, as text.
    const readerPhone = await studentSignsIn(browser, reader);
    await readerPhone.getByRole('navigation').getByRole('link', { name: 'Sayfam' }).click();
    const received = readerPhone.getByRole('article', { name: writer.name });
    await expect(received).toContainText(body);
    await expect(readerPhone.locator('main b')).toHaveCount(0);

    // After the deadline the server refuses a write, naming the deadline; the pages turn read-only.
    await setDeadline(request, isoDay(-1));
    const [y, m, d] = isoDay(-1).split('-');
    const refused = await request.post('/api/student/messages', {
      headers: { authorization: `Bearer ${studentToken}` },
      data: { toStudentId: classmates.items[2].id, body: 'geç kaldım' },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe(`Son tarih (${d}/${m}/${y}) geçti; artık değişiklik yapılamaz.`);
    await phone.reload();
    await expect(phone.getByRole('status')).toContainText(`Son tarih (${d}/${m}/${y}) geçti`);
    await phone.getByRole('navigation').getByRole('link', { name: 'Sınıf arkadaşların' }).click();
    await phone.getByRole('link', { name: new RegExp(`^${classmates.items[2].name}:`) }).click();
    await expect(phone.getByRole('button', { name: 'Gönder' })).toHaveCount(0);
  });

  test("a student's own page, nicknames and notifications; staff see the pick, approve the quote and remind those who have not written", async ({
    page,
    browser,
    request,
  }) => {
    await setDeadline(request, isoDay(30));
    await signIn(page, 'branch');
    const headers = await staffToken(request, 'branch', 'sube@demo.test');
    const branchId = (await (await request.get('/api/branch/user', { headers })).json()).branch.id as number;
    const list = await (await request.get(`/api/branch/branches/${branchId}/students?perPage=100`, { headers })).json();
    type Row = { id: number; firstName: string; lastName: string; schoolNumber: string; consents: Record<string, string>; photoCount: number };
    const student = (list.items as Row[]).find((r) => r.consents['print-photo'] === 'yes' && r.photoCount > 0)!;
    const name = `${student.firstName} ${student.lastName}`;

    // A new code for one student from the students list.
    await page.goto(`/students/${branchId}?q=${student.schoolNumber}`);
    await page.getByRole('button', { name: `Yeni giriş kodu: ${name}` }).click();
    // The question names this student alone, not the branch.
    await expect(page.getByRole('dialog')).toContainText(`Yalnızca ${name} yeni bir giriş kodu alacak. Eski kodu ve elindeki giriş kartı hemen geçersiz olur`);
    await expect(page.getByRole('dialog')).not.toContainText('bütün öğrencilere');
    await page.getByRole('dialog').getByRole('button', { name: 'Yeni giriş kodu' }).click();
    const shown = page.getByTestId('new-access-code');
    await expect(shown).toContainText(`${name} için yeni giriş kodu: `);
    const code = /: ([A-Z0-9]{8})$/.exec((await shown.textContent())!)![1]!;
    await page.keyboard.press('Escape');

    const phone = await studentSignsIn(browser, { number: student.schoolNumber, code });
    // A nickname for the first classmate.
    await phone.getByRole('navigation').getByRole('link', { name: 'Lakaplar' }).click();
    const first = phone.getByRole('listitem').first();
    await first.getByRole('textbox').fill('Kaptan <i>');
    await first.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(phone, 'Kaydedildi.')).toBeVisible();
    await expect(first).toContainText('Bekliyor');

    // Its quote, and its portrait picked in the lightbox.
    await phone.getByRole('navigation').getByRole('link', { name: 'Sayfam' }).click();
    await phone.getByLabel('Yıllık sözün').fill('Hayat bir yolculuk.');
    await phone.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(phone, 'Kaydedildi.')).toBeVisible();
    await expect(phone.getByText('Onay bekliyor')).toBeVisible();
    await phone.getByRole('link', { name: 'Vesikalık seçimi 1' }).click();
    // One photo is the slug alone, more are slug-N (the library's hash).
    await expect(phone).toHaveURL(/#fotograflarim(-1)?$/);
    await expect(phone.locator('.fancybox__container')).toBeVisible();
    await phone.keyboard.press('Escape');
    await expect(phone.locator('.fancybox__container')).toHaveCount(0);
    await expect(phone).toHaveURL(/\/student\/me$/);
    await phone.getByRole('button', { name: 'Bunu seç: 1' }).click();
    await expect(phone.getByText('Seçildi')).toBeVisible();

    // Staff see the pick and approve the quote on the students list.
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('img', { name: 'Seçtiği vesikalık' })).toBeVisible();
    // In staff's words, and each button shows its whole label (none cut to "Sözü").
    await expect(row).toContainText('Yıllık sözü (onay bekliyor): Hayat bir yolculuk.');
    await expect(row).not.toContainText('Yıllık sözün');
    for (const label of ['Sözü onayla', 'Sözü reddet']) {
      const button = row.getByRole('button', { name: `${label}: Hayat bir yolculuk.` });
      await expect(button).toHaveText(label);
      const clipped = await button.evaluate((b) => [...b.querySelectorAll('*'), b].some((e) => e.scrollWidth > e.clientWidth + 1));
      expect(clipped, label).toBe(false);
    }
    await row.getByRole('button', { name: 'Sözü onayla: Hayat bir yolculuk.' }).click();
    await expect(toast(page, 'Kaydedildi.')).toBeVisible();
    await phone.reload();
    await expect(phone.getByText('Onay bekliyor')).toHaveCount(0);

    // message-from shows who signed in; the reminder reaches those who have not written.
    await page.goto(`/message-from?q=${student.schoolNumber}`);
    await expect(page.getByRole('columnheader', { name: 'Giriş yaptı' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Evet');
    const silent = await (await request.get(`/api/branch/message-from?branchId=${branchId}&has=none&perPage=100`, { headers })).json();
    // It asks first, naming how many, who and the text; once sent, a second try is refused for the day.
    await page.getByRole('button', { name: 'Yazmayanlara bildirim gönder' }).click();
    const ask = page.getByRole('dialog', { name: 'Yazmayanlara bildirim gönder' });
    const preview = await (await request.get(`/api/branch/branches/${branchId}/remind-unwritten`, { headers })).json();
    const reach = preview.recipients.length as number;
    await expect(ask).toContainText(`Şu ${reach} öğrenciye hemen bildirim gönderilecek`);
    await expect(ask).toContainText(`${preview.recipients[0].schoolNumber} ${preview.recipients[0].name}`);
    await expect(ask).toContainText('Mesaj yazmayı unutma');
    await expect(ask).toContainText('Sınıf arkadaşlarına yıllık mesajını henüz yazmadın.');
    await ask.getByRole('button', { name: 'Bildirimi gönder' }).click();
    await expect(toast(page, `${reach} öğrenciye bildirim gönderildi.`)).toBeVisible();
    await page.getByRole('button', { name: 'Yazmayanlara bildirim gönder' }).click();
    await expect(toast(page, 'Bu şubeye bugün zaten hatırlatma gönderildi.')).toBeVisible();
    await expect(ask).toHaveCount(0);
    const quiet = silent.items[0] as { studentId: number; schoolNumber: string };
    const quietCode = (await (await request.post(`/api/branch/students/${quiet.studentId}/access-code`, { headers })).json()).code as string;
    const quietPhone = await studentSignsIn(browser, { number: quiet.schoolNumber, code: quietCode });
    await quietPhone.getByRole('navigation').getByRole('link', { name: 'Bildirimler' }).click();
    await expect(quietPhone.getByRole('article', { name: 'Mesaj yazmayı unutma' }).first()).toBeVisible();
  });

  test('a student deletes a pending message after confirming in the dialog the page brings with it', async ({ browser, request }) => {
    await setDeadline(request, isoDay(30));
    const headers = await staffToken(request, 'branch', 'sube@demo.test');
    const branchId = (await (await request.get('/api/branch/user', { headers })).json()).branch.id as number;
    const [, pupil] = (await (await request.get(`/api/branch/branches/${branchId}/students?perPage=2`, { headers })).json()).items;
    const code = (await (await request.post(`/api/branch/students/${pupil.id}/access-code`, { headers })).json()).code as string;
    const phone = await studentSignsIn(browser, { number: pupil.schoolNumber, code });
    await phone.getByRole('navigation').getByRole('link', { name: 'Sınıf arkadaşların' }).click();
    await phone
      .getByRole('link', { name: /: Yazılmadı$/ })
      .first()
      .click();
    await phone.getByLabel('Mesajın').fill('Nice yıllara, canım arkadaşım! 🎓 إلى اللقاء');
    await phone.getByRole('button', { name: 'Gönder' }).click();
    await expect(toast(phone, 'Kaydedildi.')).toBeVisible();
    const mine = phone.getByLabel('Mesajın');
    await expect(mine).toContainText('Bekliyor');
    // Deleting asks first; the student frame has no dialog host of its own, this page brings one.
    await mine.getByRole('button', { name: 'Sil' }).click();
    const ask = phone.getByRole('dialog', { name: 'Emin misiniz?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Sil' }).click();
    await expect(toast(phone, 'Silindi.')).toBeVisible();
    await expect(ask).toHaveCount(0);
    await expect(phone.getByText('Bekliyor')).toHaveCount(0);
    await phone.context().close();
  });

  test("a phone on UTC counts the days to the deadline from Türkiye's today (at 22:30 UTC it is already the next day there)", async ({ browser, request }) => {
    await setDeadline(request, isoDay(30));
    const headers = await staffToken(request, 'branch', 'sube@demo.test');
    const branchId = (await (await request.get('/api/branch/user', { headers })).json()).branch.id as number;
    const [pupil] = (await (await request.get(`/api/branch/branches/${branchId}/students?perPage=1`, { headers })).json()).items;
    const code = (await (await request.post(`/api/branch/students/${pupil.id}/access-code`, { headers })).json()).code as string;
    const context = await browser.newContext({ viewport: PHONE, locale: 'tr-TR', timezoneId: 'UTC' });
    const phone = await context.newPage();
    // 22:30 UTC of the day before Türkiye's today: 01:30 of today in Türkiye, still yesterday on the phone's own calendar.
    await phone.clock.setFixedTime(new Date(`${addDays(todayInTurkey(), -1)}T22:30:00Z`));
    await phone.goto(`/student/login?okul=${SCHOOL_CODE}`);
    await phone.getByLabel('Okul numarası').fill(pupil.schoolNumber);
    await phone.getByLabel('Giriş kodu').fill(code);
    await phone.getByRole('button', { name: 'Giriş yap' }).click();
    await expect(phone.getByTestId('countdown')).toHaveText('30 gün kaldı');
    await context.close();
  });

  test('the login cards PDF (API): a PDF of A4 pages', async ({ request }) => {
    const headers = await staffToken(request, 'branch', 'sube@demo.test');
    const branchId = (await (await request.get('/api/branch/user', { headers })).json()).branch.id as number;
    const pdf = await request.post(`/api/branch/branches/${branchId}/login-cards.pdf`, { headers });
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const other = await request.post(`/api/branch/branches/${branchId + 1}/login-cards.pdf`, { headers });
    expect(other.status()).toBe(404);
  });
});
