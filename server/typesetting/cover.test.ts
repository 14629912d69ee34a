/**
 * The cover on its own, read back as a printer would: one wraparound sheet whose width is both
 * panels, their bleed and the spine the interior's leaves make (and a hardcover's turn-in and
 * joints), with the trim and bleed boxes set, spine text only where a spine can hold it, and the
 * front image at print resolution.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN, type DesignSettings } from '../../common/schemas/design';
import { inspectPdf } from '../test/pdf';
import { bookWriter, pdfPiece } from './assemble';
import { coverGeometry, frontImageMm, layoutCover, type CoverModel } from './cover';
import { imageForPrint } from './images';
import { MIN_PPI } from './model';

const MM = 72 / 25.4;
const SPINE_TEXT = 'Işıklar Fen Lisesi · 2025-2026';

/** The cover's file as the job writes it: laid out, then through the book writer. */
async function coverPdf(design: Partial<DesignSettings>, pages: number, images = new Map<string, Buffer>(), cover: string | null = null) {
  const settings = { ...DEFAULT_DESIGN, ...design };
  const geometry = coverGeometry(settings, pages);
  const model: CoverModel = {
    title: 'Işıklar Fen Lisesi · Kapak',
    draft: false,
    design: settings,
    school: { name: 'Işıklar Fen Lisesi', academicYear: '2025-2026', logo: null },
    studio: { name: 'Objektif Fotoğraf', logo: null },
    cover,
    subtitle: '12/İ',
    geometry,
  };
  const chunks: Uint8Array[] = [];
  const writer = bookWriter(async (chunk) => void chunks.push(chunk));
  await writer.append(await pdfPiece(layoutCover(model, images), writer.nextObject));
  await writer.finish(model.title);
  return { geometry, report: await inspectPdf(Buffer.concat(chunks)) };
}

/** One page whose media box is `width` × `height` mm, trim 3 mm inside it all round, bleed the whole sheet. */
function expectSheet(report: Awaited<ReturnType<typeof inspectPdf>>, width: number, height: number) {
  expect(report.pages).toBe(1);
  const [{ media, trim, bleed }] = report.boxes as [(typeof report.boxes)[number]];
  expect(media.width).toBeCloseTo(width * MM, 1);
  expect(media.height).toBeCloseTo(height * MM, 1);
  expect(trim).toMatchObject({ x: expect.closeTo(3 * MM, 1), y: expect.closeTo(3 * MM, 1) });
  expect(trim.width).toBeCloseTo((width - 6) * MM, 1);
  expect(trim.height).toBeCloseTo((height - 6) * MM, 1);
  expect(bleed.width).toBeCloseTo(media.width, 1);
  expect(bleed.height).toBeCloseTo(media.height, 1);
}

describe('the cover', () => {
  it('is one softcover sheet: 2 × (trim + bleed) + a spine of half the pages × the paper’s caliper, with its title on the spine', async () => {
    // 120 pages are 60 leaves of 130 g/m² coated (117 µm): a 7.0 mm spine.
    const { geometry, report } = await coverPdf({ binding: 'softcover', paper: 'coated-130' }, 120);
    expect(geometry.spineMm).toBe(7);
    expectSheet(report, 2 * (210 + 3) + 7, 297 + 2 * 3);
    const text = report.text[0]!;
    expect(text).toContain(SPINE_TEXT);
    // The front and the back name the school and the year; the back the studio.
    expect(text).toContain('Mezuniyet Yıllığı · 2025-2026');
    expect(text).toContain('12/İ');
    expect(text).toContain('Objektif Fotoğraf');
    expect(report.missingFonts).toEqual([]);
  });

  it('prints nothing on a spine too thin to hold a line', async () => {
    // 40 pages of 115 g/m² coated (104 µm): 20 leaves, a 2.1 mm spine.
    const { geometry, report } = await coverPdf({ binding: 'softcover', paper: 'coated-115' }, 40);
    expect(geometry.spineMm).toBe(2.1);
    expectSheet(report, 2 * (210 + 3) + 2.1, 303);
    expect(report.text[0]).toContain('Işıklar Fen Lisesi');
    expect(report.text[0]).not.toContain(SPINE_TEXT);
  });

  it('wraps a hardcover’s boards: turn-in and joints beside each board, the spine as thick as the block and both boards', async () => {
    // 200 pages of 90 g/m² uncoated (113 µm): an 11.3 mm block, 15.3 mm with two 2 mm boards.
    const { geometry, report } = await coverPdf({ binding: 'hardcover', paper: 'uncoated-90' }, 200);
    expect(geometry.spineMm).toBe(15.3);
    // Each side: bleed 3, turn-in 15, board 206.5 (3.5 narrower than the page), joint 10; boards 3 mm over head and foot.
    expectSheet(report, 2 * (3 + 15 + 206.5 + 10) + 15.3, 2 * (3 + 15) + 297 + 2 * 3);
    expect(report.text[0]).toContain(SPINE_TEXT);
  });

  it('places a large front image at print resolution', async () => {
    const geometry = coverGeometry(DEFAULT_DESIGN, 120);
    const original = await sharp({ create: { width: 3600, height: 5000, channels: 3, background: '#4a6b8a' } })
      .jpeg()
      .toBuffer();
    const prepared = await imageForPrint(original, frontImageMm(geometry));
    const { report } = await coverPdf({}, 120, new Map([['/img/cover.jpg', prepared.jpeg]]), '/img/cover.jpg');
    expect(report.images).toHaveLength(1);
    expect(report.images[0]!.ppi).toBeGreaterThanOrEqual(MIN_PPI);
  });
});
