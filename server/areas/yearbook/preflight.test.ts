/** The rules of the check before print, one by one, as the job hands them what it placed. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngSize, ppiAt, preflight, type PreflightInput } from './preflight';

/** A finding as the check reports it; `studentId` where it is about a student. */
const finding = (page: number | null, item: string, code: string, message: string, studentId?: number) => ({ page, item, studentId, code, message });

const none: PreflightInput = { students: [], studentPages: {}, consentGaps: [], images: [], substitutions: [], unplaced: [], cutNames: [] };

describe('the check before print', () => {
  it('holds an image at 300 ppi fine, below 300 a warning, below 200 an error; the cover and the logo are named and paged', () => {
    const { errors, warnings } = preflight({
      ...none,
      images: [
        { use: 'cover', ppi: 134, page: 1 },
        { use: 'logo', ppi: 250, page: 1 },
        { use: 'portrait', ppi: 300, page: null, student: { id: 7, name: 'Ayşe Yılmaz' } },
        { use: 'portrait', ppi: 299, page: null, student: { id: 8, name: 'Can Öz' } },
        { use: 'portrait', ppi: 200, page: null, student: { id: 9, name: 'Ece Şen' } },
        { use: 'portrait', ppi: 199, page: null, student: { id: 10, name: 'İlker Ak' } },
      ],
      studentPages: { 7: 3, 8: 5, 9: 4, 10: 6 },
    });
    expect(errors.map((e) => [e.page, e.item, e.code])).toEqual([
      [1, 'Kapak', 'image-resolution'],
      [6, 'İlker Ak', 'image-resolution'],
    ]);
    expect(errors[0]!.message).toContain('134 ppi');
    // In the book's order: page 1, 4, 5.
    expect(warnings.map((w) => [w.page, w.item, w.studentId])).toEqual([
      [1, 'Okul logosu', undefined],
      [4, 'Ece Şen', 9],
      [5, 'Can Öz', 8],
    ]);
  });

  it('warns of a student without a portrait, and says why a student prints without their photo or text: no answer or a refusal', () => {
    const { errors, warnings } = preflight({
      ...none,
      students: [
        { id: 1, name: 'Ali Kaya', portrait: false },
        { id: 2, name: '', portrait: false },
        { id: 3, name: 'Cem Su', portrait: true },
        { id: 4, name: 'Deniz Ak', portrait: false },
      ],
      consentGaps: [
        { id: 2, name: 'Banu Er', photo: 'none', text: 'no' },
        { id: 4, name: 'Deniz Ak', photo: 'no', text: 'yes' },
      ],
      studentPages: { 1: 3, 2: 4, 3: 5, 4: 6 },
    });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      finding(3, 'Ali Kaya', 'no-portrait', 'Vesikalık yok; sayfasında baş harfleri basıldı.', 1),
      finding(4, 'Banu Er', 'no-consent', 'Veli onayı yok: fotoğrafı basılmadı, yerinde boş çerçeve var.', 2),
      finding(
        4,
        'Banu Er',
        'no-text-consent',
        'Veli ad, söz ve mesajların basılmasına onay vermedi: adı, lakabı, sözü ve mesajları basılmadı; sayfası ve sınıf panosundaki yeri adsız.',
        2,
      ),
      finding(6, 'Deniz Ak', 'no-consent', 'Veli fotoğrafın basılmasına onay vermedi: yerinde boş çerçeve var.', 4),
    ]);
  });

  it('lists each text printed with □ as a warning naming the characters, on its student’s page (no page for the school’s texts)', () => {
    const { errors, warnings } = preflight({
      ...none,
      studentPages: { 5: 9 },
      substitutions: [
        { item: 'Okul yönetiminin mesajı (yazan: Müdür)', characters: ['字'] },
        { item: 'Deniz Ay sayfasındaki lakap', characters: ['𓀀', '好'], studentId: 5 },
      ],
    });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      finding(9, 'Deniz Ay sayfasındaki lakap', 'missing-glyphs', 'Yazı tiplerinde olmayan karakterler: 𓀀 好; yerlerine □ basıldı.', 5),
      finding(null, 'Okul yönetiminin mesajı (yazan: Müdür)', 'missing-glyphs', 'Yazı tiplerinde olmayan karakterler: 字; yerlerine □ basıldı.'),
    ]);
  });

  it('lists a text the layout could not set as an error on its page, saying whether it was left out, what was printed instead, or that a name was cut', () => {
    const { errors, warnings } = preflight({
      ...none,
      studentPages: { 4: 7 },
      unplaced: [
        { item: 'Ece Su sayfasındaki mesaj (yazan: Ali)', studentId: 4, shown: null },
        { item: '12/A şubesinin adı', shown: 'Ad basılamadı' },
      ],
      cutNames: [{ studentId: 5, name: 'Abdurrahman Muhammed Şahinoğlu', page: 4 }],
    });
    expect(warnings).toEqual([]);
    expect(errors).toEqual([
      finding(
        4,
        'Abdurrahman Muhammed Şahinoğlu adı (sınıf panelinde)',
        'unplaced-text',
        'Ad, sınıf panelinde vesikalığın altındaki yerine en küçük boyda da sığmadı ve kesilerek basıldı. Adı kısaltın ya da paneldeki sütun sayısını azaltın.',
        5,
      ),
      finding(
        7,
        'Ece Su sayfasındaki mesaj (yazan: Ali)',
        'unplaced-text',
        'Metin sayfaya yerleştirilemedi ve yıllığa konmadı. Metni düzeltip yıllığı yeniden oluşturun.',
        4,
      ),
      finding(
        null,
        '12/A şubesinin adı',
        'unplaced-text',
        'Metin sayfaya yerleştirilemedi; yerine “Ad basılamadı” basıldı. Metni düzeltip yıllığı yeniden oluşturun.',
      ),
    ]);
  });

  it('reports a printing condition chosen without its profile as an error on no page, naming the condition the files were made for', () => {
    expect(preflight({ ...none, missingProfile: 'FOGRA51' })).toEqual({
      errors: [
        finding(
          null,
          'Baskı koşulu: FOGRA51 (PSO Coated v3)',
          'print-profile',
          "Renk profili (ICC) yüklenmedi; baskı dosyaları bu koşul için hazırlanamadı ve FOGRA39 (ISO Coated v2) ile hazırlandı. Profili Yıllık Tasarımı'nda yükleyip yıllığı yeniden oluşturun.",
        ),
      ],
      warnings: [],
    });
    expect(preflight(none)).toEqual({ errors: [], warnings: [] });
  });

  it('reads a PNG’s pixel size from its header, and the resolution it prints at', async () => {
    const png = await sharp({ create: { width: 400, height: 331, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    expect(pngSize(png)).toEqual({ width: 400, height: 331 });
    expect(pngSize(Buffer.from('not a png at all, not at all'))).toBeNull();
    // 331 px over the logo's 28 mm: 300 ppi.
    expect(ppiAt(331, 28)).toBe(300);
  });
});
