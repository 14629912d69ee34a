/**
 * The book's cover as the printer binds it: one wraparound sheet, back cover, spine and front
 * cover side by side, with bleed round it; a hardcover's sheet also wraps round the boards. The
 * spine is as thick as the interior's leaves (and a hardcover's boards). Laid out with Typst like
 * the interior (./typst.ts), on a page of its own size; the printer's boxes are set by
 * assemble.ts, the trim being the whole sheet less the bleed. Synchronous and CPU-bound: run it
 * in a worker.
 */
import { PAPER_CALIPER_UM, type DesignSettings } from '../../common/schemas/design';
import { tr } from '../../common/tr';
import { FALLBACK_FACES, FONT_PAIRS } from './fonts';
import { BLEED_MM, LOGO_HEIGHT_MM, STUDIO_LOGO_HEIGHT_MM, TRIM_MM } from './model';
import { printable } from './printable';
import { compileTypst } from './typst';

/**
 * A case-bound cover's figures, as case makers publish them for their wraps (a worked example:
 * boards 3 mm over the block at head and foot, about 3.5 mm narrower than the page, 10 mm joints,
 * 17 mm turn-in; PrintNinja's hardcover set-up guide gives a similar 4 mm and 7 mm), rounded to
 * what most binderies accept: the sheet turns 15 mm in round 2 mm greyboard.
 */
const HARDCOVER = {
  /** Board over the block at head and foot. */
  squareMm: 3,
  /** Board narrower than the page: it sits a joint away from the spine. */
  boardNarrowerMm: 3.5,
  /** The joint (hinge) between a board and the spine board, where the cover bends. */
  hingeMm: 10,
  /** Sheet turned in round the boards' edges and glued inside. */
  wrapMm: 15,
  /** Greyboard thickness: the spine board is the block plus both boards. */
  boardMm: 2,
};

/** Below this the spine holds no legible line, and nothing is printed on it. */
const SPINE_TEXT_MIN_MM = 6;

export interface CoverGeometry {
  binding: DesignSettings['binding'];
  /** The whole sheet, bleed included (the media box). */
  mediaMm: { width: number; height: number };
  bleedMm: number;
  /** The turn-in round the boards (0 for a softcover). */
  wrapMm: number;
  /** The joint beside the spine (0 for a softcover). */
  hingeMm: number;
  /** The front (and back) as the reader sees it: the trim, or a hardcover's board. */
  panelMm: { width: number; height: number };
  spineMm: number;
}

const round = (mm: number) => Math.round(mm * 10) / 10;

/** The sheet's layout for a book of `pages` interior pages on the design's paper and binding. */
export function coverGeometry(design: Pick<DesignSettings, 'binding' | 'paper'>, pages: number): CoverGeometry {
  // A leaf is two pages; an odd count still binds a whole leaf.
  const block = (Math.ceil(pages / 2) * PAPER_CALIPER_UM[design.paper]) / 1000;
  const hard = design.binding === 'hardcover';
  const wrapMm = hard ? HARDCOVER.wrapMm : 0;
  const hingeMm = hard ? HARDCOVER.hingeMm : 0;
  const panelMm = hard
    ? { width: TRIM_MM.width - HARDCOVER.boardNarrowerMm, height: TRIM_MM.height + 2 * HARDCOVER.squareMm }
    : { width: TRIM_MM.width, height: TRIM_MM.height };
  const spineMm = round(hard ? block + 2 * HARDCOVER.boardMm : block);
  const edge = BLEED_MM + wrapMm;
  return {
    binding: design.binding,
    mediaMm: { width: round(2 * (edge + panelMm.width + hingeMm) + spineMm), height: round(2 * edge + panelMm.height) },
    bleedMm: BLEED_MM,
    wrapMm,
    hingeMm,
    panelMm,
    spineMm,
  };
}

/** The front's background image fills the sheet from the spine to the bleed edge: its printed size. */
export function frontImageMm(geometry: CoverGeometry): { width: number; height: number } {
  return { width: round(geometry.mediaMm.width / 2 - geometry.spineMm / 2), height: geometry.mediaMm.height };
}

/** What the cover shows. Images are "/img/…" paths filled in beside it. */
export interface CoverModel {
  title: string;
  draft: boolean;
  design: DesignSettings;
  school: { name: string; academicYear: string; logo: string | null };
  studio: { name: string; logo: string | null };
  /** The design's cover image, or null for the primary colour. */
  cover: string | null;
  /** A one-branch book names its branch under the school. */
  subtitle: string | null;
  geometry: CoverGeometry;
}

const COVER_LAYOUT = String.raw`
#let data = json("/cover.json")
#let d = data.design
#let g = data.geometry
#let t = data.texts
#let primary = rgb(d.primaryColor)
#let greek = (name: "Inter", covers: regex("\\p{Greek}"))
#let headingFont = (greek, data.fonts.heading, ..data.fonts.fallback)
#let bodyFont = (greek, data.fonts.body, ..data.fonts.fallback)

// Left to right: back panel, joint, spine, joint, front panel; bleed and turn-in round them.
#let edge = (g.bleedMm + g.wrapMm) * 1mm
#let panelW = g.panelMm.width * 1mm
#let panelH = g.panelMm.height * 1mm
#let spineX = edge + panelW + g.hingeMm * 1mm
#let spineW = g.spineMm * 1mm
#let frontX = spineX + spineW + g.hingeMm * 1mm

#set document(title: data.title)
// Black text prints on the K plate alone, as on the interior.
#set text(font: bodyFont, lang: "tr", region: "TR", fill: cmyk(0%, 0%, 0%, 100%))
#set page(width: g.mediaMm.width * 1mm, height: g.mediaMm.height * 1mm, margin: 0pt, fill: primary)

// The front's image runs from the spine to the bleed edge; the back and the spine keep the colour.
#if data.cover != none {
  place(top + left, dx: spineX + spineW, image(data.cover, width: g.mediaMm.width * 1mm - spineX - spineW, height: 100%, fit: "cover"))
}
#place(top + left, dx: spineX, rect(width: spineW, height: 100%, fill: primary.darken(20%)))

#place(top + left, dx: frontX, dy: edge, block(width: panelW, height: panelH, align(center + horizon,
  block(width: panelW - 50mm, inset: 12mm, radius: 4mm, fill: white.transparentize(12%))[
    #set align(center)
    #if data.school.logo != none { block(below: 6mm, image(data.school.logo, height: data.logoHeightMm * 1mm)) }
    #text(font: headingFont, size: 30pt, weight: "bold", fill: primary, data.school.name)
    #v(3mm)
    #text(font: headingFont, size: 15pt, [#t.yearbook · #data.school.academicYear])
    #if data.subtitle != none { v(2mm); text(size: 13pt, data.subtitle) }
  ])))

#place(top + left, dx: edge, dy: edge, block(width: panelW, height: panelH, inset: (x: 20mm, bottom: 22mm), align(center + bottom, {
  set text(fill: white)
  if data.studio.logo != none { block(below: 4mm, image(data.studio.logo, height: data.studioLogoHeightMm * 1mm)) }
  text(font: headingFont, size: 11pt, weight: "bold", data.school.name)
  linebreak()
  text(size: 9pt, [#data.school.academicYear · #data.studio.name])
})))

// Spine titles read top to bottom (ISO 6357), in a size the spine's width holds.
#if data.spineText != none {
  place(top + left, dx: spineX, dy: edge, block(width: spineW, height: panelH, align(center + horizon,
    rotate(90deg, reflow: true, text(font: headingFont, size: data.spineTextPt * 1pt, weight: "bold", fill: white, data.spineText)))))
}

#if data.draft {
  place(top + left, dx: frontX, dy: edge, block(width: panelW, height: panelH, align(center + horizon,
    rotate(-40deg, text(font: headingFont, size: 110pt, weight: "bold", fill: rgb(200, 30, 30, 40), t.draft)))))
}
`;

class CoverLayoutError extends Error {}

/** The data the layout reads; every string through printable(), as the interior's. */
function coverJson(model: CoverModel): string {
  const { heading, body } = FONT_PAIRS[model.design.fontPair];
  const spine = model.geometry.spineMm;
  const spineText = spine >= SPINE_TEXT_MIN_MM ? `${model.school.name} · ${model.school.academicYear}` : null;
  return JSON.stringify(
    {
      ...model,
      spineText,
      // The sizes the preflight reckons the logos' resolution at.
      logoHeightMm: LOGO_HEIGHT_MM,
      studioLogoHeightMm: STUDIO_LOGO_HEIGHT_MM,
      // About 40 % of the spine's width as the type's size (its capitals then take under a third), 6 to 12 pt.
      spineTextPt: Math.min(12, Math.max(6, Math.round(spine * 1.15 * 10) / 10)),
      fonts: { heading: heading.family, body: body.family, fallback: FALLBACK_FACES.map((face) => face.family) },
      texts: tr.yearbook.book,
    },
    (_key, value: unknown) => (typeof value === 'string' ? printable(value).text : value),
  );
}

/** The cover's PDF (one page); `images` holds every "/img/…" path the model names. */
export function layoutCover(model: CoverModel, images: Map<string, Buffer>): Buffer {
  const input = {
    fontPair: model.design.fontPair,
    main: { path: '/cover.typ', source: COVER_LAYOUT },
    files: [...images, ['/cover.json', Buffer.from(coverJson(model))] as const],
    failure: (diagnostics: string) => new CoverLayoutError(diagnostics),
  };
  return compileTypst(input, (compiler, document) => compiler.pdf(document, { pdfStandard: '1.6', pdfTags: false }));
}
