/**
 * One PDF from the book's parts, written as it goes: a school's book is laid out a branch at a
 * time, and holding every part (or the whole file) in memory at once is what a long book cannot
 * afford. Each part's objects are renumbered into the final file's numbering (in the worker that
 * laid the part out), its pages get the printer's boxes and hang under the book's one page tree;
 * the writer appends the pieces to a file and ends it with the catalog, the info and the xref.
 */
import { randomBytes } from 'node:crypto';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNull, PDFRef, PDFStream, type PDFObject } from 'pdf-lib';
import { BLEED_MM } from './model';

const MM = 72 / 25.4;
/** The objects the writer itself adds: the catalog, the page tree and the document info. */
const CATALOG = 1;
const PAGE_TREE = 2;
const INFO = 3;
export const FIRST_PART_OBJECT = 4;

/** A part's objects, numbered from `firstObject` on, ready to be appended to the book's file. */
interface PdfPiece {
  bytes: Uint8Array;
  /** Where each object starts in `bytes`, in object number order from `firstObject`. */
  offsets: number[];
  firstObject: number;
  /** The part's pages, in order. */
  pages: number[];
  /** The part's output intents (the sRGB profile), for the catalog. */
  outputIntents: number[];
}

/** Pages, intents and every object they reach, in the order they are first met. */
function reachable(doc: PDFDocument, roots: PDFRef[]): PDFRef[] {
  const seen = new Set<PDFRef>();
  const order: PDFRef[] = [];
  const pending: PDFObject[] = [...roots];
  for (let item = pending.pop(); item; item = pending.pop()) {
    if (item instanceof PDFRef) {
      if (seen.has(item)) continue;
      seen.add(item);
      const target = doc.context.lookup(item);
      if (!target) continue; // a reference to nothing becomes null below
      order.push(item);
      pending.push(target);
    } else if (item instanceof PDFDict) pending.push(...item.values());
    else if (item instanceof PDFArray) pending.push(...item.asArray());
    else if (item instanceof PDFStream) pending.push(item.dict);
  }
  return order;
}

/** The same object with its references to other objects renumbered (changed in place). */
function renumber(item: PDFObject, number: Map<PDFRef, PDFRef>): PDFObject {
  if (item instanceof PDFRef) return number.get(item) ?? PDFNull;
  if (item instanceof PDFDict) for (const [key, value] of item.entries()) item.set(key, renumber(value, number));
  else if (item instanceof PDFArray) for (let i = 0; i < item.size(); i++) item.set(i, renumber(item.get(i), number));
  else if (item instanceof PDFStream) renumber(item.dict, number);
  return item;
}

/**
 * A part's PDF (as Typst wrote it) as a piece of the book: its objects from `firstObject` on,
 * each page with the trim box 3 mm inside the media box and the bleed box the whole page.
 * The part's catalog, page tree and metadata stay behind; the book writes its own.
 */
export async function pdfPiece(raw: Uint8Array, firstObject: number): Promise<PdfPiece> {
  const doc = await PDFDocument.load(raw, { updateMetadata: false });
  const bleed = BLEED_MM * MM;
  const pages = doc.getPages();
  for (const page of pages) {
    // Attributes a page may inherit from the part's page tree move onto the page itself.
    for (const key of ['Resources', 'MediaBox', 'CropBox', 'Rotate'].map((name) => PDFName.of(name))) {
      const inherited = page.node.getInheritableAttribute(key);
      if (inherited && !page.node.get(key)) page.node.set(key, inherited);
    }
    const { width, height } = page.getMediaBox();
    page.setTrimBox(bleed, bleed, width - 2 * bleed, height - 2 * bleed);
    page.setBleedBox(0, 0, width, height);
    // The part's page tree stays behind; the page hangs under the book's (set once renumbered).
    page.node.delete(PDFName.of('Parent'));
  }
  const intents = doc.catalog.lookupMaybe(PDFName.of('OutputIntents'), PDFArray);
  const intentRefs = (intents?.asArray() ?? []).filter((item): item is PDFRef => item instanceof PDFRef);
  const pageRefs = pages.map((page) => page.ref);
  const order = reachable(doc, [...intentRefs, ...[...pageRefs].reverse()]);
  const number = new Map(order.map((ref, i) => [ref, PDFRef.of(firstObject + i)]));
  const objects = order.map((ref) => renumber(doc.context.lookup(ref)!, number));
  for (const page of pages) page.node.set(PDFName.of('Parent'), PDFRef.of(PAGE_TREE));

  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  let size = 0;
  for (const [i, object] of objects.entries()) {
    const head = Buffer.from(`${firstObject + i} 0 obj\n`, 'latin1');
    const body = Buffer.alloc(object.sizeInBytes());
    object.copyBytesInto(body, 0);
    const tail = Buffer.from('\nendobj\n', 'latin1');
    offsets.push(size);
    chunks.push(head, body, tail);
    size += head.length + body.length + tail.length;
  }
  const at = (ref: PDFRef) => number.get(ref)!.objectNumber;
  return { bytes: Buffer.concat(chunks, size), offsets, firstObject, pages: pageRefs.map(at), outputIntents: intentRefs.map(at) };
}

/**
 * Writes a book piece by piece through `write` (a file, in the job); `finish` ends the file.
 * Pieces must come in order, each numbered from the `nextObject` the writer answered before it.
 */
export function bookWriter(write: (chunk: Uint8Array) => Promise<void>) {
  // %PDF-1.7 and a comment of high bytes, so tools treat the file as binary.
  const header = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const offsets: number[] = [];
  const pages: number[] = [];
  let outputIntents: number[] | null = null;
  let position = 0;
  let started = false;
  const put = async (chunk: Uint8Array) => {
    await write(chunk);
    position += chunk.length;
  };
  const object = async (number: number, text: string) => {
    offsets[number] = position;
    await put(Buffer.from(`${number} 0 obj\n${text}\nendobj\n`, 'latin1'));
  };
  const begin = async () => {
    if (!started) await put(header);
    started = true;
  };
  return {
    get nextObject() {
      return Math.max(FIRST_PART_OBJECT, offsets.length);
    },
    async append(piece: PdfPiece) {
      await begin();
      if (piece.firstObject !== this.nextObject) throw new Error(`piece numbered from ${piece.firstObject}, expected ${this.nextObject}`);
      piece.offsets.forEach((offset, i) => (offsets[piece.firstObject + i] = position + offset));
      await put(piece.bytes);
      pages.push(...piece.pages);
      // One profile is enough: every part's is the same sRGB.
      if (!outputIntents && piece.outputIntents.length) outputIntents = piece.outputIntents;
    },
    /** Ends the file; answers its page count and size in bytes. */
    async finish(title: string): Promise<{ pages: number; bytes: number }> {
      await begin();
      const refs = (numbers: number[]) => numbers.map((n) => `${n} 0 R`).join(' ');
      const intents = outputIntents ? ` /OutputIntents [${refs(outputIntents)}]` : '';
      await object(CATALOG, `<< /Type /Catalog /Pages ${PAGE_TREE} 0 R${intents} /Lang (tr) >>`);
      await object(PAGE_TREE, `<< /Type /Pages /Count ${pages.length} /Kids [${refs(pages)}] >>`);
      await object(INFO, `<< /Title ${PDFHexString.fromText(title).toString()} /Producer (Yillik Paneli) >>`);
      const xref = position;
      const rows = ['0000000000 65535 f \n'];
      for (let n = 1; n < offsets.length; n++) rows.push(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
      const id = randomBytes(16).toString('hex');
      await put(
        Buffer.from(
          `xref\n0 ${offsets.length}\n${rows.join('')}trailer\n<< /Size ${offsets.length} /Root ${CATALOG} 0 R /Info ${INFO} 0 R /ID [<${id}> <${id}>] >>\nstartxref\n${xref}\n%%EOF\n`,
          'latin1',
        ),
      );
      return { pages: pages.length, bytes: position };
    },
  };
}
