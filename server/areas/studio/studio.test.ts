import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { tr } from '../../../common/tr';
import { auditLog, studios } from '../../db/schema';
import { single } from '../../db/rows';
import { useApiTestKit } from '../../test/api';
import { uploadForm } from '../../test/multipart';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-studio-'));
const kit = useApiTestKit({ DATA_DIR: dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
// Rows are reset before each test; stored files are too.
beforeEach(() => fs.rmSync(path.join(dataDir, 'branding'), { recursive: true, force: true }));

const profile = {
  name: 'Işık Fotoğraf',
  phone: '0312 444 55 66',
  email: 'Bilgi@Isik.Test',
  address: 'Kızılay Mah. No: 5',
  cityId: 6,
  website: 'https://isik.test',
};
const png = (w = 800, h = 400) =>
  sharp({ create: { width: w, height: h, channels: 4, background: '#e03131' } })
    .png()
    .toBuffer();

async function upload(token: string, level: string, file: Buffer, name = 'logo.png', type = 'image/png') {
  const form = uploadForm(file, name, type);
  return kit.call('POST', `/api/${level}/studio/logo`, form.payload, { ...form.headers, authorization: `Bearer ${token}` });
}

describe('GET/PUT studio', () => {
  it('answers the studio profile to level panel and saves a valid change (audited)', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const before = await panel.get('studio');
    expect(before.body.studio).toMatchObject({ name: 'Test Stüdyosu', logoUrl: null, cityId: 6 });
    const res = await panel.put('studio', { ...profile, version: 1 });
    expect(res.status).toBe(200);
    expect(res.body.studio).toMatchObject({ ...profile, email: 'bilgi@isik.test' });
    const user = await panel.get('user');
    expect(user.body.studio.name).toBe('Işık Fotoğraf');
    const audit = await kit.database.db.select().from(auditLog).where(eq(auditLog.entity, 'studio'));
    expect(audit[0]?.changes).toMatchObject({ name: ['Test Stüdyosu', 'Işık Fotoğraf'] });
    // The other studio is untouched.
    const other = single(await kit.database.db.select().from(studios).where(eq(studios.id, kit.world.otherStudio.id)));
    expect(other.name).toBe('Rakip Stüdyo');
  });

  it('refuses bad input with Turkish field errors and changes nothing', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...profile, name: ' ' }, 'name', tr.validation.required],
      [{ ...profile, email: 'kötü' }, 'email', tr.validation.email],
      [{ ...profile, website: 'isik' }, 'website', tr.studio.websiteInvalid],
      [{ ...profile, phone: '12' }, 'phone', 'Geçerli bir telefon numarası giriniz (ör. 0212 555 12 34).'],
      [{ ...profile, cityId: 99 }, 'cityId', tr.validation.maxNumber(81)],
    ];
    for (const [body, field, message] of cases) {
      const res = await panel.put('studio', { ...body, version: 1 });
      expect(res.status, field).toBe(400);
      expect(res.body.errors[field]).toBe(message);
    }
    expect((await panel.get('studio')).body.studio.name).toBe('Test Stüdyosu');
  });

  it('is level panel only (403 for school and branch)', async () => {
    for (const account of [kit.world.accounts.school, kit.world.accounts.branch]) {
      const caller = await kit.as(account);
      expect((await caller.get('studio')).status).toBe(403);
      const res = await caller.put('studio', { ...profile, version: 1 });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(tr.forbiddenFor(['Stüdyo Yönetimi']));
    }
    expect((await kit.call('PUT', '/api/panel/studio', { ...profile, version: 1 })).status).toBe(401);
    expect((await (await kit.as(kit.world.accounts.panel)).get('studio')).body.studio.name).toBe('Test Stüdyosu');
  });

  it('keeps each studio to its own profile', async () => {
    const foreign = await kit.as(kit.world.accounts.foreignPanel);
    await foreign.put('studio', { ...profile, name: 'Rakip Yeni', version: 1 });
    const panel = await kit.as(kit.world.accounts.panel);
    expect((await panel.get('studio')).body.studio.name).toBe('Test Stüdyosu');
  });
});

describe('POST studio/logo', () => {
  it('stores an uploaded image as the logo, served publicly and shown in user info', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await upload(panel.token, 'panel', await png(), 'logo.png');
    expect(res.status).toBe(200);
    const logoUrl: string = res.body.studio.logoUrl;
    expect(logoUrl).toMatch(new RegExp(`^/api/files/studio-logo/${kit.world.studio.id}\\?v=\\d+$`));
    const file = await kit.app.inject({ method: 'GET', url: logoUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(512); // made no larger than 512 px
    expect((await panel.get('user')).body.studio.logoUrl).toBe(logoUrl);
    // The printed cover takes the full-size master, its transparency kept.
    const master = await kit.app.storage.images.get(`studio-logo/${kit.world.studio.id}.master`);
    expect(await sharp(master!).metadata()).toMatchObject({ format: 'png', width: 800, height: 400, hasAlpha: true });
  });

  it('refuses a non-image (even named .png), an oversized file and a missing file; nothing changes', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const fake = await upload(panel.token, 'panel', Buffer.from('<html>merhaba</html>'), 'logo.png');
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe(tr.studio.notImage);
    const big = await upload(panel.token, 'panel', Buffer.alloc(2 * 1024 * 1024 + 10, 1), 'big.png');
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(tr.studio.tooLarge(2));
    const none = await panel.post('studio/logo', {});
    expect(none.status).toBe(400);
    const row = single(await kit.database.db.select().from(studios).where(eq(studios.id, kit.world.studio.id)));
    expect(row.logoPath).toBeNull();
    expect(fs.existsSync(path.join(dataDir, 'branding', 'studio-logo', `${kit.world.studio.id}.webp`))).toBe(false);
  });

  it('is level panel only', async () => {
    const school = await kit.as(kit.world.accounts.school);
    expect((await upload(school.token, 'school', await png())).status).toBe(403);
  });

  it('answers 404 for a logo that does not exist', async () => {
    expect((await kit.call('GET', '/api/files/studio-logo/999')).status).toBe(404);
    expect((await kit.call('GET', '/api/files/other/1')).status).toBe(400);
  });
});

describe('GET branding (public)', () => {
  it('answers the studio name, logo and colour without a session', async () => {
    const res = await kit.call('GET', '/api/panel/branding');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, name: 'Test Stüdyosu', logoUrl: null, primaryColor: '#1c7ed6' });
    const panel = await kit.as(kit.world.accounts.panel);
    await upload(panel.token, 'panel', await png(64, 64));
    expect((await kit.call('GET', '/api/school/branding')).body.logoUrl).toMatch(/^\/api\/files\/studio-logo\//);
  });
});
