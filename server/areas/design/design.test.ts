import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN } from '../../../common/schemas/design';
import { tr } from '../../../common/tr';
import { auditLog, designs, messages, photos, students } from '../../db/schema';
import { insertOne } from '../../db/rows';
import { useApiTestKit } from '../../test/api';
import { uploadForm } from '../../test/multipart';
import { cmykProfile, displayProfile } from '../../test/printProfiles';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-design-'));
const kit = useApiTestKit({ DATA_DIR: dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The version of a scope's own design row (0 while it has none), which a save sends back. */
async function designVersion(schoolId: number | null): Promise<number> {
  const rows = await kit.database.db.select({ version: designs.version, schoolId: designs.schoolId, studioId: designs.studioId }).from(designs);
  return rows.find((r) => r.schoolId === schoolId && (schoolId !== null || r.studioId === kit.world.studio.id))?.version ?? 0;
}

const changed = {
  ...DEFAULT_DESIGN,
  template: 'modern' as const,
  primaryColor: '#2f9e44',
  photoShape: 'circle' as const,
  messagesPerPage: 4,
  pageMultiple: 16 as const,
  panelColumns: 6,
};

async function uploadCover(token: string, level: string, file: Buffer, query = '') {
  const form = uploadForm(file, 'kapak.jpg', 'image/jpeg');
  return kit.call('POST', `/api/${level}/design/cover${query}`, form.payload, { ...form.headers, authorization: `Bearer ${token}` });
}
const jpeg = () =>
  sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#1971c2' } })
    .jpeg()
    .toBuffer();

describe('GET/PUT design (studio)', () => {
  it('answers the defaults, saves the studio design and puts its colour in user info', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    expect((await panel.get('design')).body).toEqual({ success: true, schoolId: null, overridden: false, settings: DEFAULT_DESIGN, version: 0 });
    const res = await panel.put('design', { version: await designVersion(null), settings: changed });
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual(changed);
    expect((await panel.get('user')).body.design.primaryColor).toBe('#2f9e44');
    // Schools without an override follow the studio design.
    const school = await kit.as(kit.world.accounts.school);
    expect((await school.get('design')).body).toMatchObject({ schoolId: kit.world.school.id, overridden: false, settings: changed });
    expect((await kit.call('GET', '/api/panel/branding')).body.primaryColor).toBe('#2f9e44');
    expect(await kit.database.db.select().from(auditLog).where(eq(auditLog.entity, 'design'))).toHaveLength(1);
  });

  it('reads a design saved before the page multiple and the class panel existed with their defaults', async () => {
    const { pageMultiple: _multiple, panelColumns: _columns, ...older } = changed;
    await insertOne(kit.database.db, designs, { studioId: kit.world.studio.id, schoolId: null, settings: older });
    const panel = await kit.as(kit.world.accounts.panel);
    expect((await panel.get('design')).body.settings).toEqual({ ...changed, pageMultiple: 4, panelColumns: 5 });
  });

  it('refuses bad settings with Turkish messages and changes nothing', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const bad = [
      { ...changed, primaryColor: 'red' },
      { ...changed, template: 'gotik' },
      { ...changed, messagesPerPage: 40 },
      { ...changed, pageMultiple: 12 },
      { ...changed, panelColumns: 9 },
      { ...changed, coverImageUrl: 'https://kotu.example/x.png' },
      { ...changed, extra: true },
    ];
    for (const settings of bad) {
      const res = await panel.put('design', { version: await designVersion(null), settings });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(tr.badInput);
    }
    const colour = await panel.put('design', { version: await designVersion(null), settings: { ...changed, primaryColor: 'red' } });
    expect(colour.body.errors['settings.primaryColor']).toBe('Renk #RRGGBB biçiminde olmalıdır.');
    const binding = await panel.put('design', { version: await designVersion(null), settings: { ...changed, binding: 'spiral' } });
    expect(binding.status).toBe(400);
    expect(binding.body.errors['settings.binding']).toBe('Cilt türü karton kapak ya da sert kapak olmalıdır.');
    const paper = await panel.put('design', { version: await designVersion(null), settings: { ...changed, paper: 'coated-999' } });
    expect(paper.status).toBe(400);
    expect(paper.body.errors['settings.paper']).toBe('Listeden bir iç sayfa kâğıdı seçiniz.');
    expect((await panel.get('design')).body.settings).toEqual(DEFAULT_DESIGN);
  });

  it('saves the binding and the paper, and reads a design stored before they existed with the defaults', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const saved = await panel.put('design', { version: await designVersion(null), settings: { ...changed, binding: 'hardcover', paper: 'uncoated-90' } });
    expect(saved.status, saved.raw).toBe(200);
    expect((await panel.get('design')).body.settings).toMatchObject({ binding: 'hardcover', paper: 'uncoated-90' });
    // An older row: its settings have neither field.
    const { binding: _b, paper: _p, ...older } = changed;
    await kit.database.db.update(designs).set({ settings: older }).where(eq(designs.studioId, kit.world.studio.id));
    expect((await panel.get('design')).body.settings).toEqual({ ...changed, binding: 'softcover', paper: 'coated-130' });
  });
});

describe('per-school override', () => {
  it('lets panel and the school’s manager override one school; others keep the studio design', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await panel.put('design', { schoolId: kit.world.school.id, version: await designVersion(kit.world.school.id), settings: changed });
    expect(res.body).toMatchObject({ schoolId: kit.world.school.id, overridden: true, settings: changed });
    expect((await panel.get('design')).body.settings).toEqual(DEFAULT_DESIGN);
    expect((await panel.get(`design?schoolId=${kit.world.otherSchool.id}`)).body.settings).toEqual(DEFAULT_DESIGN);

    const school = await kit.as(kit.world.accounts.school);
    const own = await school.put('design', {
      schoolId: kit.world.school.id,
      version: await designVersion(kit.world.school.id),
      settings: { ...changed, accentColor: '#000000' },
    });
    expect(own.status).toBe(200);
    expect((await school.get('user')).body.design.accentColor).toBe('#000000');
    const branch = await kit.as(kit.world.accounts.branch);
    expect((await branch.get('design')).body.settings.accentColor).toBe('#000000');

    // Back to the studio design.
    const removed = await school.del(`design?schoolId=${kit.world.school.id}`);
    expect(removed.body).toMatchObject({ overridden: false, settings: DEFAULT_DESIGN });
  });

  it('keeps school managers to their own school, branch managers read-only, other studios out', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const studioDesign = await school.put('design', { schoolId: null, version: await designVersion(null), settings: changed });
    expect(studioDesign.status).toBe(403);
    // A refusal says what is not allowed.
    expect(studioDesign.body.message).toBe(tr.design.studioDesignPanelOnly);
    expect(
      (await school.put('design', { schoolId: kit.world.otherSchool.id, version: await designVersion(kit.world.otherSchool.id), settings: changed })).status,
    ).toBe(404);
    expect((await school.get(`design?schoolId=${kit.world.otherSchool.id}`)).status).toBe(404);
    const branch = await kit.as(kit.world.accounts.branch);
    const branchWrite = await branch.put('design', { schoolId: kit.world.school.id, version: await designVersion(kit.world.school.id), settings: changed });
    expect(branchWrite.status).toBe(403);
    expect(branchWrite.body.message).toBe(tr.forbiddenFor([tr.levels.panel, tr.levels.school]));
    const foreign = await kit.as(kit.world.accounts.foreignPanel);
    expect((await foreign.put('design', { schoolId: kit.world.school.id, version: await designVersion(kit.world.school.id), settings: changed })).status).toBe(
      404,
    );
    const peek = await foreign.get(`design?schoolId=${kit.world.school.id}`);
    expect(peek.status).toBe(404);
    expect(peek.body.settings).toBeUndefined();
    expect(await kit.database.db.select().from(designs)).toHaveLength(0);
  });
});

describe('POST design/cover', () => {
  it('stores a cover image for the studio or a school', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await uploadCover(panel.token, 'panel', await jpeg());
    expect(res.status).toBe(200);
    const url: string = res.body.settings.coverImageUrl;
    expect(url).toMatch(/^\/api\/files\/design-cover\/\d+\?v=\d+$/);
    const file = await kit.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).width).toBe(1600);
    // The print master beside it keeps the upload's full size, out of the public route's reach.
    const rowId = url.match(/design-cover\/(\d+)/)![1];
    const master = await kit.app.storage.images.get(`design-cover/${rowId}.master`);
    expect(await sharp(master!).metadata()).toMatchObject({ width: 2400, height: 1200, format: 'jpeg' });
    expect((await kit.app.inject({ method: 'GET', url: `/api/files/design-cover/${rowId}.master` })).statusCode).toBe(400);
    // Saving the settings again keeps the cover; null removes it.
    expect((await panel.put('design', { version: await designVersion(null), settings: { ...changed, coverImageUrl: url } })).body.settings.coverImageUrl).toBe(
      url,
    );
    // Another stored cover cannot be pointed at; only an upload sets one.
    const other = await panel.put('design', { version: await designVersion(null), settings: { ...changed, coverImageUrl: '/api/files/design-cover/999?v=1' } });
    expect(other.status).toBe(400);
    expect(other.body.errors['settings.coverImageUrl']).toBe(tr.design.coverUrlInvalid);
    expect(
      (await panel.put('design', { version: await designVersion(null), settings: { ...changed, coverImageUrl: null } })).body.settings.coverImageUrl,
    ).toBeNull();

    const school = await kit.as(kit.world.accounts.school);
    const own = await uploadCover(school.token, 'school', await jpeg(), `?schoolId=${kit.world.school.id}`);
    expect(own.body).toMatchObject({ overridden: true, schoolId: kit.world.school.id });
  });

  it('refuses a non-image and another school’s cover; nothing changes', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const fake = await uploadCover(panel.token, 'panel', Buffer.from('%PDF-1.4 not an image'));
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe(tr.studio.notImage);
    const big = await uploadCover(panel.token, 'panel', Buffer.alloc(5 * 1024 * 1024 + 1, 7));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ success: false, message: tr.studio.tooLarge(5), errors: { file: tr.studio.tooLarge(5) } });
    const school = await kit.as(kit.world.accounts.school);
    expect((await uploadCover(school.token, 'school', await jpeg(), `?schoolId=${kit.world.otherSchool.id}`)).status).toBe(404);
    const branch = await kit.as(kit.world.accounts.branch);
    expect((await uploadCover(branch.token, 'branch', await jpeg())).status).toBe(403);
    expect(await kit.database.db.select().from(designs)).toHaveLength(0);
  });
});

async function uploadProfile(token: string, level: string, file: Buffer) {
  const form = uploadForm(file, 'PSOcoated_v3.icc', 'application/vnd.iccprofile');
  return kit.call('POST', `/api/${level}/design/print-profile`, form.payload, { ...form.headers, authorization: `Bearer ${token}` });
}

/** The profile files the store holds. */
async function storedProfiles(): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of kit.app.storage.images.list('design-profile')) keys.push(file.key);
  return keys.sort();
}

describe('the printing condition and the studio’s ICC profile', () => {
  it('stores an uploaded CMYK output profile as the studio’s, saves FOGRA51 with it, replaces and removes it; each change audited', async () => {
    const before = await storedProfiles();
    const panel = await kit.as(kit.world.accounts.panel);
    const profile = cmykProfile('PSO Coated v3 (matbaa)');
    const res = await uploadProfile(panel.token, 'panel', profile);
    expect(res.status, res.raw).toBe(200);
    const stored = res.body.settings.printProfile;
    expect(stored).toEqual({ file: expect.stringMatching(/^design-profile\/\d+-\d+\.icc$/), description: 'PSO Coated v3 (matbaa)', bytes: profile.length });
    // The upload alone keeps the condition; saving the form chooses FOGRA51.
    expect(res.body.settings.printCondition).toBe('FOGRA39');
    expect(await kit.app.storage.images.get(stored.file)).toEqual(profile);
    const saved = await panel.put('design', { version: res.body.version, settings: { ...res.body.settings, printCondition: 'FOGRA51' } });
    expect(saved.status, saved.raw).toBe(200);
    expect((await panel.get('design')).body.settings).toMatchObject({ printCondition: 'FOGRA51', printProfile: stored });
    // Every school follows the studio's condition; a school's own design does not change it.
    const school = await kit.as(kit.world.accounts.school);
    const schoolDesign = (await school.get('design')).body;
    expect(schoolDesign.settings).toMatchObject({ printCondition: 'FOGRA51', printProfile: stored });
    const override = await school.put('design', { schoolId: kit.world.school.id, version: 0, settings: { ...schoolDesign.settings, primaryColor: '#2f9e44' } });
    expect(override.status, override.raw).toBe(200);
    expect(override.body.settings).toMatchObject({ printCondition: 'FOGRA51', printProfile: stored, primaryColor: '#2f9e44' });

    // A new upload replaces the file: the old one leaves the store.
    const next = cmykProfile('PSO Coated v3 (yeni)');
    const replaced = await uploadProfile(panel.token, 'panel', next);
    expect(replaced.status).toBe(200);
    const newer = replaced.body.settings.printProfile;
    expect(newer).toMatchObject({ description: 'PSO Coated v3 (yeni)' });
    expect(replaced.body.settings.printCondition).toBe('FOGRA51');
    expect(await kit.app.storage.images.get(newer.file)).toEqual(next);
    expect(await kit.app.storage.images.get(stored.file)).toBeNull();

    // Saving null removes it, file and all; the condition stays (the check before print reports the missing profile).
    const removed = await panel.put('design', { version: replaced.body.version, settings: { ...replaced.body.settings, printProfile: null } });
    expect(removed.status, removed.raw).toBe(200);
    expect(removed.body.settings).toMatchObject({ printCondition: 'FOGRA51', printProfile: null });
    expect(await storedProfiles()).toEqual(before);
    expect((await school.get('design')).body.settings.printProfile).toBeNull();

    const audit = await kit.database.db.select().from(auditLog).where(eq(auditLog.entity, 'design')).orderBy(auditLog.id);
    expect(audit.map((row) => [row.action, row.changes])).toEqual([
      ['upload-print-profile', { printProfile: [null, `PSO Coated v3 (matbaa) (${Math.round(profile.length / 1024)} KB)`] }],
      ['update', { printCondition: ['FOGRA39', 'FOGRA51'] }],
      ['update', { primaryColor: [DEFAULT_DESIGN.primaryColor, '#2f9e44'] }],
      [
        'upload-print-profile',
        { printProfile: [`PSO Coated v3 (matbaa) (${Math.round(profile.length / 1024)} KB)`, `PSO Coated v3 (yeni) (${Math.round(next.length / 1024)} KB)`] },
      ],
      ['update', { printProfile: [`PSO Coated v3 (yeni) (${Math.round(next.length / 1024)} KB)`, null] }],
    ]);
  });

  it('refuses a display profile, a file that is no ICC profile, one too large and a profile named by hand, in Turkish; nothing stored or changed', async () => {
    const before = await storedProfiles();
    const panel = await kit.as(kit.world.accounts.panel);
    const display = await uploadProfile(panel.token, 'panel', displayProfile());
    expect(display.status).toBe(400);
    expect(display.body).toMatchObject({ success: false, message: tr.design.printProfileNotCmyk, errors: { file: tr.design.printProfileNotCmyk } });
    expect(display.body.message).toBe('Profil bir CMYK baskı (çıktı) profili olmalıdır; ekran ya da RGB profilleri kullanılamaz.');
    const fake = await uploadProfile(panel.token, 'panel', Buffer.from('%PDF-1.4 bir belge, profil değil'));
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe('Dosya bir ICC renk profili değil.');
    const big = await uploadProfile(panel.token, 'panel', Buffer.alloc(10 * 1024 * 1024 + 1, 7));
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Renk profili en fazla 10 MB olabilir.');
    // A profile comes only from an upload: the settings cannot point at another file.
    const named = await panel.put('design', {
      version: 0,
      settings: { ...DEFAULT_DESIGN, printCondition: 'FOGRA51', printProfile: { file: 'design-profile/1-1.icc', description: 'PSO Coated v3', bytes: 10 } },
    });
    expect(named.status).toBe(400);
    expect(named.body.errors['settings.printProfile']).toBe(tr.design.printProfileOnlyUpload);
    const unknown = await panel.put('design', { version: 0, settings: { ...DEFAULT_DESIGN, printCondition: 'FOGRA52' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors['settings.printCondition']).toBe(tr.design.printConditionInvalid);
    expect(await kit.database.db.select().from(designs)).toHaveLength(0);
    expect(await kit.database.db.select().from(auditLog).where(eq(auditLog.entity, 'design'))).toHaveLength(0);
    expect(await storedProfiles()).toEqual(before);
  });

  it('is the studio’s alone: school and branch managers cannot upload, nor change the condition through a school’s design; another studio’s upload is its own', async () => {
    const before = await storedProfiles();
    const school = await kit.as(kit.world.accounts.school);
    const fromSchool = await uploadProfile(school.token, 'school', cmykProfile());
    expect(fromSchool.status).toBe(403);
    expect(fromSchool.body.message).toBe(tr.forbiddenFor([tr.levels.panel]));
    const branch = await kit.as(kit.world.accounts.branch);
    expect((await uploadProfile(branch.token, 'branch', cmykProfile())).status).toBe(403);
    const own = await school.put('design', { schoolId: kit.world.school.id, version: 0, settings: { ...DEFAULT_DESIGN, printCondition: 'FOGRA51' } });
    expect(own.status).toBe(400);
    expect(own.body.errors['settings.printCondition']).toBe('Baskı koşulu ve renk profili stüdyo tasarımında belirlenir.');
    // Nor the panel, for one school only.
    const panel = await kit.as(kit.world.accounts.panel);
    expect((await panel.put('design', { schoolId: kit.world.school.id, version: 0, settings: { ...DEFAULT_DESIGN, printCondition: 'FOGRA51' } })).status).toBe(
      400,
    );
    expect(await kit.database.db.select().from(designs)).toHaveLength(0);
    expect(await storedProfiles()).toEqual(before);

    // Another studio's panel stores a profile for its own studio; this studio's design does not change.
    const foreign = await kit.as(kit.world.accounts.foreignPanel);
    const theirs = await uploadProfile(foreign.token, 'panel', cmykProfile('Başka stüdyo'));
    expect(theirs.status).toBe(200);
    expect((await panel.get('design')).body.settings).toMatchObject({ printCondition: 'FOGRA39', printProfile: null });
    expect((await school.get('design')).body.settings.printProfile).toBeNull();
    const [row] = await kit.database.db.select().from(designs);
    expect(row).toMatchObject({ studioId: kit.world.otherStudio.id, schoolId: null });
  });
});

describe('GET design/preview', () => {
  it('answers a real student of the chosen school with their approved messages only', async () => {
    const db = kit.database.db;
    const [a, b, c] = kit.world.students;
    await db.update(students).set({ nickname: 'Kartal', quote: 'Hayal et, başar.' }).where(eq(students.id, b.id));
    const base = { studioId: kit.world.studio.id, kind: 'student' as const, schoolId: kit.world.school.id, branchId: kit.world.branch.id, toStudentId: b.id };
    await db.insert(messages).values([
      // Typed in by staff on Şule's behalf: the author column holds no name, the page still signs it "Şule Işık".
      { ...base, fromStudentId: a.id, authorName: '', body: 'Seni çok özleyeceğim!', status: 'approved' },
      { ...base, fromStudentId: c.id, authorName: 'İpek Ünal', body: 'Onay bekleyen mesaj', status: 'pending' },
    ]);
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await panel.get(`design/preview?schoolId=${kit.world.school.id}`);
    expect(res.status).toBe(200);
    expect(res.body.student).toMatchObject({
      id: b.id,
      firstName: 'Ömer',
      lastName: 'Çelik',
      nickname: 'Kartal',
      quote: 'Hayal et, başar.',
      branchName: '12/A',
      schoolName: 'Işıklar Anadolu Lisesi',
      messages: [{ body: 'Seni çok özleyeceğim!', authorName: 'Şule Işık' }],
    });
    const other = await panel.get(`design/preview?schoolId=${kit.world.otherSchool.id}`);
    expect(other.body.student.firstName).toBe('Çağla');
    const school = await kit.as(kit.world.accounts.school);
    expect((await school.get(`design/preview?studentId=${kit.world.students[4].id}`)).status).toBe(404);
    expect((await school.get(`design/preview?schoolId=${kit.world.otherSchool.id}`)).status).toBe(404);
  });

  it('shows the student’s portrait through a signed photo URL', async () => {
    const [a] = kit.world.students;
    const none = await (await kit.as(kit.world.accounts.panel)).get(`design/preview?studentId=${a.id}`);
    expect(none.body.student.photoUrl).toBeNull();
    const photo = await insertOne(kit.database.db, photos, {
      studioId: kit.world.studio.id,
      schoolId: kit.world.school.id,
      branchId: kit.world.branch.id,
      studentId: a.id,
      isPortrait: true,
      storageKey: 'x',
      width: 10,
      height: 10,
      bytes: 10,
    });
    const res = await (await kit.as(kit.world.accounts.school)).get(`design/preview?studentId=${a.id}`);
    expect(res.body.student.photoUrl).toMatch(new RegExp(`^/api/school/photo-files/${photo.id}/display\\?e=\\d+&s=\\d+\\.[\\w-]+$`));
  });
});
