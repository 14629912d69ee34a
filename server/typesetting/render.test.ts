/**
 * The book engine on its own: a small school's book rendered and read back as a printer would
 * (boxes, fonts, text, image resolution), for every font pair the design offers.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN, FONT_PAIRS as PAIR_NAMES } from '../../common/schemas/design';
import { orderKey } from '../../common/text';
import { inspectPdf } from '../test/pdf';
import { FONT_PAIRS } from './fonts';
import { imageForPrint } from './images';
import { MIN_PPI, PORTRAIT_MM, type BookModel, type BookStudent } from './model';
import { renderBook } from './book';

const MM = 72 / 25.4;
const TURKISH = 'İı Şş Ğğ Çç Öö Üü';

async function photo(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#7a8ea3' } })
    .jpeg()
    .toBuffer();
}

function student(id: number, first: string, last: string, portrait: string | null, messages: number): BookStudent {
  return {
    id,
    name: `${first} ${last}`,
    indexKey: orderKey(`${last} ${first}`),
    indexName: `${last}, ${first}`,
    nickname: 'Kaptan',
    quote: `Yıllık sözü ${TURKISH}`,
    portrait,
    panelPortrait: portrait,
    messages: Array.from({ length: messages }, (_, i) => ({ body: `Mesaj ${i + 1} ${first} için: <b>kalın</b> #set text(red)`, author: `Yazan ${i + 1}` })),
  };
}

async function book(overrides: Partial<BookModel> = {}) {
  const images = new Map<string, Buffer>();
  const frame = PORTRAIT_MM[DEFAULT_DESIGN.photoShape];
  const prepared = await imageForPrint(await photo(3000, 4000), frame);
  images.set('/img/p1.jpg', prepared.jpeg);
  images.set('/img/p2.jpg', prepared.jpeg);
  const model: BookModel = {
    title: 'Işıklar Fen Lisesi',
    draft: true,
    design: { ...DEFAULT_DESIGN, messagesPerPage: 4 },
    school: { name: 'Işıklar Fen Lisesi', academicYear: '2025-2026', logo: null },
    cover: null,
    schoolMessages: [{ body: 'Sevgili mezunlarımız,\nyolunuz açık olsun.', author: 'Okul Müdürü' }],
    branches: [
      {
        name: '12/İ',
        teacherMessages: [{ body: 'Sevgili 12/İ', author: 'Sınıf Öğretmeni' }],
        // Three students, one without a portrait; the second has messages for three pages.
        students: [student(1, 'Ümit', 'Çelik', '/img/p1.jpg', 2), student(2, 'Şule', 'Işık', '/img/p2.jpg', 9), student(3, 'Ilgaz', 'Ağaoğlu', null, 0)],
      },
    ],
    ...overrides,
  };
  return { model, ...(await renderBook(model, images)) };
}

describe('the yearbook PDF', () => {
  it('is A4 with 3 mm bleed: media 216 × 303 mm, trim 210 × 297 mm inside it', async () => {
    const { pdf, pages } = await book();
    const report = await inspectPdf(pdf);
    // cover, school message, branch divider, 1 + 3 + 1 student pages, index
    expect(pages).toBe(9);
    expect(report.pages).toBe(9);
    for (const { media, trim, bleed } of report.boxes) {
      expect(media.width).toBeCloseTo(216 * MM, 1);
      expect(media.height).toBeCloseTo(303 * MM, 1);
      expect(trim).toMatchObject({ x: expect.closeTo(3 * MM, 1), y: expect.closeTo(3 * MM, 1) });
      expect(trim.width).toBeCloseTo(210 * MM, 1);
      expect(trim.height).toBeCloseTo(297 * MM, 1);
      expect(bleed.width).toBeCloseTo(media.width, 1);
    }
    expect(report.srgbOutputIntent).toBe(true);
  });

  it('shows every text as written, markup included, with the Turkish letters, and a draft watermark until final', async () => {
    const draft = await inspectPdf((await book()).pdf);
    const all = draft.text.join('\n');
    for (const expected of [
      'Işıklar Fen Lisesi',
      '12/İ',
      'Ümit Çelik',
      'Şule Işık',
      'Ilgaz Ağaoğlu',
      TURKISH,
      '<b>kalın</b> #set text(red)',
      'Yazan 9',
      'Okul Müdürü',
    ]) {
      expect(all).toContain(expected);
    }
    expect(draft.text.every((page) => page.includes('TASLAK'))).toBe(true);
    const final = await inspectPdf((await book({ draft: false })).pdf);
    expect(final.text.join('\n')).not.toContain('TASLAK');
  });

  it('lists the students in Turkish alphabetical order with the page of their portrait', async () => {
    const report = await inspectPdf((await book()).pdf);
    const index = report.text.at(-1)!;
    const order = ['Ağaoğlu, Ilgaz', 'Çelik, Ümit', 'Işık, Şule'].map((name) => index.indexOf(name));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const pageOf = (name: string) => report.text.findIndex((page, i) => i > 2 && page.includes(name)) + 1;
    for (const [entry, name] of [
      ['Çelik, Ümit', 'Ümit Çelik'],
      ['Işık, Şule', 'Şule Işık'],
      ['Ağaoğlu, Ilgaz', 'Ilgaz Ağaoğlu'],
    ]) {
      expect(index).toMatch(new RegExp(`${entry}[ .]*${pageOf(name!)}\\b`));
    }
  });

  it('lays out a school a few students at a time as one book: pages numbered on, every student indexed at their page', async () => {
    // The second branch has more students than one part holds: its divider lists them all, once.
    const more = ['Ada', 'Bora', 'Cem', 'Defne', 'Ece', 'Fırat', 'Gizem', 'Hakan', 'Irmak'];
    const second = {
      name: '12/B',
      teacherMessages: [],
      students: [
        student(4, 'Çağla', 'Öztürk', '/img/p1.jpg', 5),
        student(5, 'Barış', 'Ünal', null, 1),
        ...more.map((first, i) => student(10 + i, first, 'Kaya', null, 0)),
      ],
    };
    const { model, pdf, pages } = await book();
    const school = await book({ branches: [...model.branches, second] });
    const report = await inspectPdf(school.pdf);
    // the branch's pages (without its index), then the second branch: divider, 2 + 1 + 9 student pages; the index
    expect(school.pages).toBe(pages - 1 + 1 + 12 + 1);
    expect(report.pages).toBe(school.pages);
    expect(report.srgbOutputIntent).toBe(true);
    expect(report.boxes.every(({ trim }) => trim.width > 0)).toBe(true);
    expect(report.images).toHaveLength(3);
    // The first branch's pages are as in its own book; only a branch's cover names the branch.
    expect((await inspectPdf(pdf)).text.slice(1, -1)).toEqual(report.text.slice(1, pages - 1));
    expect(report.text[0]).not.toContain('12/İ');
    const dividers = report.text.filter((text) => text.includes('Sınıf listesi'));
    expect(dividers).toHaveLength(2);
    expect(dividers[1]).toContain('Irmak Kaya');
    // Each page's footer shows its place in the whole book.
    for (let page = 2; page <= school.pages; page++) expect(report.text[page - 1]).toMatch(new RegExp(`(^| )${page}( |$)`));
    const index = report.text.at(-1)!;
    const studentPage = (name: string) => report.text.findIndex((text) => text.includes(name) && !text.includes('Sınıf listesi')) + 1;
    for (const [entry, name] of [
      ['Ağaoğlu, Ilgaz', 'Ilgaz Ağaoğlu'],
      ['Çelik, Ümit', 'Ümit Çelik'],
      ['Işık, Şule', 'Şule Işık'],
      ['Öztürk, Çağla', 'Çağla Öztürk'],
      ['Ünal, Barış', 'Barış Ünal'],
      ['Kaya, Irmak', 'Irmak Kaya'],
    ]) {
      expect(index).toMatch(new RegExp(`${entry}[ .]*${studentPage(name!)}\\b`));
    }
    expect(['Ağaoğlu', 'Çelik', 'Işık', 'Öztürk', 'Ünal'].map((name) => index.indexOf(name))).toEqual(
      ['Ağaoğlu', 'Çelik', 'Işık', 'Öztürk', 'Ünal'].map((name) => index.indexOf(name)).sort((a, b) => a - b),
    );
  });

  it('places every portrait at 300 ppi or more', async () => {
    const report = await inspectPdf((await book()).pdf);
    expect(report.images).toHaveLength(2);
    for (const image of report.images) expect(image.ppi).toBeGreaterThanOrEqual(MIN_PPI);
  });

  it.each(PAIR_NAMES)('embeds and subsets the fonts of the pair %s, and only those', async (pair) => {
    const { pdf } = await book({ design: { ...DEFAULT_DESIGN, fontPair: pair } });
    const report = await inspectPdf(pdf);
    expect(report.missingFonts).toEqual([]);
    const families = new Set(report.embeddedFonts.map((name) => name.replace(/^[A-Z]{6}\+/, '').split('-')[0]));
    const { heading, body } = FONT_PAIRS[pair];
    expect(families).toEqual(new Set([heading.family.replace(/ /g, ''), body.family.replace(/ /g, '')]));
    for (const name of report.embeddedFonts) expect(name).toMatch(/^[A-Z]{6}\+/);
    expect(report.text.join('\n')).toContain(TURKISH);
  });
});

describe('texts in other scripts and emoji', () => {
  // What students write: emoji (one of them a ZWJ sequence), invisible characters, Arabic, Greek, a script no font has.
  const WRITTEN = ['Seni özleyeceğim 👩‍🎓', 'iyi ki\u200Bvarsın\uFEFF 👍🏽 ❤️', 'مرحبا صديقي', 'Καλή τύχη', 'ayrı\u200Dlık 字'];

  it.each(PAIR_NAMES)('render in the pair %s from the bundled fonts, with a visible mark for what none has', async (pair) => {
    const odd = (id: number, first: string, text: string): BookStudent => ({
      ...student(id, first, text.split(' ')[0]!, null, 0),
      nickname: text,
      quote: text,
      messages: WRITTEN.map((body) => ({ body, author: `${text} yazdı` })),
    });
    const { pdf } = await book({
      design: { ...DEFAULT_DESIGN, fontPair: pair },
      schoolMessages: [{ body: WRITTEN.join('\n'), author: 'Müdür 🎓' }],
      branches: [{ name: '12/İ', teacherMessages: [{ body: WRITTEN[2]!, author: 'Öğretmen' }], students: WRITTEN.map((text, i) => odd(i + 1, 'Deniz', text)) }],
    });
    const report = await inspectPdf(pdf);
    expect(report.missingFonts).toEqual([]);
    const { heading, body } = FONT_PAIRS[pair];
    const families = new Set(report.embeddedFonts.map((name) => name.replace(/^[A-Z]{6}\+/, '').split('-')[0]));
    expect(families).toEqual(new Set([heading.family, body.family, 'Inter', 'NotoSansArabic', 'NotoEmoji'].map((f) => f.replace(/ /g, ''))));
    const all = report.text.join('\n');
    for (const expected of ['Seni özleyeceğim 👩\u200D🎓', 'iyi kivarsın 👍🏽', 'Καλή τύχη', 'ayrılık □']) expect(all).toContain(expected);
    expect(all).not.toMatch(/[\u200B\uFEFF字]/);
  });
});

describe('images for print', () => {
  it('cuts a photo to its frame at 330 ppi from a large original, and never enlarges a small one', async () => {
    const frame = { width: 60, height: 80 };
    const large = await imageForPrint(await photo(4000, 3000), frame);
    expect(large.ppi).toBe(330);
    const meta = await sharp(large.jpeg).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', space: 'srgb', width: Math.round((60 / 25.4) * 330), height: Math.round((80 / 25.4) * 330) });
    const small = await imageForPrint(await photo(300, 400), frame);
    expect(small.ppi).toBe(127);
    expect((await sharp(small.jpeg).metadata()).width).toBeLessThanOrEqual(300);
  });
});
