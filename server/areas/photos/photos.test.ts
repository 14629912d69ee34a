import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { tr } from '../../../common/tr';
import { auditLog, photos, schools } from '../../db/schema';
import { stripJpegMetadata } from '../../images/jpegStrip';
import { jpeg, withGps } from '../../test/photoFiles';
import { useApiTestKit, type Caller } from '../../test/api';
import type { Part } from '../../test/multipart';
import { schoolNumberOfFile } from './bulkMatch';
import { answerConsent } from '../../test/consents';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-photos-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const kit = useApiTestKit({ DATA_DIR: dataDir, PHOTO_MAX_BYTES: String(400_000), PHOTO_MAX_PIXELS: String(4_000_000), PHOTO_MAX_FILES: '6' });

/** The bytes of every stored file, read through the stores (the data folder or a bucket alike). */
async function storedContents(): Promise<Buffer[]> {
  const found: Buffer[] = [];
  for (const store of [kit.app.storage.photos, kit.app.storage.images]) {
    for await (const stored of store.list('')) found.push((await store.get(stored.key))!);
  }
  return found;
}

const upload = (caller: Caller, url: string, parts: Part[]) => caller.upload(url, parts);
const file = (data: Buffer, fileName = 'foto.jpg'): Part => ({ name: 'files', fileName, contentType: 'image/jpeg', data });
const fetchUrl = (url: string, headers: Record<string, string> = {}) => kit.app.inject({ method: 'GET', url, headers });

describe('POST students/{id}/photos', () => {
  it('stores a portrait and an extra photo in every size, first one as the portrait, audited', async () => {
    const branch = await kit.as(kit.world.accounts.branch);
    const id = kit.world.students[0].id;
    const res = await upload(branch, `students/${id}/photos`, [file(await jpeg(2000, 1500), 'a.jpg'), file(await jpeg(), 'b.jpg')]);
    expect(res.status).toBe(200);
    expect(res.body.items.map((p: any) => [p.originalName, p.isPortrait])).toEqual([
      ['a.jpg', true],
      ['b.jpg', false],
    ]);
    const sizes = { thumb: 240, display: 1280, download: 2000, original: 2000 } as const;
    for (const [size, edge] of Object.entries(sizes)) {
      const key = size === 'display' ? 'photoUrl' : size === 'original' ? null : `${size}Url`;
      const url = key ? res.body.items[0][key] : `/api/branch/photos/${res.body.items[0].id}/file/original`;
      const got = await fetchUrl(url, key ? {} : { authorization: `Bearer ${branch.token}` });
      expect(got.statusCode, size).toBe(200);
      expect(got.headers['content-type']).toBe('image/jpeg');
      expect(String(got.headers['cache-control'])).toMatch(/^private, max-age=\d+/);
      expect((await sharp(got.rawPayload).metadata()).width, size).toBe(edge);
    }
    const student = await branch.get(`students/${id}`);
    expect(student.body.item.photoCount).toBe(2);
    expect(student.body.item.thumbUrl).toMatch(/^\/api\/branch\/photo-files\/\d+\/thumb\?e=\d+&s=/);
    expect(await kit.database.db.select().from(auditLog).where(eq(auditLog.entity, 'photo'))).toHaveLength(2);
  });

  it('strips EXIF, including GPS location, from every stored copy', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const original = await withGps();
    expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain('KonumluKamera');
    const res = await upload(school, `students/${kit.world.students[0].id}/photos`, [file(original)]);
    expect(res.status).toBe(200);
    const photo = res.body.items[0];
    for (const size of ['thumb', 'display', 'download', 'original']) {
      const got = await fetchUrl(`/api/school/photos/${photo.id}/file/${size}`, { authorization: `Bearer ${school.token}` });
      expect(got.statusCode).toBe(200);
      const meta = await sharp(got.rawPayload).metadata();
      expect(meta.exif, size).toBeUndefined();
      expect(got.rawPayload.toString('latin1')).not.toContain('KonumluKamera');
      // The original is the upload itself but for its metadata (stripped as it arrived).
      if (size === 'original') expect(got.rawPayload.equals(stripJpegMetadata(original))).toBe(true);
    }
    // Nothing in the store carries it either.
    const all = await storedContents();
    expect(all.length).toBeGreaterThanOrEqual(4);
    for (const stored of all) expect(stored.toString('latin1')).not.toContain('KonumluKamera');
  });

  it('refuses a non-image renamed .jpg, an oversized file and too many pixels, storing nothing', async () => {
    const storedFiles = async () => (await storedContents()).length;
    const filesBefore = await storedFiles();
    const panel = await kit.as(kit.world.accounts.panel);
    const id = kit.world.students[0].id;
    const fake = await upload(panel, `students/${id}/photos`, [file(Buffer.from('%PDF-1.4 not a photo at all'), 'vesikalik.jpg')]);
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe(tr.students.photos.notImage);
    // A real image plus a fake one: nothing of the batch is stored.
    const mixed = await upload(panel, `students/${id}/photos`, [file(await jpeg()), file(Buffer.from('GIF89a…'), 'x.jpg')]);
    expect(mixed.status).toBe(400);
    const noise = await sharp(randomBytes(600 * 600 * 3), { raw: { width: 600, height: 600, channels: 3 } })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(400_000);
    const big = await upload(panel, `students/${id}/photos`, [file(noise, 'buyuk.png')]);
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(tr.students.photos.tooLarge(0.4));
    const wide = await upload(panel, `students/${id}/photos`, [file(await jpeg(3000, 2000))]);
    expect(wide.status).toBe(413);
    expect(wide.body.message).toBe(tr.students.photos.tooManyPixels(4));
    const empty = await upload(panel, `students/${id}/photos`, []);
    expect(empty.status).toBe(400);
    // PHOTO_MAX_FILES=6: a seventh file in one request is refused, nothing of it stored.
    const small = await jpeg(40, 30);
    const many = await upload(
      panel,
      `students/${id}/photos`,
      Array.from({ length: 7 }, (_, i) => file(small, `${i}.jpg`)),
    );
    expect(many.status).toBe(413);
    expect(many.body.message).toBe(tr.students.photos.tooManyFiles(6));
    expect(await kit.database.db.select().from(photos)).toHaveLength(0);
    // No stored file is left behind by the refused batches.
    expect(await storedFiles()).toBe(filesBefore);
  });

  it('answers 404 for students outside the caller’s scope and stores nothing', async () => {
    const w = kit.world;
    const cases = [
      [w.accounts.branch, w.students[3].id],
      [w.accounts.otherSchool, w.students[0].id],
      [w.accounts.foreignPanel, w.students[0].id],
    ] as const;
    for (const [account, id] of cases) {
      const caller = await kit.as(account);
      const res = await upload(caller, `students/${id}/photos`, [file(await jpeg())]);
      expect(res.status, account.email).toBe(404);
      expect((await caller.get(`students/${id}/photos`)).status).toBe(404);
    }
    expect(await kit.database.db.select().from(photos)).toHaveLength(0);
  });
});

describe('photos: portrait, delete, serving', () => {
  async function twoPhotos() {
    const school = await kit.as(kit.world.accounts.school);
    const id = kit.world.students[0].id;
    const res = await upload(school, `students/${id}/photos`, [file(await jpeg(), 'a.jpg'), file(await jpeg(200, 300), 'b.jpg')]);
    return { school, id, items: res.body.items as any[] };
  }

  it('sets another photo as the portrait and promotes the next one when the portrait is deleted', async () => {
    const { school, id, items } = await twoPhotos();
    expect((await school.put(`photos/${items[1].id}/portrait`)).status).toBe(200);
    let list = await school.get(`students/${id}/photos`);
    expect(list.body.items.map((p: any) => [p.id, p.isPortrait])).toEqual([
      [items[1].id, true],
      [items[0].id, false],
    ]);
    expect((await school.del(`photos/${items[1].id}`)).status).toBe(200);
    list = await school.get(`students/${id}/photos`);
    expect(list.body.items.map((p: any) => [p.id, p.isPortrait])).toEqual([[items[0].id, true]]);
    // The deleted photo's files are gone.
    const gone = await fetchUrl(items[1].thumbUrl);
    expect(gone.statusCode).toBe(404);
  });

  it('filters the list by photo present / missing and gives the portrait thumbnail', async () => {
    const { school } = await twoPhotos();
    const present = await school.get(`branches/${kit.world.branch.id}/students?photo=present`);
    expect(present.body.items.map((s: any) => s.schoolNumber)).toEqual(['101']);
    expect(present.body.items[0].thumbUrl).toContain('/thumb?');
    const missing = await school.get(`branches/${kit.world.branch.id}/students?photo=missing`);
    expect(missing.body.items.map((s: any) => s.schoolNumber)).toEqual(['102', '103']);
  });

  it('refuses photo files and changes outside the caller’s scope', async () => {
    const { items } = await twoPhotos();
    const photoId = items[0].id;
    for (const account of [kit.world.accounts.siblingBranch, kit.world.accounts.otherSchool, kit.world.accounts.foreignPanel]) {
      const caller = await kit.as(account);
      const file = await fetchUrl(`/api/${caller.level}/photos/${photoId}/file/display`, { authorization: `Bearer ${caller.token}` });
      expect(file.statusCode, account.email).toBe(404);
      expect(file.headers['content-type']).toContain('application/json');
      expect((await caller.put(`photos/${photoId}/portrait`)).status).toBe(404);
      expect((await caller.del(`photos/${photoId}`)).status).toBe(404);
    }
    expect(await kit.database.db.select().from(photos)).toHaveLength(2);
    // Without a token the Bearer route is closed.
    expect((await fetchUrl(`/api/school/photos/${photoId}/file/display`)).statusCode).toBe(401);
  });

  it('serves a signed URL only with its own signature, size and an unexpired time', async () => {
    const { items } = await twoPhotos();
    const url = new URL(items[0].photoUrl, 'http://x');
    expect((await fetchUrl(items[0].photoUrl)).statusCode).toBe(200);
    const forged = `${url.pathname}?e=${url.searchParams.get('e')}&s=${'A'.repeat(43)}`;
    expect((await fetchUrl(forged)).statusCode).toBe(404);
    const otherSize = items[0].photoUrl.replace('/display?', '/original?');
    expect((await fetchUrl(otherSize)).statusCode).toBe(404);
    const otherPhoto = items[0].photoUrl.replace(`/photo-files/${items[0].id}/`, `/photo-files/${items[1].id}/`);
    expect((await fetchUrl(otherPhoto)).statusCode).toBe(404);
    const later = `${url.pathname}?e=${Number(url.searchParams.get('e')) + 600}&s=${url.searchParams.get('s')}`;
    expect((await fetchUrl(later)).statusCode).toBe(404);
    expect((await fetchUrl(url.pathname)).statusCode).toBe(400);
  });
});

describe('signed URLs handed to a student', () => {
  /** Signs world student 0 (101, 12/A) in through the API, as a student on a phone would. */
  async function signInStudent() {
    const db = kit.database.db;
    await db.update(schools).set({ code: 'FOTO12' }).where(eq(schools.id, kit.world.school.id));
    const panel = await kit.as(kit.world.accounts.panel);
    const issued = await panel.post(`students/${kit.world.students[0].id}/access-code`);
    const login = await kit.call('POST', '/api/student/login', { schoolCode: 'FOTO12', schoolNumber: '101', accessCode: issued.body.code });
    expect(login.status, login.raw).toBe(200);
    const auth = { authorization: `Bearer ${login.body.token}` };
    return {
      get: (p: string) => kit.call('GET', `/api/student/${p}`, undefined, auth),
      logout: () => kit.call('POST', '/api/student/logout', {}, auth),
    };
  }

  it('open the student’s own portrait choices and a classmate’s thumbnail, and close with its session', async () => {
    const branch = await kit.as(kit.world.accounts.branch);
    const [me, classmate] = kit.world.students;
    expect((await upload(branch, `students/${me!.id}/photos`, [file(await jpeg(400, 600))])).status).toBe(200);
    const staffUrl = (await upload(branch, `students/${classmate!.id}/photos`, [file(await jpeg())])).body.items[0].thumbUrl as string;
    // Own photos open with consent to print (the portrait pick), a classmate's thumbnail with consent to the digital yearbook.
    for (const s of [me!, classmate!]) for (const purpose of ['print-photo', 'digital-photo'] as const) await answerConsent(kit.database.db, s, purpose);
    const student = await signInStudent();
    const profile = (await student.get('profile')).body;
    const classmates = (await student.get('classmates')).body.items as { id: number; thumbUrl: string | null }[];
    const theirs = classmates.find((c) => c.id === classmate!.id)?.thumbUrl;
    const urls = [profile.photos[0].thumbUrl, profile.photos[0].photoUrl, theirs] as string[];
    for (const url of urls) {
      expect(url).toMatch(/^\/api\/student\/photo-files\//);
      const got = await fetchUrl(url);
      expect(got.statusCode, url).toBe(200);
      expect(got.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(got.rawPayload).metadata()).width).toBeGreaterThan(0);
    }
    // A URL holds only under the level that issued it.
    expect((await fetchUrl(urls[0]!.replace('/api/student/', '/api/branch/'))).statusCode).toBe(404);
    expect((await fetchUrl(staffUrl.replace('/api/branch/', '/api/student/'))).statusCode).toBe(404);
    // After "Çıkış" the student's links are gone; the staff member's still open.
    expect((await student.logout()).status).toBe(200);
    for (const url of urls) expect((await fetchUrl(url)).statusCode, url).toBe(403);
    expect((await fetchUrl(staffUrl)).statusCode).toBe(200);
  });
});

describe('bulk upload by school number', () => {
  it('matches 101.jpg and 101-2.jpg to the student, lists unmatched files', async () => {
    const branch = await kit.as(kit.world.accounts.branch);
    const res = await upload(branch, `branches/${kit.world.branch.id}/photos/bulk`, [
      file(await jpeg(), '101.jpg'),
      file(await jpeg(), '101-2.JPG'),
      file(await jpeg(), '201.jpg'), // 12/B: not this branch
      file(await jpeg(), 'tatil.jpg'),
      file(Buffer.from('not an image'), '102.jpg'),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.matched.map((m: any) => m.fileName)).toEqual(['101.jpg', '101-2.JPG']);
    expect(res.body.unmatched).toEqual([
      { fileName: '201.jpg', reason: tr.students.photos.noStudent('201') },
      { fileName: 'tatil.jpg', reason: tr.students.photos.badFileName },
      { fileName: '102.jpg', reason: tr.students.photos.notImage },
    ]);
    const list = await branch.get(`students/${kit.world.students[0].id}/photos`);
    expect(list.body.items.map((p: any) => [p.originalName, p.isPortrait])).toEqual([
      ['101.jpg', true],
      ['101-2.JPG', false],
    ]);
  });

  it('matches across the school for school managers; branch managers may not use the school call', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const res = await upload(school, `schools/${kit.world.school.id}/photos/bulk`, [file(await jpeg(), '201.jpg'), file(await jpeg(), '301.jpg')]);
    expect(res.body.matched.map((m: any) => m.schoolNumber)).toEqual(['201']);
    expect(res.body.unmatched.map((m: any) => m.fileName)).toEqual(['301.jpg']);
    const branch = await kit.as(kit.world.accounts.branch);
    expect((await upload(branch, `schools/${kit.world.school.id}/photos/bulk`, [file(await jpeg(), '101.jpg')])).status).toBe(403);
    const other = await kit.as(kit.world.accounts.otherSchool);
    expect((await upload(other, `schools/${kit.world.school.id}/photos/bulk`, [file(await jpeg(), '101.jpg')])).status).toBe(404);
  });

  it('reads school numbers from file names', () => {
    expect(schoolNumberOfFile('1234.jpg')).toBe('1234');
    expect(schoolNumberOfFile('1234-2.jpeg')).toBe('1234');
    expect(schoolNumberOfFile('klasor/1234_3.PNG')).toBe('1234');
    expect(schoolNumberOfFile('1234.pdf')).toBeNull();
    expect(schoolNumberOfFile('..jpg')).toBeNull();
  });
});

describe('bulk upload with a photographer’s index file (PSPA-style)', () => {
  const index = (text: string, fileName = 'INDEX.TXT'): Part => ({ name: 'index', fileName, contentType: 'text/plain', data: Buffer.from(text) });
  /** A bulk upload of an index and a photo under each of `photoNames`. */
  const uploadWithIndex = async (caller: Caller, url: string, indexPart: Part, photoNames: string[]) => {
    const photos: Part[] = [];
    for (const name of photoNames) photos.push(file(await jpeg(), name));
    return upload(caller, url, [indexPart, ...photos]);
  };
  const photoCount = async () => (await kit.database.db.select({ id: photos.id }).from(photos)).length;

  it('reads a headerless tab-separated index and matches by folded name and grade; numbered names still work', async () => {
    const school = await kit.as(kit.world.accounts.school);
    // PSPA order: volume, image folder, image file name, first name, last name, grade, teacher.
    const text = [
      'V1\tImages\tIMG_0001.JPG\tSULE\tISIK\t12/A\tAyşe Öğretmen',
      'V1\tImages\tIMG_0002.JPG\tIlgaz\tYılmaz\t12\tAyşe Öğretmen',
      'V1\tImages\tIMG_0003.JPG\tKimse\tYok\t12/A\tAyşe Öğretmen',
    ].join('\r\n');
    const res = await uploadWithIndex(school, `schools/${kit.world.school.id}/photos/bulk`, index(text), [
      'img_0001.jpg',
      'IMG_0002.JPG',
      'IMG_0003.JPG',
      'IMG_0004.JPG',
      '102.jpg',
    ]);
    expect(res.status).toBe(200);
    expect(res.body.matched.map((m: any) => [m.fileName, m.schoolNumber])).toEqual([
      ['img_0001.jpg', '101'],
      ['IMG_0002.JPG', '201'],
      ['102.jpg', '102'],
    ]);
    expect(res.body.unmatched).toEqual([
      { fileName: 'IMG_0003.JPG', reason: tr.students.photos.indexNoStudent('Kimse Yok') },
      { fileName: 'IMG_0004.JPG', reason: tr.students.photos.badFileName },
    ]);
  });

  it('reads a header row in Turkish; a repeated name needs the branch, which then decides', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const twin = await school.post(`branches/${kit.world.siblingBranch.id}/students`, {
      schoolNumber: '205',
      firstName: 'Şule',
      lastName: 'Işık',
      gender: 'female',
      quote: '',
    });
    expect(twin.status).toBe(200);
    const csv = '\uFEFFDosya Adı;Adı;Soyadı;Sınıf;Öğretmen\r\na.jpg;Şule;Işık;;\r\nb.jpg;Şule;Işık;12-B;\r\n';
    const res = await uploadWithIndex(school, `schools/${kit.world.school.id}/photos/bulk`, index(csv, 'dizin.csv'), ['a.jpg', 'b.jpg']);
    expect(res.status).toBe(200);
    expect(res.body.matched.map((m: any) => [m.fileName, m.schoolNumber])).toEqual([['b.jpg', '205']]);
    expect(res.body.unmatched).toEqual([{ fileName: 'a.jpg', reason: tr.students.photos.indexAmbiguous('Şule Işık') }]);
  });

  it('keeps a branch manager to its own branch even when the index names another branch’s student', async () => {
    const branch = await kit.as(kit.world.accounts.branch);
    const text = 'Image File Name,First Name,Last Name,Grade,Teacher\nx.jpg,Ilgaz,Yılmaz,12/B,\ny.jpg,Ömer,Çelik,12/A,\n';
    const res = await uploadWithIndex(branch, `branches/${kit.world.branch.id}/photos/bulk`, index(text, 'index.csv'), ['x.jpg', 'y.jpg']);
    expect(res.status).toBe(200);
    expect(res.body.matched.map((m: any) => m.schoolNumber)).toEqual(['102']);
    expect(res.body.unmatched).toEqual([{ fileName: 'x.jpg', reason: tr.students.photos.indexNoStudent('Ilgaz Yılmaz') }]);
  });

  it('refuses an index it cannot read with a Turkish 400 and stores nothing', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const before = await photoCount();
    for (const bad of [index('sadece bir satır yazı\nve bir tane daha\n'), index('\u0000\u0001\u0002binary', 'INDEX.TXT')]) {
      const res = await upload(school, `schools/${kit.world.school.id}/photos/bulk`, [bad, file(await jpeg(), '101.jpg')]);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: tr.students.photos.indexUnreadable, errors: { index: tr.students.photos.indexUnreadable } });
    }
    expect(await photoCount()).toBe(before);
  });
});
