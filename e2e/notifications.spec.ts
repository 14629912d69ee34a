import { expect, test } from './fixtures';
import { openDialog, signIn, submitEmpty, toast } from './helpers';

/** 'dd/mm/yyyy' of a day from today, in the browser's calendar (Europe/Istanbul). */
function shown(offsetDays: number) {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Istanbul', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
  return parts; // en-GB gives dd/mm/yyyy
}

test.describe('notifications', () => {
  test('the studio lists the seeded notifications with their status and reach', async ({ page }) => {
    await signIn(page, 'panel');
    await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Bildirimler' }).click();
    await expect(page.getByRole('heading', { name: 'Bildirimler' })).toBeVisible();
    const sent = page.getByRole('row').filter({ hasText: 'Fotoğraf çekimi hatırlatması' });
    await expect(sent).toContainText('Gönderildi');
    await expect(sent).toContainText('Stüdyonun tüm öğrencileri');
    await expect(sent).toContainText(/\d+ öğrenci/);
    await page.getByRole('combobox', { name: 'Duruma göre' }).click();
    await page.getByRole('option', { name: 'Taslak' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Yıllık teslim günü' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Fotoğraf çekimi hatırlatması' })).toHaveCount(0);
  });

  test('searches title and text with Turkish folding, kept in the URL', async ({ page }) => {
    await signIn(page, 'panel');
    await page.goto('/notifies');
    const rows = page.getByRole('table', { name: 'Bildirim listesi' }).getByRole('row');
    await expect(rows.filter({ hasText: 'Yıllık teslim günü' })).toBeVisible();
    // "mezuniyet toreni" matches "mezuniyet töreninde" in the text of "Yıllık teslim günü".
    await page.getByLabel('Ara', { exact: true }).fill('MEZUNIYET TORENI');
    await expect(page).toHaveURL(/q=MEZUNIYET/);
    await expect(rows.filter({ hasText: 'Yıllık teslim günü' })).toBeVisible();
    await expect(rows.filter({ hasText: 'Fotoğraf çekimi hatırlatması' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('Ara', { exact: true })).toHaveValue('MEZUNIYET TORENI');
    await expect(rows.filter({ hasText: 'Yıllık teslim günü' })).toBeVisible();
    await page.getByLabel('Ara', { exact: true }).fill('hiç olmayan bir şey');
    await expect(page.getByText('Kayıt bulunamadı.').first()).toBeVisible();
  });

  test('create a notification for a branch and schedule it with the date picker', async ({ page }) => {
    await signIn(page, 'panel');
    await page.goto('/notifies');
    const dialog = await openDialog(page, 'Yeni bildirim');
    await submitEmpty(dialog, 'Zamanla');

    await dialog.getByLabel('Başlık').fill('Veli toplantısı');
    await dialog.getByLabel('Metin').fill('Cuma günü saat 17.00’de veli toplantısı yapılacaktır.');
    await dialog.getByText('Bir şube').click();
    await dialog.getByRole('combobox', { name: 'Okul' }).click();
    await page.getByRole('option', { name: 'Işıklar Fen Lisesi' }).click();
    await dialog.getByRole('combobox', { name: 'Şube' }).click();
    await page.getByRole('option', { name: '12/İ' }).click();
    // Pick the send date in the calendar: tomorrow.
    await dialog.getByLabel('Gönderim tarihi').click();
    const tomorrow = new Date(Date.now() + 86_400_000);
    const label = new Intl.DateTimeFormat('tr-TR', { timeZone: 'Europe/Istanbul', day: 'numeric', month: 'long', year: 'numeric' }).format(tomorrow);
    if (!(await page.getByRole('button', { name: label, exact: true }).isVisible())) {
      await page
        .getByRole('button', { name: /sonraki|next/i })
        .first()
        .click();
    }
    await page.getByRole('button', { name: label, exact: true }).click();
    await expect(dialog.getByLabel('Gönderim tarihi')).toHaveValue(shown(1));
    await dialog.getByRole('button', { name: 'Zamanla' }).click();
    await expect(toast(page, 'Bildirim zamanlandı.')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Veli toplantısı' });
    await expect(row).toContainText('Zamanlandı');
    await expect(row).toContainText('Işıklar Fen Lisesi · 12/İ');
    await expect(row).toContainText(shown(1));
    await expect(row).toContainText(/[1-9]\d* öğrenci/);

    // A scheduled one can be cancelled.
    await row.getByRole('button', { name: /İşlemler/ }).click();
    await page.getByRole('menuitem', { name: 'Zamanlamayı iptal et' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Zamanlamayı iptal et' }).click();
    await expect(toast(page, 'Zamanlama iptal edildi.')).toBeVisible();
    await expect(row).toContainText('İptal edildi');

    // "Şimdi gönder" asks first, saying to whom, how many and what cannot be undone; sent once.
    const reach = (await row.textContent())?.match(/(\d+) öğrenci/)?.[1];
    await row.getByRole('button', { name: /İşlemler/ }).click();
    await page.getByRole('menuitem', { name: 'Şimdi gönder' }).click();
    const confirm = page.getByRole('dialog', { name: 'Şimdi gönder' });
    await expect(confirm).toContainText(`“Veli toplantısı” bildirimi şimdi gönderilecek: Işıklar Fen Lisesi · 12/İ, ${reach} öğrenci.`);
    await expect(confirm).toContainText('geri alınamaz');
    await confirm.getByRole('button', { name: 'Şimdi gönder' }).click();
    await expect(toast(page, `Bildirim gönderildi: ${reach} öğrenci.`)).toBeVisible();
    await expect(row).toContainText('Gönderildi');
    await row.getByRole('button', { name: /İşlemler/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Şimdi gönder' })).toHaveCount(0);
  });

  test('a branch manager sees only its branch’s notifications and targets only its branch', async ({ page }) => {
    await signIn(page, 'branch');
    await page.goto('/notifies');
    await expect(page.getByRole('row').filter({ hasText: 'Yıllık teslim günü' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Mesaj yazma için son hafta' })).toHaveCount(0);
    const dialog = await openDialog(page, 'Yeni bildirim');
    await expect(dialog.getByText('Bir okul')).toHaveCount(0);
    await expect(dialog.getByRole('combobox', { name: 'Şube' })).toHaveValue('12/A');
  });
});
