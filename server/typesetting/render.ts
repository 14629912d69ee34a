/**
 * Laying out a part of the book with Typst (./typst.ts): the layout, the data and the images go
 * into the compiler's memory, the fonts of the design's pair are the only fonts it knows, and the
 * result is plain PDF 1.6 (the version PDF/X-4 is built on), without the tag tree a printer does
 * not read: its RGB colours and images carry the sRGB profile, its cmyk() colours are DeviceCMYK.
 * The parts are joined, the printer's boxes set and the file made PDF/X-4, by assemble.ts. Synchronous and CPU-bound:
 * run it in a worker.
 */
import { tr } from '../../common/tr';
import { FALLBACK_FACES, FONT_PAIRS } from './fonts';
import { LAYOUT } from './layout';
import {
  BLEED_MM,
  EVENT_CAPTION_MM,
  EVENT_GUTTER_MM,
  EVENT_TITLE_MM,
  MARGINS_MM,
  MEDIA_MM,
  PANEL_GUTTER_MM,
  PORTRAIT_MM,
  eventFrameMm,
  panelFrameMm,
  type BookModel,
  type BookPart,
} from './model';
import { printable } from './printable';
import { compileTypst } from './typst';

class BookLayoutError extends Error {}

/** A run of characters this long without a space is a URL or a made-up word, not Turkish prose. */
const LONG_WORD = 24;
/** Such a run may break after every so many characters (no hyphen: a URL must not gain one). */
const BREAK_EVERY = 8;
const graphemes = new Intl.Segmenter('tr', { granularity: 'grapheme' });

/**
 * The text with a zero-width break opportunity inside each overlong word, so that it wraps in its
 * box instead of running out of it; shorter words are left to Turkish hyphenation.
 */
function breakableWords(text: string): string {
  return text.replace(new RegExp(`\\S{${LONG_WORD},}`, 'gu'), (word) => {
    const clusters = Array.from(graphemes.segment(word), (part) => part.segment);
    const pieces: string[] = [];
    for (let i = 0; i < clusters.length; i += BREAK_EVERY) pieces.push(clusters.slice(i, i + BREAK_EVERY).join(''));
    return pieces.join('\u200B');
  });
}

/**
 * The data the layout reads: the model, the part, and what the layout needs to know about the
 * page. Every string in it goes through printable(): a character no font has would fail the
 * whole layout, so it is replaced here, whatever it is part of; overlong words get places to break.
 * Image paths are names, not text.
 */
function bookJson(model: BookModel, part: BookPart): string {
  const { heading, body } = FONT_PAIRS[model.design.fontPair];
  return JSON.stringify(
    {
      ...model,
      part,
      branches: model.branches.map((b) => ({ ...b, students: b.students.map(withInitials) })),
      fonts: { heading: heading.family, body: body.family, fallback: FALLBACK_FACES.map((face) => face.family) },
      mediaMm: MEDIA_MM,
      bleedMm: BLEED_MM,
      portraitMm: PORTRAIT_MM[model.design.photoShape],
      panelMm: panelFrameMm(model.design),
      panelGutterMm: PANEL_GUTTER_MM,
      eventCells: Object.fromEntries(([1, 2, 3, 4, 6] as const).map((n) => [n, eventFrameMm(model.design, n)])),
      eventGutterMm: EVENT_GUTTER_MM,
      eventCaptionMm: EVENT_CAPTION_MM,
      eventTitleMm: EVENT_TITLE_MM,
      marginsMm: MARGINS_MM,
      texts: tr.yearbook.book,
    },
    (_key, value: unknown) => (typeof value !== 'string' ? value : value.startsWith('/img/') ? value : breakableWords(printable(value).text)),
  );
}

const withInitials = <T extends { name: string }>(s: T) => ({
  ...s,
  initials: s.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => (Array.from(w)[0] ?? '').toLocaleUpperCase('tr'))
    .join(''),
});

interface LaidOutPart {
  pdf: Buffer;
  pages: number;
  /** The page number of each student's first page in this part, by student id. */
  studentPages: Record<string, number>;
  /** Students whose name did not fit its cell on the class panel (printed cut), with the panel's page. */
  cutNames: Array<{ id: number; page: number }>;
  /** The page number of each student's last page in this part (a student with many messages runs on), by student id. */
  studentLastPages: Record<string, number>;
  /** The other pages each student appears on in this part: their class panel, event pages where tagged. */
  appearances: Record<string, number[]>;
  /** The page each event photo is placed on, by album photo id. */
  eventPhotoPages: Record<string, number>;
}

/** The PDF of one part of the book; `images` holds every "/img/…" path the part's model names. */
export function layoutPart(model: BookModel, part: BookPart, images: Map<string, Buffer>): LaidOutPart {
  const input = {
    fontPair: model.design.fontPair,
    main: { path: '/book.typ', source: LAYOUT },
    files: [...images, ['/book.json', Buffer.from(bookJson(model, part))] as const],
    failure: (diagnostics: string) => new BookLayoutError(diagnostics),
  };
  return compileTypst(input, (compiler, document) => {
    type Mark = { value: { id: number; page: number } };
    const marks = (selector: string) => compiler.query(document, { selector }) as Mark[];
    const pagesBy = (selector: string) => Object.fromEntries(marks(selector).map(({ value }) => [String(value.id), value.page]));
    const pdf = compiler.pdf(document, { pdfStandard: '1.6', pdfTags: false });
    return {
      pdf,
      pages: document.numOfPages,
      studentPages: pagesBy('<yb-page>'),
      studentLastPages: pagesBy('<yb-page-end>'),
      cutNames: marks('<yb-cut-name>').map(({ value }) => value),
      appearances: [...marks('<yb-panel>'), ...marks('<yb-event>')].reduce<Record<string, number[]>>((pages, { value }) => {
        (pages[String(value.id)] ??= []).push(value.page);
        return pages;
      }, {}),
      eventPhotoPages: pagesBy('<yb-event-photo>'),
    };
  });
}
