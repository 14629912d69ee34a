import { expect, test } from './fixtures';
import { callApi, openStudents, signIn, toast } from './helpers';

test.describe("a student's data", () => {
  test('the school downloads a student’s data as a zip, then erases them after typing their name', async ({ page }) => {
    const branchId = await openStudents(page);
    await signIn(page, 'school');
    // A student of this test's own, so the demo's figures stay as other tests count them.
    const name = 'Deniz Silinecekoğlu';
    const created = await callApi(page, 'POST', `branches/${branchId}/students`, { schoolNumber: '98765', firstName: 'Deniz', lastName: 'Silinecekoğlu' });
    expect(created.status).toBe(200);
    await page.goto(`/students/${branchId}?q=silinecek`);
    await page.getByRole('button', { name: `${name}: düzenle` }).click();
    const form = page.getByRole('dialog', { name: 'Öğrenciyi düzenle' });

    const download = page.waitForEvent('download');
    await form.getByRole('button', { name: 'Verilerini indir' }).click();
    expect((await download).suggestedFilename()).toMatch(/^ogrenci-verileri-98765-\d{4}-\d{2}-\d{2}\.zip$/);

    await form.getByRole('button', { name: 'Verilerini sil' }).click();
    const confirm = page.getByRole('dialog', { name: `${name}: verilerini sil` });
    await expect(confirm.getByText('geri alınamaz', { exact: false })).toBeVisible();
    const erase = confirm.getByRole('button', { name: 'Kalıcı olarak sil' });
    await expect(erase).toBeDisabled();
    const typed = confirm.getByRole('textbox', { name: 'Onaylamak için öğrencinin adını ve soyadını yazınız' });
    await typed.fill('Başka Biri');
    await expect(confirm.getByText('Yazdığınız ad soyad öğrencininkiyle aynı değil.')).toBeVisible();
    await expect(erase).toBeDisabled();
    await typed.fill(name.toLocaleUpperCase('tr'));
    await erase.click();

    await expect(toast(page, 'Öğrencinin verileri silindi.')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(form).toBeHidden();
    await expect(page.getByRole('button', { name: `${name}: düzenle` })).toHaveCount(0);
    expect((await callApi(page, 'GET', `students/${created.body.item.id}`)).status).toBe(404);
  });
});
