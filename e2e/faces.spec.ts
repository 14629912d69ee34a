import { expect, test } from './fixtures';
import { callApi, signIn, toast } from './helpers';

/** The demo's event album (server/areas/faces/demoSeed.ts). */
const DEMO_ALBUM = 'Bahar Şenliği 🌸';

test.describe('face review', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the branch manager scans the album, confirms the suggested faces of a student in bulk on a phone', async ({ page }) => {
    // The scan runs the face model in the server's worker threads: on a loaded machine it takes a while.
    test.setTimeout(240_000);
    await signIn(page, 'branch');
    let albumId = 0;
    for (let id = 1; id <= 20 && !albumId; id++) {
      const res = await callApi(page, 'GET', `albums/${id}/faces`);
      if (res.status === 200 && res.body.album.name === DEMO_ALBUM) albumId = id;
    }
    expect(albumId, 'the demo album').toBeGreaterThan(0);

    await page.goto(`/albums/${albumId}/faces`);
    await expect(page.getByRole('heading', { name: `${DEMO_ALBUM}: yüz eşleştirme` })).toBeVisible();
    await page.getByRole('button', { name: 'Yüzleri tara' }).click();
    await expect(toast(page, '2 fotoğraf taranacak.')).toBeVisible();

    // The screen asks again while photos wait; the groups appear when the scan is done.
    const groups = page.locator('section');
    await expect(page.getByText(/taranmayı bekliyor/)).toBeHidden({ timeout: 200_000 });
    await expect(groups).toHaveCount(3);
    // A person seen in both photos.
    const first = groups.filter({ has: page.getByRole('img').nth(1) }).first();
    const name = (await first.getAttribute('aria-label'))!;
    // Two photos: the people of both are suggested twice, from the most alike down, with a confidence word.
    await expect(first.getByText(/^Benzerlik %\d+$/)).toHaveCount(2);
    await expect(first.getByText(/güven$/).first()).toBeVisible();
    await expect(first.getByRole('img', { name: `${name} olabilecek yüz` })).toHaveCount(2);

    await first.getByRole('checkbox', { name: `${name}: hepsini seç` }).check();
    await page.getByRole('button', { name: 'Seçilenleri onayla (2)' }).click();
    await expect(toast(page, '2 yüz onaylandı.')).toBeVisible();
    await expect(groups).toHaveCount(2);
    await expect(page.getByText('Karar verilenler: 2')).toBeVisible();

    // Nothing pushed sideways on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
