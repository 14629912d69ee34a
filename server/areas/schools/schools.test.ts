import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { orderKey, searchKey } from '../../../common/text';
import { IMAGE_MAX_MB } from '../../../common/schemas/studio';
import { tr } from '../../../common/tr';
import { albums, auditLog, branches, schools, users } from '../../db/schema';
import { countWhere, insertOne, single } from '../../db/rows';
import { itemOf, expectRefused, useApiTestKit } from '../../test/api';
import { insertAlbum, insertAlbumPhoto } from '../albums/seedRows';
import { jpeg } from '../../test/photoFiles';
import { fileKey } from '../photos/queries';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-schools-'));
const kit = useApiTestKit({ DATA_DIR: dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Çınar Koleji',
  cityId: 6,
  district: 'Çankaya',
  address: 'Atatürk Bulvarı 1',
  phone: '0312 555 12 34',
  email: 'bilgi@cinar.test',
  academicYear: '2025-2026',
  messageDeadline: '2026-05-20',
  ...over,
});

async function addSchool(name: string, cityId = 6, status: 'active' | 'archived' = 'active') {
  return await insertOne(kit.database.db, schools, {
    studioId: kit.world.studio.id,
    name,
    cityId,
    status,
    searchKey: searchKey(name),
    sortKey: orderKey(name),
  });
}
const schoolCount = async () => countWhere(kit.database.db, schools, undefined);

describe('GET schools', () => {
  it('lists only the studio’s schools with branch and student counts', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await panel.get('schools');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    const names = res.body.items.map((s: { name: string }) => s.name);
    expect(names).toEqual(['Işıklar Anadolu Lisesi', 'Şehit Öğretmen Lisesi']);
    const first = res.body.items[0];
    expect(first).toMatchObject({ branchCount: 2, studentCount: 4, cityName: 'Ankara', status: 'active' });
  });

  it('finds by Turkish-folded search: sule, ŞULE, ISIK', async () => {
    await addSchool('Şule Hanım Koleji');
    const panel = await kit.as(kit.world.accounts.panel);
    for (const q of ['sule', 'ŞULE', 'şule']) {
      const res = await panel.get(`schools?q=${encodeURIComponent(q)}`);
      expect(
        res.body.items.map((s: { name: string }) => s.name),
        q,
      ).toEqual(['Şule Hanım Koleji']);
    }
    const isik = await panel.get('schools?q=ISIK');
    expect(isik.body.items.map((s: { name: string }) => s.name)).toEqual(['Işıklar Anadolu Lisesi']);
  });

  it('sorts in Turkish alphabet order both ways and pages on the server', async () => {
    for (const n of ['Ilgaz Lisesi', 'İpek Koleji', 'Çağla Okulu', 'Cumhuriyet Lisesi', 'Zeytin Okulu']) await addSchool(n);
    const panel = await kit.as(kit.world.accounts.panel);
    const asc = await panel.get('schools?perPage=100');
    expect(asc.body.items.map((s: { name: string }) => s.name)).toEqual([
      'Cumhuriyet Lisesi',
      'Çağla Okulu',
      'Ilgaz Lisesi',
      'Işıklar Anadolu Lisesi',
      'İpek Koleji',
      'Şehit Öğretmen Lisesi',
      'Zeytin Okulu',
    ]);
    const desc = await panel.get('schools?sort=name&order=desc&perPage=2&page=2');
    expect(desc.body).toMatchObject({ total: 7, page: 2, perPage: 2 });
    expect(desc.body.items.map((s: { name: string }) => s.name)).toEqual(['İpek Koleji', 'Işıklar Anadolu Lisesi']);
    const byCount = await panel.get('schools?sort=studentCount&order=desc&perPage=1');
    expect(byCount.body.items[0].name).toBe('Işıklar Anadolu Lisesi');
  });

  it('filters by city and status', async () => {
    await addSchool('Eski Okul', 6, 'archived');
    const panel = await kit.as(kit.world.accounts.panel);
    const ankara = await panel.get('schools?cityId=6');
    expect(ankara.body.items.map((s: { name: string }) => s.name)).toEqual(['Eski Okul', 'Işıklar Anadolu Lisesi']);
    const archived = await panel.get('schools?status=archived');
    expect(archived.body.items.map((s: { name: string }) => s.name)).toEqual(['Eski Okul']);
  });

  it('answers 400 in Turkish for an unknown sort key or filter', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const badSort = await panel.get('schools?sort=password');
    expect(badSort.status).toBe(400);
    expect(badSort.body.errors.sort).toBe(tr.validation.choice);
    const badCity = await panel.get('schools?cityId=99');
    expect(badCity.status).toBe(400);
    const unknown = await panel.get('schools?admin=1');
    expect(unknown.status).toBe(400);
  });

  it('is for level panel only: school and branch managers get 403 without data', async () => {
    for (const account of [kit.world.accounts.school, kit.world.accounts.branch]) {
      const caller = await kit.as(account);
      const res = await caller.get('schools');
      expect(res.status).toBe(403);
      expect(res.body.items).toBeUndefined();
    }
  });

  it('shows another studio’s panel only its own schools', async () => {
    const foreign = await kit.as(kit.world.accounts.foreignPanel);
    const res = await foreign.get('schools');
    expect(res.body.items.map((s: { name: string }) => s.name)).toEqual(['Rakip Okul']);
  });
});

describe('GET schools/export', () => {
  it('exports the filtered list as CSV with BOM, ; and Turkish headers', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await panel.get('schools/export?format=csv&q=isik');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/okullar-\d{4}-\d{2}-\d{2}\.csv/);
    expect(res.raw.charCodeAt(0)).toBe(0xfeff);
    const lines = res.raw.slice(1).trim().split('\r\n');
    expect(lines[0]?.split(';').slice(0, 3)).toEqual(['Okul adı', 'İl', 'İlçe']);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Işıklar Anadolu Lisesi;Ankara');
  });

  it('exports XLSX', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await kit.app.inject({ method: 'GET', url: '/api/panel/schools/export?format=xlsx', headers: { authorization: `Bearer ${panel.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Okullar')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Okul adı');
    expect(sheet.getRow(1).getCell(11).value).toBe('Öğrenci sayısı');
    expect(sheet.getRow(2).getCell(1).value).toBe('Işıklar Anadolu Lisesi');
    expect(sheet.getRow(3).getCell(1).value).toBe('Şehit Öğretmen Lisesi');
    expect(sheet.rowCount).toBe(3);
  });

  it('refuses a bad format and other levels', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    expect((await panel.get('schools/export?format=pdf')).status).toBe(400);
    const school = await kit.as(kit.world.accounts.school);
    expect((await school.get('schools/export?format=csv')).status).toBe(403);
  });
});

describe('POST schools', () => {
  it('creates a school, audits it, and lists it', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await panel.post('schools', body());
    expect(itemOf(res)).toMatchObject({ name: 'Çınar Koleji', cityName: 'Ankara', messageDeadline: '2026-05-20', status: 'active', branchCount: 0 });
    const found = await panel.get('schools?q=CINAR');
    expect(found.body.total).toBe(1);
    const audit = await panel.get(`audit?entity=school&entityId=${res.body.item.id}`);
    expect(audit.body.items[0]).toMatchObject({ action: 'create', userName: 'Panel Kullanıcısı' });
    expect(audit.body.items[0].changes.name).toEqual([null, 'Çınar Koleji']);
  });

  it('stores a logo sent as a data URL as a file with a public URL, replaces and removes it', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const png = async (color: string) =>
      `data:image/png;base64,${(
        await sharp({ create: { width: 900, height: 300, channels: 4, background: color } })
          .png()
          .toBuffer()
      ).toString('base64')}`;
    const res = await panel.post('schools', body({ logo: await png('#cc3300') }));
    expect(res.status).toBe(200);
    const url = res.body.item.logoUrl as string;
    expect(url).toMatch(new RegExp(`^/api/files/school-logo/${res.body.item.id}\\?v=\\d+$`));
    // Public like the studio logo (it shows to anyone who sees the school), normalised to WebP of at most 512 px.
    const file = await kit.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512 });
    const [list] = (await panel.get(`schools?q=${encodeURIComponent('Çınar')}`)).body.items;
    expect(list.logoUrl).toBe(url);

    const id = res.body.item.id;
    const rest = body();
    // The printed cover takes the full-size master.
    expect((await sharp((await kit.app.storage.images.get(`school-logo/${id}.master`))!).metadata()).width).toBe(900);
    const replaced = await panel.put(`schools/${id}`, { ...rest, logo: await png('#0033cc'), version: await kit.versionOf(schools, id) });
    expect(replaced.body.item.logoUrl).not.toBe(url);
    const after = await kit.app.inject({ method: 'GET', url: replaced.body.item.logoUrl });
    expect(after.rawPayload.equals(file.rawPayload)).toBe(false);
    const kept = await panel.put(`schools/${id}`, { ...rest, name: 'Çınar Koleji Yeni', version: await kit.versionOf(schools, id) });
    expect(kept.body.item.logoUrl).toMatch(/^\/api\/files\/school-logo\//);
    const removed = await panel.put(`schools/${id}`, { ...rest, logo: null, version: await kit.versionOf(schools, id) });
    expect(removed.body.item.logoUrl).toBeNull();
    expect((await kit.app.inject({ method: 'GET', url: `/api/files/school-logo/${id}` })).statusCode).toBe(404);
    // Its print master goes with it.
    expect(await kit.app.storage.images.get(`school-logo/${id}.master`)).toBeNull();
  });

  it('refuses a logo that is not an image, by its type or by its content; nothing is stored', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const before = await schoolCount();
    for (const logo of [
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/png;base64,iVBORw0KGgo=',
      `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}`,
    ]) {
      const bad = await panel.post('schools', body({ logo }));
      expect(bad.status).toBe(400);
      expect(bad.body.errors.logo).toBe(tr.organisation.validation.logo);
    }
    expect(await schoolCount()).toBe(before);
  });

  it('refuses a logo over its size limit with 413 in Turkish; nothing is stored', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const before = await schoolCount();
    const logo = `data:image/png;base64,${Buffer.alloc(IMAGE_MAX_MB.schoolLogo * 1024 * 1024 + 1, 7).toString('base64')}`;
    const res = await panel.post('schools', body({ logo }));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, message: tr.studio.tooLarge(0.5), errors: { logo: 'Dosya en fazla 0,5 MB olabilir.' } });
    expect(await schoolCount()).toBe(before);
    const edit = await panel.put(`schools/${kit.world.school.id}`, { ...body({ logo }), version: await kit.versionOf(schools, kit.world.school.id) });
    expect(edit.status).toBe(413);
    expect(fs.existsSync(path.join(dataDir, 'branding', 'school-logo', `${kit.world.school.id}.webp`))).toBe(false);
  });

  it.each([
    ['missing name', { name: undefined }, 'name', tr.validation.required],
    ['blank name', { name: '   ' }, 'name', tr.validation.required],
    ['too long name', { name: 'x'.repeat(151) }, 'name', tr.validation.maxLength(150)],
    ['bad phone', { phone: '12345' }, 'phone', 'Geçerli bir telefon numarası giriniz (ör. 0212 555 12 34).'],
    ['bad e-mail', { email: 'okul@' }, 'email', tr.validation.email],
    ['bad year', { academicYear: '2025-2027' }, 'academicYear', tr.organisation.validation.academicYear],
    ['bad date', { messageDeadline: '2026-02-30' }, 'messageDeadline', tr.validation.date],
    ['bad city', { cityId: 82 }, 'cityId', tr.validation.maxNumber(81)],
  ])('answers 400 with a Turkish field error for %s and writes nothing', async (_label, over, field, message) => {
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await expectRefused(schoolCount, () => panel.post('schools', body(over)), field, message);
    expect(res.body.message).toBe(tr.badInput);
  });

  it('answers 400 for an unknown field, naming it, and writes nothing', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await panel.post('schools', body({ studioId: kit.world.otherStudio.id }));
    expect(res.status).toBe(400);
    expect(Object.values(res.body.errors)).toContain(tr.validation.unknownField('studioId'));
    expect(await schoolCount()).toBe(3);
  });

  it('refuses school and branch managers (403) and writes nothing', async () => {
    for (const account of [kit.world.accounts.school, kit.world.accounts.branch]) {
      const res = await (await kit.as(account)).post('schools', body());
      expect(res.status).toBe(403);
    }
    expect(await schoolCount()).toBe(3);
  });
});

describe('GET, PUT, DELETE schools/{id}', () => {
  it('reads a school for the panel and its own manager; 404 for everyone else', async () => {
    const id = kit.world.school.id;
    expect((await (await kit.as(kit.world.accounts.panel)).get(`schools/${id}`)).body.item.name).toBe('Işıklar Anadolu Lisesi');
    expect((await (await kit.as(kit.world.accounts.school)).get(`schools/${id}`)).status).toBe(200);
    for (const account of [kit.world.accounts.otherSchool, kit.world.accounts.foreignPanel, kit.world.accounts.foreignSchool, kit.world.accounts.branch]) {
      const res = await (await kit.as(account)).get(`schools/${id}`);
      expect(res.status, account.email).toBe(404);
      expect(res.body).toEqual({ success: false, message: tr.notFound });
    }
  });

  it('edits, archives and restores with an audit entry for each', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const id = kit.world.school.id;
    const edited = await panel.put(`schools/${id}`, { ...body({ name: 'Yeni Ad Lisesi' }), version: await kit.versionOf(schools, id) });
    expect(edited.status).toBe(200);
    expect(edited.body.item.name).toBe('Yeni Ad Lisesi');
    const archived = await panel.put(`schools/${id}`, { ...body({ name: 'Yeni Ad Lisesi', status: 'archived' }), version: await kit.versionOf(schools, id) });
    expect(archived.body.item.status).toBe('archived');
    await panel.put(`schools/${id}`, { ...body({ name: 'Yeni Ad Lisesi', status: 'active' }), version: await kit.versionOf(schools, id) });
    const audit = await panel.get(`audit?entity=school&entityId=${id}`);
    expect(audit.body.items.map((a: { action: string }) => a.action)).toEqual(['restore', 'archive', 'update']);
    expect(audit.body.items[2].changes.name).toEqual(['Işıklar Anadolu Lisesi', 'Yeni Ad Lisesi']);
  });

  it('does not let another studio edit or delete (404) and changes nothing', async () => {
    const foreign = await kit.as(kit.world.accounts.foreignPanel);
    const id = kit.world.school.id;
    expect((await foreign.put(`schools/${id}`, { ...body(), version: await kit.versionOf(schools, id) })).status).toBe(404);
    expect((await foreign.del(`schools/${id}`)).status).toBe(404);
    const row = single(await kit.database.db.select().from(schools).where(eq(schools.id, id)));
    expect(row.name).toBe('Işıklar Anadolu Lisesi');
  });

  it('does not delete a school that has students', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await panel.del(`schools/${kit.world.school.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(tr.organisation.school.hasStudents(4));
    expect(await schoolCount()).toBe(3);
  });

  it('deletes an empty school with its branches and manager accounts, and audits it', async () => {
    const school = await addSchool('Boş Okul');
    const branch = await insertOne(kit.database.db, branches, {
      studioId: kit.world.studio.id,
      schoolId: school.id,
      grade: 12,
      section: 'A',
      sectionKey: orderKey('A'),
    });
    const panel = await kit.as(kit.world.accounts.panel);
    await panel.post(`schools/${school.id}/managers`, { name: 'Boş Yönetici', email: 'bos@test.test' });
    await panel.post(`branches/${branch.id}/managers`, { name: 'Boş Şube', email: 'bossube@test.test' });
    const res = await panel.del(`schools/${school.id}`);
    expect(res.status).toBe(200);
    expect((await panel.get(`schools/${school.id}`)).status).toBe(404);
    expect(await kit.database.db.select().from(users).where(eq(users.schoolId, school.id))).toEqual([]);
    const [entry] = await kit.database.db.select().from(auditLog).where(eq(auditLog.entityId, school.id)).orderBy(auditLog.id);
    expect(entry).toBeDefined();
    const audit = await panel.get(`audit?entity=school&entityId=${school.id}`);
    expect(audit.body.items[0].action).toBe('delete');
  });

  it('deletes an empty school with its event albums (the school’s and its branches’), their photos and the photos’ files', async () => {
    const school = await addSchool('Albümlü Boş Okul');
    const branch = await insertOne(kit.database.db, branches, {
      studioId: kit.world.studio.id,
      schoolId: school.id,
      grade: 11,
      section: 'B',
      sectionKey: orderKey('B'),
    });
    const store = kit.app.storage.photos;
    const place = { studioId: kit.world.studio.id, schoolId: school.id };
    const wide = await insertAlbumPhoto(kit.database.db, store, await insertAlbum(kit.database.db, { ...place, branchId: null }), await jpeg());
    const ofBranch = await insertAlbumPhoto(kit.database.db, store, await insertAlbum(kit.database.db, { ...place, branchId: branch.id }), await jpeg());
    const panel = await kit.as(kit.world.accounts.panel);
    expect((await panel.del(`schools/${school.id}`)).status).toBe(200);
    expect(await countWhere(kit.database.db, albums, eq(albums.schoolId, school.id))).toBe(0);
    for (const row of [wide, ofBranch]) expect(await store.stat(fileKey(row.storageKey, 'display'))).toBeNull();
  });

  it('answers 400 for a non-numeric id', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    expect((await panel.get('schools/abc')).status).toBe(400);
  });
});
