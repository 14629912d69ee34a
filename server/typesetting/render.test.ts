/**
 * The book engine on its own: a small school's book rendered and read back as a printer would
 * (boxes, fonts, text, image resolution), for every font pair the design offers.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN, FONT_PAIRS as PAIR_NAMES } from '../../common/schemas/design';
import { orderKey } from '../../common/text';
import { inspectPdf } from '../test/pdf';
import { FONT_PAIRS } from './fonts';
import { imageForPrint } from './images';
import { MIN_PPI, PORTRAIT_MM, type BookModel, type BookStudent } from './model';
import { renderBook } from './book';
import { layoutPart } from './render';

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

/** The portrait every test book places, prepared once for the file (decoding a 12 MP photo is most of a small book's time). */
let portraitForPrint: ReturnType<typeof imageForPrint> | null = null;

async function book(overrides: Partial<BookModel> = {}) {
  const images = new Map<string, Buffer>();
  portraitForPrint ??= photo(3000, 4000).then((original) => imageForPrint(original, PORTRAIT_MM[DEFAULT_DESIGN.photoShape]));
  const prepared = await portraitForPrint;
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
        teacherMessages: [{ body: 'Sevgili 12/İ', author: 'Ayten Kurt', title: 'Sınıf Öğretmeni' }],
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
    // school message and its blank back, divider, class panel, 1 + blank, 3 + blank, 1 student pages,
    // index: 12, a multiple of 4 already (the cover is a file of its own)
    expect(pages).toBe(12);
    expect(report.pages).toBe(12);
    for (const { media, trim, bleed } of report.boxes) {
      expect(media.width).toBeCloseTo(216 * MM, 1);
      expect(media.height).toBeCloseTo(303 * MM, 1);
      expect(trim).toMatchObject({ x: expect.closeTo(3 * MM, 1), y: expect.closeTo(3 * MM, 1) });
      expect(trim.width).toBeCloseTo(210 * MM, 1);
      expect(trim.height).toBeCloseTo(297 * MM, 1);
      expect(bleed.width).toBeCloseTo(media.width, 1);
    }
    expect(report.outputIntents).toEqual([{ subtype: 'GTS_PDFX', condition: 'FOGRA39', profile: { deviceClass: 'prtr', colourSpace: 'CMYK' } }]);
  });

  it('shows every text as written, markup included, with the Turkish letters, and a draft watermark until final', async () => {
    const draft = await inspectPdf((await book()).pdf);
    // Spaces compared away: a word hyphenated at a line's end reads back as two.
    const all = draft.text.join('\n').replace(/\s+/g, '');
    for (const expected of [
      '12/İ',
      'Ümit Çelik',
      'Şule Işık',
      'Ilgaz Ağaoğlu',
      TURKISH,
      '<b>kalın</b> #set text(red)',
      'Yazan 9',
      'Okul Müdürü',
      '— Ayten Kurt Sınıf Öğretmeni',
    ]) {
      expect(all).toContain(expected.replace(/\s+/g, ''));
    }
    expect(draft.text.every((page) => page.includes('TASLAK'))).toBe(true);
    // The school's messages open the interior: the cover is not its first page.
    expect(draft.text[0]).toContain('Okul Yönetiminin Mesajı');
    expect(all).not.toContain('Mezuniyet Yıllığı');
    const final = await inspectPdf((await book({ draft: false })).pdf);
    expect(final.text.join('\n')).not.toContain('TASLAK');
  });

  it('lists the students in Turkish alphabetical order with the page of their portrait', async () => {
    const report = await inspectPdf((await book()).pdf);
    const index = report.text.find((page) => page.includes('Öğrenci Dizini'))!;
    const order = ['Ağaoğlu, Ilgaz', 'Çelik, Ümit', 'Işık, Şule'].map((name) => index.indexOf(name));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // A student's own page: past the divider's class list and the class panel after it.
    const panel = report.text.findIndex((page) => page.includes('Sınıf listesi')) + 1;
    const pageOf = (name: string) => report.text.findIndex((page, i) => i > panel && page.includes(name)) + 1;
    for (const [entry, name] of [
      ['Çelik, Ümit', 'Ümit Çelik'],
      ['Işık, Şule', 'Şule Işık'],
      ['Ağaoğlu, Ilgaz', 'Ilgaz Ağaoğlu'],
    ]) {
      // The class panel's page first, then the student's own.
      expect(index).toMatch(new RegExp(`${entry}[ .]*${panel + 1}, ${pageOf(name!)}\\b`));
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
    // the first branch's 11 pages (as in its own book, up to its index), then the second branch from a
    // right-hand page: blank, divider, class panel, 2 + (1 + blank) + 8 × (1 + blank) + 1 student pages;
    // the index: 36, a multiple of 4
    expect(school.pages).toBe(11 + 1 + 2 + 2 + 2 + 16 + 1 + 1);
    expect(report.pages).toBe(school.pages);
    // One printing condition for the whole book, however many parts it was laid out in.
    expect(report.outputIntents.map((intent) => intent.condition)).toEqual(['FOGRA39']);
    expect(report.boxes.every(({ trim }) => trim.width > 0)).toBe(true);
    // three portraits on their pages, and the same on the two class panels
    expect(report.images).toHaveLength(6);
    // The first branch's pages are as in its own book.
    const ownIndex = (await inspectPdf(pdf)).text.findIndex((text) => text.includes('Öğrenci Dizini'));
    expect(ownIndex).toBe(11);
    expect(pages).toBe(12);
    expect((await inspectPdf(pdf)).text.slice(0, ownIndex)).toEqual(report.text.slice(0, ownIndex));
    const dividers = report.text.filter((text) => text.includes('Sınıf listesi'));
    expect(dividers).toHaveLength(2);
    expect(dividers[1]).toContain('Irmak Kaya');
    // Each page's footer shows its place in the whole book, but for the blank pages before a section (only the watermark on them).
    for (let page = 1; page <= school.pages; page++) {
      const text = report.text[page - 1]!;
      if (text.trim() === 'TASLAK') expect(page % 2).toBe(0);
      else expect(text).toMatch(new RegExp(`(^| )${page}( |$)`));
    }
    const index = report.text.find((text) => text.includes('Öğrenci Dizini'))!;
    // A student's page: not the divider's class list, nor the class panel after it.
    const panels = report.text.flatMap((text, i) => (text.includes('Sınıf listesi') ? [i + 1] : []));
    const studentPage = (name: string) => report.text.findIndex((text, i) => text.includes(name) && !text.includes('Sınıf listesi') && !panels.includes(i)) + 1;
    for (const [entry, name] of [
      ['Ağaoğlu, Ilgaz', 'Ilgaz Ağaoğlu'],
      ['Çelik, Ümit', 'Ümit Çelik'],
      ['Işık, Şule', 'Şule Işık'],
      ['Öztürk, Çağla', 'Çağla Öztürk'],
      ['Ünal, Barış', 'Barış Ünal'],
      ['Kaya, Irmak', 'Irmak Kaya'],
    ]) {
      expect(index).toMatch(new RegExp(`${entry}[ .]*(\\d+, )*${studentPage(name!)}\\b`));
    }
    expect(['Ağaoğlu', 'Çelik', 'Işık', 'Öztürk', 'Ünal'].map((name) => index.indexOf(name))).toEqual(
      ['Ağaoğlu', 'Çelik', 'Işık', 'Öztürk', 'Ünal'].map((name) => index.indexOf(name)).sort((a, b) => a - b),
    );
  });

  it('places every portrait at 300 ppi or more, on its page and on the class panel', async () => {
    const report = await inspectPdf((await book()).pdf);
    expect(report.images).toHaveLength(4);
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
    // A small copy for a frame of the same proportions, from the same decode.
    const panel = await imageForPrint(await photo(4000, 3000), frame, { width: 30, height: 40 });
    expect(await sharp(panel.small!.jpeg).metadata()).toMatchObject({ width: Math.round((30 / 25.4) * 330), height: Math.round((40 / 25.4) * 330) });
    const small = await imageForPrint(await photo(300, 400), frame);
    expect(small.ppi).toBe(127);
    expect((await sharp(small.jpeg).metadata()).width).toBeLessThanOrEqual(300);
  });
});

interface Word {
  page: number;
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Runs a poppler tool on the PDF in a folder of its own; answers the folder's files' contents by name. */
async function poppler(pdf: Buffer, tool: string, args: string[], outputs: string[]): Promise<Map<string, Buffer>> {
  const folder = await mkdtemp(path.join(tmpdir(), 'book-'));
  try {
    const file = path.join(folder, 'book.pdf');
    await writeFile(file, pdf);
    await promisify(execFile)(tool, [...args, file, path.join(folder, 'out')], { maxBuffer: 64 << 20 });
    return new Map(await Promise.all(outputs.map(async (name) => [name, await readFile(path.join(folder, name))] as const)));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Every word as pdftotext -bbox places it: page number and box in points from the media box's top left. */
async function wordsOf(pdf: Buffer): Promise<Word[]> {
  const html = (await poppler(pdf, 'pdftotext', ['-bbox'], ['out'])).get('out')!.toString('utf8');
  const words: Word[] = [];
  let page = 0;
  for (const match of html.matchAll(/<page |<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
    if (match[0] === '<page ') page++;
    else words.push({ page, text: match[5]!, x0: Number(match[1]), y0: Number(match[2]), x1: Number(match[3]), y1: Number(match[4]) });
  }
  return words;
}

/** A page drawn at 20 dpi, as raw RGB pixels. */
async function pageImage(pdf: Buffer, page: number) {
  const png = (await poppler(pdf, 'pdftoppm', ['-r', '20', '-f', String(page), '-l', String(page), '-png', '-singlefile'], ['out.png'])).get('out.png')!;
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { at: (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)], width: info.width, height: info.height };
}

/**
 * Where each word's ink begins and ends below the top of its box (points), drawn at 300 dpi: figures
 * that line up have the same, old-style figures rise and fall with the digit.
 */
async function inkSpans(pdf: Buffer, words: Word[]): Promise<Array<{ text: string; top: number; bottom: number }>> {
  const dpi = 300;
  const scale = dpi / 72;
  const spans = [];
  for (const page of new Set(words.map((word) => word.page))) {
    const on = words.filter((word) => word.page === page);
    const [x, y] = [Math.floor(Math.min(...on.map((w) => w.x0)) * scale), Math.floor(Math.min(...on.map((w) => w.y0)) * scale)];
    const [w, h] = [Math.ceil(Math.max(...on.map((w) => w.x1)) * scale) - x, Math.ceil(Math.max(...on.map((w) => w.y1)) * scale) - y];
    const area = ['-x', x, '-y', y, '-W', w, '-H', h].map(String);
    const png = (
      await poppler(pdf, 'pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), ...area, '-gray', '-png', '-singlefile'], ['out.png'])
    ).get('out.png')!;
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    for (const word of on) {
      let [top, bottom] = [Infinity, -Infinity];
      for (let row = Math.round(word.y0 * scale) - y; row < Math.round(word.y1 * scale) - y; row++)
        for (let column = Math.round(word.x0 * scale) - x; column < Math.round(word.x1 * scale) - x; column++)
          if (data[row * info.width + column]! < 128) [top, bottom] = [Math.min(top, row), Math.max(bottom, row)];
      spans.push({ text: word.text, top: (top + y) / scale - word.y0, bottom: (bottom + y) / scale - word.y0 });
    }
  }
  return spans;
}

/** The largest difference between the values. */
const spread = (values: number[]) => Math.max(...values) - Math.min(...values);

/** Each index entry's own page: the last of its pages (the class panel's comes before it). */
const indexPages = (index: string) => [...index.matchAll(/[.] (?:\d+, )*(\d+)/g)].map((match) => Number(match[1]));

describe('a book a printer can bind', () => {
  it('has a page count padded to the design’s multiple with "Anı / Notlar" pages', async () => {
    // The model of the test's book, made once (the padded books below are laid out from it).
    const { model } = await book();
    const padded = async (pageMultiple: 4 | 8 | 16, students?: number) => {
      const branches = students ? [{ ...model.branches[0]!, students: model.branches[0]!.students.slice(0, students) }] : model.branches;
      const made = await book({ draft: false, design: { ...DEFAULT_DESIGN, messagesPerPage: 4, pageMultiple }, branches });
      const text = (await inspectPdf(made.pdf)).text;
      const content = text.findIndex((page) => page.includes('Öğrenci Dizini')) + 1;
      const notes = text.filter((page) => page.includes('Anı / Notlar')).length;
      // Only notes pages after the content, and fewer than a whole multiple of them.
      expect(made.pages % pageMultiple).toBe(0);
      expect(notes).toBe(made.pages - content);
      expect(notes).toBeLessThan(pageMultiple);
      if (notes) expect(text.at(-1)).toContain('Anı / Notlar');
      // Pages of the book, for what friends write: each carries its folio.
      for (const [i, page] of text.entries()) if (page.includes('Anı / Notlar')) expect(page).toMatch(new RegExp(`(^| )${i + 1}$`));
      return { content, notes };
    };
    // The whole book is 12 pages of content; without its last student, 10.
    expect(await padded(4)).toEqual({ content: 12, notes: 0 });
    expect(await padded(8)).toEqual({ content: 12, notes: 4 });
    expect(await padded(16)).toEqual({ content: 12, notes: 4 });
    expect(await padded(4, 2)).toEqual({ content: 10, notes: 2 });
  });

  it('starts the school’s messages, each branch and each student on a right-hand (odd) page, across parts', async () => {
    const { model } = await book();
    const second = {
      name: '12/B',
      teacherMessages: [],
      students: ['Ada', 'Bora', 'Cem', 'Defne', 'Ece', 'Fırat', 'Gizem', 'Hakan', 'Irmak', 'Jale', 'Kerem'].map((first, i) =>
        student(10 + i, first, 'Kaya', null, i % 3),
      ),
    };
    // Playfair Display, the heading face of this pair, sets old-style figures unless asked for lining ones.
    const design = { ...DEFAULT_DESIGN, fontPair: 'nunito-playfair' as const };
    const { pdf, pages } = await book({ draft: false, design, branches: [...model.branches, second] });
    const text = (await inspectPdf(pdf)).text;
    const pageOf = (predicate: (page: string) => boolean) => text.flatMap((page, i) => (predicate(page) ? [i + 1] : []));
    expect(pageOf((page) => page.includes('Okul Yönetiminin Mesajı'))).toEqual([1]);
    const dividers = pageOf((page) => page.includes('Sınıf listesi'));
    expect(dividers).toHaveLength(2);
    for (const page of dividers) expect(page % 2).toBe(1);
    const starts = indexPages(text.find((page) => page.includes('Öğrenci Dizini'))!);
    expect(starts).toHaveLength(14);
    for (const page of starts) expect(page % 2, `a student starts on page ${page}`).toBe(1);
    expect(pages % 4).toBe(0);
    // A left-hand page left over before a section is blank, without even a folio; every other page,
    // the notes pages that pad the book included, carries its number.
    const blank = pageOf((page) => page.trim() === '');
    expect(blank.length).toBeGreaterThan(3);
    for (const page of blank) expect([...dividers, ...starts], `blank page ${page} before a section`).toContain(page + 1);
    for (const [i, page] of text.entries()) if (!blank.includes(i + 1)) expect(page, `page ${i + 1}`).toMatch(new RegExp(`(^| )${i + 1}$`));

    // Lining figures in the index and the folios: every number's ink starts and ends at the same
    // height (old-style 3, 5, 7 and 9 would hang below the others, 6 and 8 rise above them).
    const words = await wordsOf(pdf);
    const index = pageOf((page) => page.includes('Öğrenci Dizini'))[0]!;
    const numbers = words.filter((word) => word.page === index && /^\d+$/.test(word.text) && word.y0 < 280 * MM);
    const folios = words.filter((word) => /^\d+$/.test(word.text) && word.text === String(word.page) && word.y0 > 280 * MM);
    expect(numbers.map((word) => word.text).join(' ')).toMatch(/\b[3579]\b.*\b1[0-9]\b/);
    expect(folios.length).toBeGreaterThan(9);
    for (const figures of [numbers, folios]) {
      const spans = await inkSpans(pdf, figures);
      expect(spread(spans.map((span) => span.top)), JSON.stringify(spans)).toBeLessThan(1);
      expect(spread(spans.map((span) => span.bottom)), JSON.stringify(spans)).toBeLessThan(0.8);
    }
  });

  it('runs the modern band down the outside edge: right on right-hand pages, left on left-hand ones', async () => {
    const { pdf } = await book({ draft: false, design: { ...DEFAULT_DESIGN, template: 'modern', messagesPerPage: 4 } });
    // Pages 9 (right-hand) and 10 (left-hand); the band is the primary colour.
    for (const [page, outside, inside] of [
      [9, 'right', 'left'],
      [10, 'left', 'right'],
    ] as const) {
      const image = await pageImage(pdf, page);
      const edge = (side: 'left' | 'right') => image.at(side === 'left' ? 1 : image.width - 2, Math.round(image.height / 2));
      const [r, , b] = edge(outside);
      expect(b! - r!, `page ${page}: the band on the ${outside}`).toBeGreaterThan(100);
      const [r2, g2, b2] = edge(inside);
      expect(Math.min(r2!, g2!, b2!), `page ${page}: paper on the ${inside}`).toBeGreaterThan(230);
    }
  });
});

describe('a book set as a designer would', () => {
  const SAFE = 5 * MM;
  const LONG = 'okuzunkelimeler'.repeat(6);

  it.each(['klasik', 'modern'] as const)(
    'keeps a 90-character word and a 1000-character message inside their boxes and 5 mm inside the trim (%s)',
    async (template) => {
      expect(LONG).toHaveLength(90);
      const long = (id: number, first: string): BookStudent => ({
        ...student(id, first, 'Uzun', '/img/p1.jpg', 0),
        quote: `Sözüm: ${LONG} bitti`,
        messages: [
          { body: `Bak: ${LONG} ve https://ornek.com.tr/yillik/2026/${LONG}`, author: 'Ada' },
          { body: 'Yanındaki mesaj, sözcük sözcük, satır satır yazılmış kısa bir anı.', author: 'Bora' },
          { body: 'Bin karakterlik bir anı. '.repeat(40), author: 'Cem' },
          { body: 'Son söz.', author: 'Defne' },
        ],
      });
      const { model } = await book();
      const { pdf, pages } = await book({
        draft: false,
        design: { ...DEFAULT_DESIGN, template, messagesPerPage: 4 },
        branches: [{ ...model.branches[0]!, students: [long(1, 'Ümit'), { ...long(2, 'Şule'), portrait: null }] }],
      });
      const report = await inspectPdf(pdf);
      const trim = report.boxes[0]!.trim;
      const words = await wordsOf(pdf);
      expect(words.length).toBeGreaterThan(100);
      for (const word of words) {
        const where = `"${word.text}" on page ${word.page}`;
        expect(word.x0, where).toBeGreaterThanOrEqual(trim.x + SAFE);
        expect(word.x1, where).toBeLessThanOrEqual(trim.x + trim.width - SAFE);
        expect(word.y0, where).toBeGreaterThanOrEqual(trim.y + SAFE);
        expect(word.y1, where).toBeLessThanOrEqual(trim.y + trim.height - SAFE);
      }
      // No word prints over another on its line: the long word wraps inside its note instead of running into the next.
      for (let page = 1; page <= pages; page++) {
        const on = words.filter((word) => word.page === page);
        for (const [i, a] of on.entries())
          for (const b of on.slice(i + 1)) {
            if (Math.abs(a.y1 - b.y1) > 2) continue;
            expect(Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0), `"${a.text}" and "${b.text}" on page ${page}`).toBeLessThan(0.5);
          }
      }
      const all = words
        .map((word) => word.text)
        .join('')
        .replace(/[\u200B\u00AD]/g, '');
      expect(all).toContain(LONG);
      // Every word of the two students' long messages is printed (pdftotext: pdf.js loses a letter beside a break opportunity).
      expect(words.filter((word) => word.text === 'Bin')).toHaveLength(2 * 40);
      expect(words.filter((word) => word.text === 'anı.')).toHaveLength(2 * (40 + 1));
    },
  );

  it.each(['inter-merriweather', 'nunito-playfair'] as const)('keeps a name that wraps on its page clear of its own next line (%s)', async (fontPair) => {
    const { model } = await book();
    const long = { ...student(1, 'Abdurrahman Muhammed Şahinoğlu', 'Çelikkanat Ünaldıoğlu', '/img/p1.jpg', 0), nickname: null, quote: null };
    const { pdf } = await book({
      draft: false,
      design: { ...DEFAULT_DESIGN, template: 'modern', fontPair },
      branches: [{ ...model.branches[0]!, students: [long] }],
    });
    const words = await wordsOf(pdf);
    // The student's page: the name is the only text set large on it.
    const page = words.find((word) => word.text === 'Abdurrahman' && word.y1 - word.y0 > 18)!.page;
    const name = words.filter((word) => word.page === page && word.y1 - word.y0 > 18);
    expect(name.map((word) => word.text).join(' ')).toBe(long.name);
    const lines = [...new Set(name.map((word) => Math.round(word.y0)))].sort((a, b) => a - b);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < lines.length; i++) {
      const above = Math.max(...name.filter((word) => Math.round(word.y0) === lines[i - 1]).map((word) => word.y1));
      expect(lines[i]!, `line ${i + 1} of the name`).toBeGreaterThanOrEqual(above - 0.5);
    }
  });

  it('carries a running head with the name on a student’s continuation pages, and none on the first', async () => {
    const { pdf } = await book({ draft: false });
    const words = await wordsOf(pdf);
    const text = (await inspectPdf(pdf)).text;
    // Şule Işık has nine messages, four a page: pages 7, 8 and 9.
    expect(text[6]).toContain('Şule Işık');
    for (const page of [8, 9]) {
      expect(text[page - 1]).toContain('Şule Işık · devam');
      const head = words.find((word) => word.page === page && word.text === 'devam')!;
      // in the top margin, above the text
      expect(head.y1).toBeLessThan((3 + 24) * MM);
    }
    expect(text[6]).not.toContain('devam');
    expect(text[9]).not.toContain('devam');
  });

  it('gives each branch a class panel page of its students’ portraits and names before their pages, the class list down the columns', async () => {
    const { model } = await book();
    const names = ['Ada', 'Bora', 'Cem', 'Defne', 'Ece', 'Fırat', 'Gizem'];
    const branch = { ...model.branches[0]!, students: [...model.branches[0]!.students, ...names.map((first, i) => student(10 + i, first, 'Kaya', null, 0))] };
    const { pdf } = await book({ draft: false, branches: [branch], design: { ...DEFAULT_DESIGN, messagesPerPage: 4, panelColumns: 4 } });
    const report = await inspectPdf(pdf);
    const divider = report.text.findIndex((page) => page.includes('Sınıf listesi')) + 1;
    const panel = divider + 1;
    for (const s of branch.students) expect(report.text[panel - 1]).toContain(s.name);
    expect(report.images.filter((image) => image.page === panel)).toHaveLength(2);
    // Four to a row: the fifth portrait (Bora) starts a second row.
    const words = await wordsOf(pdf);
    const first = (name: string, page: number) => words.find((word) => word.page === page && word.text === name.split(' ')[0])!;
    expect(first('Ada', panel).y0).toBeCloseTo(first('Ümit', panel).y0, 0);
    expect(first('Ada', panel).x0).toBeGreaterThan(first('Ilgaz', panel).x0);
    expect(first('Bora', panel).y0).toBeGreaterThan(first('Ümit', panel).y0 + 20 * MM);
    // The first student's own page comes after the panel.
    expect(report.text.findIndex((page, i) => i >= panel && page.includes('Ümit Çelik')) + 1).toBeGreaterThan(panel);
    // Ten names in three columns read down: four in the first, the fifth at the top of the second.
    const listed = branch.students.map((s) => first(s.name, divider));
    expect(listed[1]!.x0).toBeCloseTo(listed[0]!.x0, 0);
    expect(listed[3]!.x0).toBeCloseTo(listed[0]!.x0, 0);
    expect(listed[4]!.x0).toBeGreaterThan(listed[0]!.x0 + 20);
    expect(listed[4]!.y0).toBeCloseTo(listed[0]!.y0, 0);
  });
});

describe('the class panel', () => {
  it('sets a long name smaller to fit under its portrait; one too long even at 6 pt is cut at its cell, never run into its neighbour, and reported', async () => {
    const names = [
      'Ada Kaya',
      'Ayşe Karamustafapaşaoğulları',
      `${'Abdurrahman Muhammed '.repeat(3)}Şahinoğlu Çelikkanat Ünaldıoğlu Karamustafapaşaoğulları`,
      'Bora Er',
    ];
    const students = names.map((name, i) => ({ ...student(i + 1, name, '', null, 0), name }));
    const { model } = await book();
    const laid = layoutPart(
      { ...model, draft: false, design: { ...DEFAULT_DESIGN, panelColumns: 5 }, branches: [{ name: '12/A', teacherMessages: [], students }] },
      { firstPage: 1, cover: null, divider: { classList: names, panel: students.map((s) => ({ id: s.id, name: s.name, portrait: null })) }, index: null },
      new Map(),
    );
    // The divider on page 1, the panel on page 2.
    expect(laid.cutNames).toEqual([{ id: 3, page: 2 }]);
    const words = (await wordsOf(laid.pdf)).filter((word) => word.page === 2 && word.y0 > 40 * MM);
    expect(words.map((word) => word.text)).toEqual(expect.arrayContaining(['Ada', 'Kaya', 'Ayşe', 'Bora']));
    const long = words.find((word) => word.text.startsWith('Karamustafa'))!;
    const short = words.find((word) => word.text === 'Ada')!;
    expect(long.y1 - long.y0, 'the long surname set smaller').toBeLessThan(short.y1 - short.y0);
    for (const [i, a] of words.entries())
      for (const b of words.slice(i + 1)) {
        if (Math.abs(a.y1 - b.y1) > 1) continue;
        expect(Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0), `"${a.text}" and "${b.text}"`).toBeLessThan(0.5);
      }
  });
});

describe('a student printed without a name', () => {
  it('keeps their page and panel cell unnamed, leaves them out of the class list, the index and the running head; a one-word name gets one initial', async () => {
    const { model } = await book();
    const [umit, sule, ilgaz] = model.branches[0]!.students as [BookStudent, BookStudent, BookStudent];
    // Şule's parent has not consented to her text: no name (her messages stay, for the running head's pages).
    const messages = sule.messages.map((m, i) => ({ body: `Anı ${i + 1}`, author: m.author }));
    const unnamed: BookStudent = { ...sule, name: '', indexName: '', nickname: null, quote: null, portrait: null, panelPortrait: null, messages };
    const single: BookStudent = { ...ilgaz, name: 'Ilgaz', indexName: 'Ilgaz' };
    const { pdf } = await book({ draft: false, branches: [{ ...model.branches[0]!, students: [umit, unnamed, single] }] });
    const text = (await inspectPdf(pdf)).text.join('\n');
    const words = (await wordsOf(pdf)).map((word) => word.text);
    for (const hidden of ['Şule', 'Işık', 'ŞI', 'devam']) expect(words).not.toContain(hidden);
    for (const shown of ['Ümit', 'Çelik', 'Ilgaz']) expect(text).toContain(shown);
    // Ilgaz's empty frame carries his one initial, on his page and on the class panel.
    expect(words.filter((word) => word === 'I').length).toBeGreaterThanOrEqual(2);
    // The index lists the two named students only.
    const index = text.slice(text.lastIndexOf('Dizin'));
    expect(indexPages(index)).toHaveLength(2);
  });
});
