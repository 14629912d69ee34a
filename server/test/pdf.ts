/**
 * Reading a produced PDF the way a printer's preflight would: page boxes (pdf-lib), the fonts it
 * embeds, each page's text and the resolution of every image as placed on the page (pdf.js).
 */
import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';

export interface PdfReport {
  pages: number;
  /** Per page, in points: the media box and the trim box. */
  boxes: Array<{ media: Box; trim: Box; bleed: Box }>;
  /** BaseFont names of the fonts with an embedded font program ("ABCDEF+Inter-Regular"). */
  embeddedFonts: string[];
  /** Fonts used but not embedded (a printer refuses those). */
  missingFonts: string[];
  /** Each page's text, its white space folded to single spaces. */
  text: string[];
  /** Every image drawn: the page it is on, its pixels and its pixels per inch as placed. */
  images: Array<{ page: number; width: number; height: number; ppi: number }>;
  /** The catalog names an sRGB output intent. */
  srgbOutputIntent: boolean;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function fontsOf(doc: PDFDocument) {
  const embedded = new Set<string>();
  const missing = new Set<string>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type'))?.toString() !== '/Font') continue;
    const subtype = object.get(PDFName.of('Subtype'))?.toString();
    if (subtype === '/Type0') continue; // its descendant carries the program
    const name = object.get(PDFName.of('BaseFont'))?.toString().slice(1) ?? '';
    const descriptorRef = object.get(PDFName.of('FontDescriptor'));
    const descriptor = descriptorRef instanceof PDFRef ? doc.context.lookup(descriptorRef, PDFDict) : undefined;
    const hasProgram = ['FontFile', 'FontFile2', 'FontFile3'].some((key) => descriptor?.get(PDFName.of(key)));
    (hasProgram ? embedded : missing).add(name);
  }
  return { embedded: [...embedded].sort(), missing: [...missing].sort() };
}

function hasSrgbIntent(doc: PDFDocument): boolean {
  const intents = doc.catalog.lookup(PDFName.of('OutputIntents'));
  if (!intents) return false;
  const text = intents.toString();
  if (/sRGB/i.test(text)) return true;
  // The profile's name may live only in the intent dictionary the array points to.
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFDict && object.get(PDFName.of('Type'))?.toString() === '/OutputIntent') {
      if (/sRGB/i.test(object.toString())) return true;
    }
    if (object instanceof PDFRawStream && /sRGB/i.test(object.dict.toString())) return true;
  }
  return false;
}

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

export async function inspectPdf(bytes: Buffer): Promise<PdfReport> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const box = (b: { x: number; y: number; width: number; height: number }): Box => ({ x: b.x, y: b.y, width: b.width, height: b.height });
  const boxes = doc.getPages().map((page) => ({ media: box(page.getMediaBox()), trim: box(page.getTrimBox()), bleed: box(page.getBleedBox()) }));
  const fonts = fontsOf(doc);

  const { getDocument, OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true }).promise;
  const text: string[] = [];
  const images: PdfReport['images'] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    // Lines and text runs come apart in a PDF: one space between words is what a reader sees.
    text.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
    const operators = await page.getOperatorList();
    const stack: Matrix[] = [];
    let current: Matrix = [1, 0, 0, 1, 0, 0];
    operators.fnArray.forEach((fn, i) => {
      const args = operators.argsArray[i];
      if (fn === OPS.save) stack.push(current);
      else if (fn === OPS.restore) current = stack.pop() ?? [1, 0, 0, 1, 0, 0];
      else if (fn === OPS.transform) current = multiply(current, args as Matrix);
      else if (fn === OPS.paintImageXObject) {
        const [, width, height] = args as [string, number, number];
        // An image is drawn into the unit square: the matrix gives its size on the page in points.
        const shownWidth = Math.hypot(current[0], current[1]);
        const shownHeight = Math.hypot(current[2], current[3]);
        const ppi = Math.min(width / (shownWidth / 72), height / (shownHeight / 72));
        images.push({ page: number, width, height, ppi });
      }
    });
    page.cleanup();
  }
  await pdf.destroy();
  return { pages: doc.getPageCount(), boxes, embeddedFonts: fonts.embedded, missingFonts: fonts.missing, text, images, srgbOutputIntent: hasSrgbIntent(doc) };
}
