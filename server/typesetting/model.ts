/**
 * The book as data: what the layout draws, already filtered to approved content and in order.
 * Images are named by paths in the compiler's memory ("/img/…"), filled in beside the model.
 */
import type { DesignSettings } from '../../common/schemas/design';

interface BookMessage {
  body: string;
  author: string;
  /** The signer's place in the school under the name (staff messages). */
  title?: string;
}

export interface BookStudent {
  id: number;
  /** Empty for a student printed without a name (no consent to their text in print): their page and panel frame stay unnamed, the class list and index leave them out. */
  name: string;
  /** Turkish alphabetical key (common/text orderKey of "last first"), for the index. */
  indexKey: string;
  indexName: string;
  nickname: string | null;
  quote: string | null;
  portrait: string | null;
  /** The same photo cut small for the branch's class panel. */
  panelPortrait: string | null;
  messages: BookMessage[];
}

/** A photo in its place on an event page: the image (null: its file is gone), its caption, the book's students tagged in it. */
interface BookEventPhoto {
  id: number;
  image: string | null;
  caption: string;
  studentIds: number[];
}

/** An event page: an album's photos in a layout of 1, 2, 3, 4 or 6 a page. */
export interface BookEventPage {
  id: number;
  album: string;
  layout: 1 | 2 | 3 | 4 | 6;
  photos: BookEventPhoto[];
}

interface BookBranch {
  name: string;
  teacherMessages: BookMessage[];
  students: BookStudent[];
  /** The branch's albums' pages, after its class panel (the design's "after the class panels"). */
  eventPages?: BookEventPage[];
}

export interface BookModel {
  title: string;
  /** Proofs carry a "TASLAK" watermark until the studio marks the book final. */
  draft: boolean;
  design: DesignSettings;
  school: { name: string; academicYear: string; logo: string | null };
  cover: string | null;
  schoolMessages: BookMessage[];
  branches: BookBranch[];
  /** Event pages at the end of the book, before the index: all of them, or the school-wide albums' when branches take their own. */
  eventPages?: BookEventPage[];
}

/** One line of the index: a student of the book. */
export interface IndexEntry {
  id: number;
  name: string;
}

/** One portrait of a class panel. */
interface PanelEntry {
  id: number;
  name: string;
  portrait: string | null;
}

/**
 * What one layout makes of the book, with the model's branch and students it covers: a book is laid
 * out a few students at a time, the school's messages in the first part and the index in the last.
 */
export interface BookPart {
  /** The number printed on the part's first page. */
  firstPage: number;
  /** The book's first part: the school's messages open it (the cover is a file of its own, cover.ts, whose subtitle names a one-branch book). */
  cover: { subtitle: string | null } | null;
  /**
   * The part opens its branch with a divider listing the whole class and its class panel (every
   * student's small portrait); null when it goes on with the branch of the part before.
   */
  divider: { classList: string[]; panel: PanelEntry[] } | null;
  /**
   * The index closes this part: every student of the book, with every page each appears on in
   * earlier parts (own pages, class panel, event pages where tagged).
   */
  index: { entries: IndexEntry[]; knownPages: Record<string, number[]> } | null;
}

/** Print geometry: A4 trim with 3 mm bleed on every side. */
export const TRIM_MM = { width: 210, height: 297 };
/**
 * Margins inside the trim: the binding edge (inside) takes more, so that nothing disappears into
 * the fold; the modern template's colour band runs down the outside edge, and its margin makes room.
 */
export const MARGINS_MM = { top: 24, bottom: 20, inside: 22, outside: 16, outsideBanded: 26 };
export const BLEED_MM = 3;
export const MEDIA_MM = { width: TRIM_MM.width + 2 * BLEED_MM, height: TRIM_MM.height + 2 * BLEED_MM };

/** The printed size of a portrait by photo shape, and the resolution images are prepared at. */
export const PORTRAIT_MM: Record<DesignSettings['photoShape'], { width: number; height: number }> = {
  square: { width: 62, height: 62 },
  rounded: { width: 60, height: 80 },
  circle: { width: 64, height: 64 },
};
/** The height the layout gives the school's logo on the cover (its width follows the logo's proportions). */
export const LOGO_HEIGHT_MM = 28;
/** The studio's logo on the back cover is smaller (cover.ts draws both at these heights). */
export const STUDIO_LOGO_HEIGHT_MM = 12;
/** Space between the portraits of a class panel. */
export const PANEL_GUTTER_MM = 4;

/**
 * The largest a portrait prints on the class panel (its cell at the design's columns; a large class
 * prints smaller to fit the page), the size its small copy is prepared at.
 */
export function panelFrameMm(design: DesignSettings): { width: number; height: number } {
  const text = TRIM_MM.width - MARGINS_MM.inside - (design.template === 'modern' ? MARGINS_MM.outsideBanded : MARGINS_MM.outside);
  const width = (text - (design.panelColumns - 1) * PANEL_GUTTER_MM) / design.panelColumns;
  const { width: w, height: h } = PORTRAIT_MM[design.photoShape];
  return { width: Math.floor(width * 10) / 10, height: Math.floor(((width * h) / w) * 10) / 10 };
}

/** Space between the photos of an event page, the room under each for its caption, and above them for the album's name. */
export const EVENT_GUTTER_MM = 5;
export const EVENT_CAPTION_MM = 9;
export const EVENT_TITLE_MM = 22;
/** Columns and rows of each event page layout. */
const EVENT_GRID = { 1: [1, 1], 2: [1, 2], 3: [1, 3], 4: [2, 2], 6: [2, 3] } as const;

/** The frame one photo fills on an event page of this layout (what it is cut and checked for at 300 ppi). */
export function eventFrameMm(design: DesignSettings, layout: BookEventPage['layout']): { width: number; height: number; columns: number; rows: number } {
  const [columns, rows] = EVENT_GRID[layout];
  const width = TRIM_MM.width - MARGINS_MM.inside - (design.template === 'modern' ? MARGINS_MM.outsideBanded : MARGINS_MM.outside);
  const height = TRIM_MM.height - MARGINS_MM.top - MARGINS_MM.bottom - EVENT_TITLE_MM;
  const floor = (mm: number) => Math.floor(mm * 10) / 10;
  return {
    width: floor((width - (columns - 1) * EVENT_GUTTER_MM) / columns),
    height: floor((height - (rows - 1) * EVENT_GUTTER_MM) / rows - EVENT_CAPTION_MM),
    columns,
    rows,
  };
}

/** Printers ask for 300 ppi at the printed size; a little more leaves room for trimming. */
export const TARGET_PPI = 330;
export const MIN_PPI = 300;
