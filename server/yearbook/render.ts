/**
 * Turning a book model into the printer's PDF with Typst: the layout and the data go into the
 * compiler's memory (no files, no network), the fonts of the design's pair are the only fonts
 * it knows, and the result is PDF/A-2b (its output intent is sRGB). pdf-lib then marks the trim
 * and bleed boxes, which Typst does not write. Synchronous and CPU-bound: run it in a worker.
 */
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';
import { PDFDocument, PDFName } from 'pdf-lib';
import { tr } from '../../common/tr';
import { fontBlobs, FONT_PAIRS } from './fonts';
import { LAYOUT } from './layout';
import { BLEED_MM, MEDIA_MM, PORTRAIT_MM, type BookModel } from './model';

const MM = 72 / 25.4;

class BookLayoutError extends Error {}

/** The data the layout reads: the model plus what the layout needs to know about the page. */
function bookJson(model: BookModel): string {
  const { heading, body } = FONT_PAIRS[model.design.fontPair];
  const students = model.branches.flatMap((b) => b.students);
  const index = [...students].sort((a, b) => (a.indexKey < b.indexKey ? -1 : a.indexKey > b.indexKey ? 1 : a.id - b.id));
  const [onlyBranch, anotherBranch] = model.branches;
  return JSON.stringify({
    ...model,
    subtitle: onlyBranch && !anotherBranch ? onlyBranch.name : null,
    branches: model.branches.map((b) => ({ ...b, students: b.students.map(withInitials) })),
    index: index.map((s) => ({ id: s.id, name: s.indexName })),
    fonts: { heading: heading.family, body: body.family },
    mediaMm: MEDIA_MM,
    bleedMm: BLEED_MM,
    portraitMm: PORTRAIT_MM[model.design.photoShape],
    texts: tr.yearbook.book,
  });
}

const withInitials = <T extends { name: string }>(s: T) => ({
  ...s,
  initials: s.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w.charAt(0).toLocaleUpperCase('tr'))
    .join(''),
});

/** The PDF of the book; `images` holds every "/img/…" path the model names. */
export async function renderBook(model: BookModel, images: Map<string, Buffer>): Promise<{ pdf: Buffer; pages: number }> {
  const compiler = NodeCompiler.create({ workspace: '/', fontArgs: [{ fontBlobs: fontBlobs(model.design.fontPair) }] });
  for (const [path, bytes] of images) compiler.mapShadow(path, bytes);
  compiler.mapShadow('/book.json', Buffer.from(bookJson(model)));
  compiler.addSource('/book.typ', LAYOUT);
  const compiled = compiler.compile({ mainFilePath: '/book.typ' });
  const document = compiled.result;
  const error = compiled.takeDiagnostics();
  if (!document) throw new BookLayoutError(JSON.stringify(error ? compiler.fetchDiagnostics(error) : 'no document'));
  const raw = compiler.pdf(document, { pdfStandard: 'a-2b' });
  compiler.evictCache(0);
  return { pdf: await markPrintBoxes(raw), pages: document.numOfPages };
}

/** Every page's trim box 3 mm inside the media box, and its bleed box the whole page. */
async function markPrintBoxes(raw: Buffer): Promise<Buffer> {
  const pdf = await PDFDocument.load(raw, { updateMetadata: false });
  const bleed = BLEED_MM * MM;
  for (const page of pdf.getPages()) {
    const { width, height } = page.getMediaBox();
    page.setTrimBox(bleed, bleed, width - 2 * bleed, height - 2 * bleed);
    page.setBleedBox(0, 0, width, height);
  }
  // The document claims no PDF/A conformance it may have lost in the rewrite.
  pdf.catalog.delete(PDFName.of('Metadata'));
  return Buffer.from(await pdf.save({ useObjectStreams: true }));
}
