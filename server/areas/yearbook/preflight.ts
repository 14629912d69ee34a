/**
 * The check a book gets before it goes to print, made by the job from what it placed: each
 * image's resolution at its printed size, students printed without a portrait, students printed
 * without their photo or text for want of the parent's consent (and why), texts with characters
 * the fonts lack, texts the layout could not set at all, and a printing condition chosen without
 * its profile. Errors stop the
 * final mark (unless the studio overrides them with a reason), warnings are for reading.
 */
import { DEFAULT_DESIGN, type PrintCondition } from '../../../common/schemas/design';
import type { Preflight, PreflightEntry } from '../../../common/schemas/yearbook';
import { tr } from '../../../common/tr';
import type { FoundSubstitution, UnplacedItem } from '../../typesetting/items';
import type { ConsentGap, EventLeftOut } from './content';
import { MIN_PPI } from '../../typesetting/model';

/**
 * Below this a photo prints visibly soft: 200 ppi is the floor print shops commonly accept for
 * photos (300 ppi being the target), so it is an error here, and 200–299 a warning.
 */
const ERROR_PPI = 200;
const MM_PER_INCH = 25.4;

/** An image as the book placed it: what it is, its resolution, and where. */
export interface PlacedImage {
  use: 'portrait' | 'cover' | 'logo' | 'panel' | 'event';
  ppi: number;
  /** The page it is on; for a student's portrait, null means "the student's first page". */
  page: number | null;
  student?: { id: number; name: string };
  /** What staff call an image that is not a student's (the cover, the school's or the studio's logo). */
  label?: string;
}

/** A student of the book: whether a portrait was printed. */
export interface CheckedStudent {
  id: number;
  name: string;
  portrait: boolean;
}

export interface PreflightInput {
  students: CheckedStudent[];
  /** Student id → the page their pages begin on. */
  studentPages: Record<string, number>;
  /** The book's students printed without their photo or text for want of consent. */
  consentGaps: ConsentGap[];
  images: PlacedImage[];
  substitutions: FoundSubstitution[];
  /** Texts the layout could not set: left out of the book, or a stand-in printed. */
  unplaced: UnplacedItem[];
  /** Names too long for their cell on the class panel even at the smallest size: printed cut. */
  cutNames: CutName[];
  /** Event photos kept out of the book for a tagged student's refused photo consent. */
  eventLeftOut?: EventLeftOut[];
  /** The printing condition chosen whose profile the studio has not uploaded: the files were made for the default instead. */
  missingProfile?: PrintCondition;
}

/** A student's name cut at its cell's edge on the class panel's page. */
export interface CutName {
  studentId: number;
  name: string;
  page: number;
}

/** The resolution of `pixels` printed `mm` long. */
export const ppiAt = (pixels: number, mm: number) => Math.floor(pixels / (mm / MM_PER_INCH) + 1e-6);

/** The pixel size of a PNG, from its header (the logo is always stored and prepared as PNG); null for anything else. */
export function pngSize(png: Uint8Array): { width: number; height: number } | null {
  const signature = [0x89, 0x50, 0x4e, 0x47];
  if (png.length < 24 || signature.some((byte, i) => png[i] !== byte)) return null;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

const p = tr.yearbook.preflight;
const c = tr.consent.preflight;

export function preflight(input: PreflightInput): Preflight {
  const errors: PreflightEntry[] = [];
  const warnings: PreflightEntry[] = [];
  const pageOf = (studentId: number) => input.studentPages[String(studentId)] ?? null;
  const gaps = new Map(input.consentGaps.map((gap) => [gap.id, gap]));

  for (const image of input.images) {
    if (image.ppi >= MIN_PPI) continue;
    const entry: PreflightEntry = {
      page: image.page ?? (image.student ? pageOf(image.student.id) : null),
      // A student printed without a name is named to staff as they know them.
      item: (image.student && gaps.get(image.student.id)?.name) ?? image.student?.name ?? image.label ?? (image.use === 'cover' ? p.cover : p.logo),
      ...(image.student ? { studentId: image.student.id } : {}),
      code: 'image-resolution',
      message: image.ppi < ERROR_PPI ? p.tooLowResolution(image.ppi) : p.lowResolution(image.ppi),
    };
    (image.ppi < ERROR_PPI ? errors : warnings).push(entry);
  }
  for (const s of input.students) {
    const gap = gaps.get(s.id);
    const about = { page: pageOf(s.id), item: gap?.name ?? s.name, studentId: s.id };
    // Without consent the frame is empty by the parent's answer, whether or not a photo exists.
    if (gap && gap.photo !== 'yes') warnings.push({ ...about, code: 'no-consent', message: gap.photo === 'no' ? c.refused : c.noAnswer });
    else if (!s.portrait) warnings.push({ ...about, code: 'no-portrait', message: p.noPortrait });
    if (gap && gap.text !== 'yes') warnings.push({ ...about, code: 'no-text-consent', message: gap.text === 'no' ? c.textRefused : c.noTextAnswer });
  }
  // A refusal keeps the photo out; the page is the student's own, where staff find them.
  for (const out of input.eventLeftOut ?? [])
    warnings.push({ page: pageOf(out.studentId), item: out.name, studentId: out.studentId, code: 'event-photo-consent', message: c.eventRefused(out.photo) });
  // A text found on a student's page points there; the book's own texts are on no page.
  const where = (found: { item: string; studentId?: number }) => ({
    page: found.studentId === undefined ? null : pageOf(found.studentId),
    item: found.item,
    ...(found.studentId === undefined ? {} : { studentId: found.studentId }),
  });
  for (const found of input.substitutions) warnings.push({ ...where(found), code: 'missing-glyphs', message: p.missingGlyphs(found.characters.join(' ')) });
  // A text missing from the book (or a name printed as a stand-in) is an error: the book is not what was written.
  for (const found of input.unplaced)
    errors.push({ ...where(found), code: 'unplaced-text', message: found.shown === null ? p.unplacedLeftOut : p.unplacedReplaced(found.shown) });
  for (const cut of input.cutNames)
    errors.push({ page: cut.page, item: tr.yearbook.item.panelName(cut.name), studentId: cut.studentId, code: 'unplaced-text', message: p.nameCut });
  // Made for another condition than the chosen one, the files are not what the printer expects: an error, never a quiet fallback.
  if (input.missingProfile)
    errors.push({
      page: null,
      item: p.printCondition(tr.design.printConditions[input.missingProfile]),
      code: 'print-profile',
      message: p.printProfileMissing(tr.design.printConditions[DEFAULT_DESIGN.printCondition]),
    });
  // In the book's order; what is on no page comes last.
  const byPage = (a: PreflightEntry, b: PreflightEntry) => (a.page ?? Number.MAX_SAFE_INTEGER) - (b.page ?? Number.MAX_SAFE_INTEGER);
  return { errors: errors.sort(byPage), warnings: warnings.sort(byPage) };
}
