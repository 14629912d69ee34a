/**
 * One PDF from the book's parts, written as it goes: a school's book is laid out a branch at a
 * time, and holding every part (or the whole file) in memory at once is what a long book cannot
 * afford. Each part's objects are renumbered into the final file's numbering (in the worker that
 * laid the part out), its pages get the printer's boxes and hang under the book's one page tree;
 * the writer appends the pieces to a file and ends it with what makes it a PDF/X-4 print file
 * (ISO 15930-7): the catalog with the printing condition's output intent and its CMYK profile,
 * the XMP metadata, the info (dates, /Trapped, the PDF/X version) and the xref.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNull, PDFRef, PDFStream, type PDFObject } from 'pdf-lib';
import { paths } from '../paths';
import type { PrintCondition } from '../../common/schemas/design';
import { BLEED_MM } from './model';

const MM = 72 / 25.4;
/** The objects the writer itself adds: catalog, page tree, info, XMP, output intent and its profile. */
const [CATALOG, PAGE_TREE, INFO, METADATA, OUTPUT_INTENT, PROFILE] = [1, 2, 3, 4, 5, 6];
/** The parts' objects are numbered after the writer's own. */
export const FIRST_PART_OBJECT = PROFILE + 1;

/**
 * The printing conditions a print file can be made for, each with its identifier in the ICC's
 * registry of characterisations (www.color.org) and its CMYK output profile. FOGRA39 (the condition
 * of "ISO Coated v2": offset on coated paper) is the default, its profile built by
 * scripts/print-profile.sh and shipped with the app. FOGRA51 (PSO Coated v3) has no profile here:
 * its profile may be used and embedded but not redistributed, so the studio uploads the one its
 * printer gave it, and the file embeds that.
 */
const PRINT_CONDITIONS: Record<PrintCondition, { info: string; profile: string | null }> = {
  FOGRA39: { info: 'Coated FOGRA39 (ISO 12647-2:2004/Amd 1), offset on coated paper', profile: 'FOGRA39.icc' },
  FOGRA51: { info: 'PSO Coated v3 (FOGRA51, ISO 12647-2:2013), offset on premium coated paper', profile: null },
};
const PRODUCER = 'Yillik Paneli';

/** What a print file's output intent says, and its profile deflated for the file. */
export interface OutputIntent {
  condition: PrintCondition;
  info: string;
  profile: Buffer;
}

/** Each shipped profile, deflated, read once per process (every file embeds its condition's once). */
const shippedStreams = new Map<string, Buffer>();
function shippedProfile(file: string): Buffer {
  let stream = shippedStreams.get(file);
  if (!stream) {
    stream = deflateSync(fs.readFileSync(path.join(paths.printProfiles, file)));
    shippedStreams.set(file, stream);
  }
  return stream;
}

/**
 * The output intent of a printing condition: the shipped profile's, or (a condition without one)
 * the studio's uploaded profile, its description as the intent's info.
 */
export function outputIntent(condition: PrintCondition, uploaded?: { bytes: Buffer; description: string }): OutputIntent {
  const { info, profile } = PRINT_CONDITIONS[condition];
  if (profile) return { condition, info, profile: shippedProfile(profile) };
  if (!uploaded) throw new Error(`the printing condition ${condition} needs the studio's profile`);
  return { condition, info: uploaded.description || info, profile: deflateSync(uploaded.bytes) };
}

/** A part's objects, numbered from `firstObject` on, ready to be appended to the book's file. */
interface PdfPiece {
  bytes: Uint8Array;
  /** Where each object starts in `bytes`, in object number order from `firstObject`. */
  offsets: number[];
  firstObject: number;
  /** The part's pages, in order. */
  pages: number[];
}

/** Pages and every object they reach, in the order they are first met. */
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
 * The part's catalog, page tree, metadata and any output intent stay behind; the book writes its own.
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
  const pageRefs = pages.map((page) => page.ref);
  const order = reachable(doc, [...pageRefs].reverse());
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
  return { bytes: Buffer.concat(chunks, size), offsets, firstObject, pages: pageRefs.map(at) };
}

/** A date as the PDF's info dictionary writes it (D:YYYYMMDDHHmmSSZ, in UTC). */
const pdfDate = (date: Date) => `D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
/** The same instant as XMP writes it. */
const xmpDate = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;
// Control characters are not allowed in XML 1.0: the title is the user's text, so they are left out.
const xml = (text: string) =>
  Array.from(text)
    .filter((char) => char >= ' ' || '\t\n\r'.includes(char))
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
const uuid = (bytes: Buffer) => bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');

/**
 * The XMP packet PDF/X-4 asks for, saying the same as the info dictionary: title, dates,
 * producer, not trapped, the PDF/X version, and the document's identity.
 */
function xmpPacket(title: string, date: Date, id: Buffer): Buffer {
  const when = xmpDate(date);
  return Buffer.from(
    `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xml(title)}</rdf:li></rdf:Alt></dc:title>
   <xmp:CreateDate>${when}</xmp:CreateDate>
   <xmp:ModifyDate>${when}</xmp:ModifyDate>
   <xmp:MetadataDate>${when}</xmp:MetadataDate>
   <xmp:CreatorTool>${PRODUCER}</xmp:CreatorTool>
   <pdf:Producer>${PRODUCER}</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <xmpMM:DocumentID>uuid:${uuid(id)}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:${uuid(id)}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`,
    'utf8',
  );
}

/**
 * Writes a book piece by piece through `write` (a file, in the job) with a printing condition's output intent;
 * `finish` ends the file. Pieces must come in order, each numbered from the `nextObject` the
 * writer answered before it.
 */
export function bookWriter(write: (chunk: Uint8Array) => Promise<void>, intent: OutputIntent = outputIntent('FOGRA39')) {
  // PDF/X-4 files are PDF 1.6; then a comment of high bytes, so tools treat the file as binary.
  const header = Buffer.from('%PDF-1.6\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const offsets: number[] = [];
  const pages: number[] = [];
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
  const stream = async (number: number, dict: string, bytes: Buffer) => {
    offsets[number] = position;
    await put(Buffer.from(`${number} 0 obj\n<< ${dict} /Length ${bytes.length} >>\nstream\n`, 'latin1'));
    await put(bytes);
    await put(Buffer.from('\nendstream\nendobj\n', 'latin1'));
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
    },
    /** Ends the file; answers its page count and size in bytes. */
    async finish(title: string): Promise<{ pages: number; bytes: number }> {
      await begin();
      const now = new Date();
      const id = randomBytes(16);
      const text = (value: string) => PDFHexString.fromText(value).toString();
      const refs = (numbers: number[]) => numbers.map((n) => `${n} 0 R`).join(' ');
      await object(CATALOG, `<< /Type /Catalog /Pages ${PAGE_TREE} 0 R /Metadata ${METADATA} 0 R /OutputIntents [${OUTPUT_INTENT} 0 R] /Lang (tr) >>`);
      await object(PAGE_TREE, `<< /Type /Pages /Count ${pages.length} /Kids [${refs(pages)}] >>`);
      await object(
        INFO,
        `<< /Title ${text(title)} /Creator (${PRODUCER}) /Producer (${PRODUCER}) /CreationDate (${pdfDate(now)}) /ModDate (${pdfDate(now)}) ` +
          '/Trapped /False /GTS_PDFXVersion (PDF/X-4) >>',
      );
      // Left uncompressed, as XMP is meant to be findable in the file by tools that do not parse PDF.
      await stream(METADATA, '/Type /Metadata /Subtype /XML', xmpPacket(title, now, id));
      // The info may be an uploaded profile's own description: written as text, whatever it holds.
      await object(
        OUTPUT_INTENT,
        `<< /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier (${intent.condition}) /OutputCondition ${text(intent.info)} ` +
          `/RegistryName (http://www.color.org) /Info ${text(intent.info)} /DestOutputProfile ${PROFILE} 0 R >>`,
      );
      await stream(PROFILE, '/N 4 /Filter /FlateDecode', intent.profile);
      const xref = position;
      const rows = ['0000000000 65535 f \n'];
      for (let n = 1; n < offsets.length; n++) rows.push(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
      const hex = id.toString('hex');
      await put(
        Buffer.from(
          `xref\n0 ${offsets.length}\n${rows.join('')}trailer\n<< /Size ${offsets.length} /Root ${CATALOG} 0 R /Info ${INFO} 0 R /ID [<${hex}> <${hex}>] >>\nstartxref\n${xref}\n%%EOF\n`,
          'latin1',
        ),
      );
      return { pages: pages.length, bytes: position };
    },
  };
}
