/**
 * Reading a produced PDF the way a printer's preflight would: page boxes, the document info and
 * the output intents with their profiles (pdf-lib), the fonts it embeds, each page's text and the
 * resolution of every image as placed on the page (pdf.js).
 */
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFRef, PDFString } from 'pdf-lib';

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
  /**
   * The colour space of every image the pages draw (soft masks left out): "ICCBased" for one
   * tagged with its profile, else the device space ("DeviceRGB", …) it would be printed in as is.
   */
  imageColourSpaces: string[];
  /** The document info's entries: text as text, names without their slash ("Trapped" → "False"). */
  info: Record<string, string>;
  /** The catalog's output intents, each with what its profile's header says. */
  outputIntents: OutputIntent[];
}

interface OutputIntent {
  /** "GTS_PDFX" for a print file, "GTS_PDFA1" for PDF/A's. */
  subtype: string;
  /** The printing condition, e.g. "FOGRA39". */
  condition: string;
  /** The profile's device class and colour space ("prtr", "CMYK"), from its header; null without one. */
  profile: { deviceClass: string; colourSpace: string } | null;
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

/** A string, hex string or name as text. */
function textOf(value: unknown): string {
  if (value instanceof PDFString || value instanceof PDFHexString) return value.decodeText();
  if (value instanceof PDFName) return value.decodeText();
  return String(value);
}

function infoOf(doc: PDFDocument): Record<string, string> {
  const info = doc.context.lookup(doc.context.trailerInfo.Info);
  if (!(info instanceof PDFDict)) return {};
  return Object.fromEntries(info.entries().map(([key, value]) => [key.decodeText(), textOf(value)]));
}

function imageColourSpacesOf(doc: PDFDocument): string[] {
  const images: PDFRawStream[] = [];
  const masks = new Set<unknown>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.get(PDFName.of('Subtype'))?.toString() !== '/Image') continue;
    images.push(object);
    const mask = object.dict.get(PDFName.of('SMask'));
    if (mask) masks.add(doc.context.lookup(mask));
  }
  return images
    .filter((image) => !masks.has(image))
    .map((image) => {
      const space = doc.context.lookup(image.dict.get(PDFName.of('ColorSpace')));
      const family = space instanceof PDFArray ? space.get(0) : space;
      return family instanceof PDFName ? family.decodeText() : String(family);
    });
}

function outputIntentsOf(doc: PDFDocument): OutputIntent[] {
  const intents = doc.catalog.lookupMaybe(PDFName.of('OutputIntents'), PDFArray);
  return (intents?.asArray() ?? []).map((ref) => {
    const intent = doc.context.lookup(ref, PDFDict);
    const stream = intent.lookup(PDFName.of('DestOutputProfile'));
    // An ICC profile's header: the device class at byte 12, the colour space at 16 (ICC.1 7.2).
    const header = stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()) : null;
    return {
      subtype: textOf(intent.get(PDFName.of('S'))),
      condition: textOf(intent.get(PDFName.of('OutputConditionIdentifier'))),
      profile: header && { deviceClass: header.toString('latin1', 12, 16), colourSpace: header.toString('latin1', 16, 20).trim() },
    };
  });
}

/** Each output intent's identifier, registry and info, and its profile's bytes as embedded (decompressed). */
export async function outputProfiles(pdf: Uint8Array): Promise<Array<{ condition: string; registry: string; info: string; bytes: Buffer | null }>> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const intents = doc.catalog.lookupMaybe(PDFName.of('OutputIntents'), PDFArray);
  return (intents?.asArray() ?? []).map((ref) => {
    const intent = doc.context.lookup(ref, PDFDict);
    const stream = intent.lookup(PDFName.of('DestOutputProfile'));
    return {
      condition: textOf(intent.get(PDFName.of('OutputConditionIdentifier'))),
      registry: textOf(intent.get(PDFName.of('RegistryName'))),
      info: textOf(intent.get(PDFName.of('Info'))),
      bytes: stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()) : null,
    };
  });
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
  return {
    pages: doc.getPageCount(),
    boxes,
    embeddedFonts: fonts.embedded,
    missingFonts: fonts.missing,
    text,
    images,
    imageColourSpaces: imageColourSpacesOf(doc),
    info: infoOf(doc),
    outputIntents: outputIntentsOf(doc),
  };
}

/** The link targets of a PDF's annotations (a QR code's link, say), page by page. */
export async function pdfLinks(pdf: Buffer): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  const found: string[] = [];
  for (const page of doc.getPages()) {
    const annots = page.node.lookup(PDFName.of('Annots'), PDFArray);
    for (let i = 0; i < annots.size(); i++) {
      const uri = annots.lookup(i, PDFDict).lookup(PDFName.of('A'), PDFDict).lookup(PDFName.of('URI'));
      found.push(uri instanceof PDFString ? uri.decodeText() : String(uri));
    }
  }
  return found;
}
