/**
 * Removing a JPEG's metadata without decoding it: the file is a list of marker segments before
 * the compressed scan, so dropping the segments that carry EXIF, XMP, IPTC and comments leaves
 * the image data bit for bit as the camera wrote it. What the picture needs stays: the JFIF and
 * Adobe segments (colour transform), the ICC colour profile, tables and frame headers, and the
 * orientation (written back as a minimal EXIF segment holding nothing else).
 *
 * The copy ends at the primary image's end marker: phones append further pictures after it
 * (depth maps, HDR gain maps, secondary images listed by an MPF segment), each a whole JPEG
 * with its own EXIF and location, which a viewer never shows but a download would carry.
 */

const SOI = 0xd8;
const SOS = 0xda;
const EOI = 0xd9;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;

export class NotAJpeg extends Error {}

/** Markers with no length field: SOI, EOI, RSTn and TEM. */
const standalone = (marker: number) => marker === SOI || marker === EOI || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;

function keeps(marker: number, body: Buffer): boolean {
  if (marker === APP0 || marker === APP14) return true;
  if (marker === APP2) return body.subarray(0, 12).toString('latin1') === 'ICC_PROFILE\0';
  if (marker >= APP0 && marker <= 0xef) return false;
  return marker !== COM;
}

/** An APP1 segment whose EXIF block holds only the Orientation tag (big-endian TIFF, one IFD entry). */
function orientationSegment(orientation: number): Buffer {
  const body = Buffer.alloc(6 + 8 + 2 + 12 + 4);
  body.write('Exif\0\0', 0, 'latin1');
  body.write('MM', 6, 'latin1');
  body.writeUInt16BE(42, 8);
  body.writeUInt32BE(8, 10); // IFD0 right after the header
  body.writeUInt16BE(1, 14); // one entry
  body.writeUInt16BE(0x0112, 16); // Orientation
  body.writeUInt16BE(3, 18); // SHORT
  body.writeUInt32BE(1, 20); // one value
  body.writeUInt16BE(orientation, 24); // left-justified in the 4-byte value field
  body.writeUInt32BE(0, 28); // no next IFD
  const header = Buffer.from([0xff, APP1, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}

/**
 * The JPEG without its metadata segments; `orientation` (1–8, from the removed EXIF) is kept
 * when it is not the default 1. The bytes from the first scan to the image's end are copied
 * unchanged; whatever follows the end is left out.
 */
export function stripJpegMetadata(input: Buffer, orientation = 1): Buffer {
  const head = strippedHead(input, orientation);
  if (!head) throw new NotAJpeg('cut before its scan');
  const scan = input.subarray(head.scanAt);
  const length = new ImageEndFinder().feed(scan) ?? scan.length;
  return Buffer.concat([head.header, scan.subarray(0, length)]);
}

/** The pieces of a JPEG from its first scan on (`scanAt` of strippedHead), cut after the image's end marker. */
export async function* untilImageEnd(pieces: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const finder = new ImageEndFinder();
  for await (const piece of pieces) {
    const length = finder.feed(piece);
    if (length === null) {
      yield piece;
    } else {
      // Leaving the loop closes the source: the rest of the file is not read.
      yield piece.subarray(0, length);
      return;
    }
  }
}

/**
 * A JPEG as it arrives, stripped on its way (the upload of a photo to its temporary file): the
 * same bytes as `stripJpegMetadata` gives for the whole file, without holding more than its
 * head. The pieces before the scan are held until the head is complete; `orientationOf` is asked
 * then, with those pieces (the image library reads the orientation from them as from the whole
 * file); the scan's pieces go on unchanged, cut at the image's end, and what follows the end is
 * read but not passed on. Anything that is not a JPEG this can read (another format, a broken
 * head, an orientation not found) passes unchanged; `outcome.stripped` tells which happened.
 */
export async function* stripWhileStreaming(
  pieces: AsyncIterable<Buffer>,
  orientationOf: (head: Buffer) => Promise<number | null>,
  outcome: { stripped: boolean },
): AsyncGenerator<Buffer> {
  outcome.stripped = false;
  let held: Buffer[] = [];
  let heldLength = 0;
  // The head is looked for again when what is held has doubled, so a long head costs a few tries, not one per piece.
  let tryAt = 0;
  // Set inside the helpers below too (hence the assertion: no narrowing to 'head').
  let state = 'head' as 'head' | 'scan' | 'after' | 'unchanged';
  const finder = new ImageEndFinder();
  const scan = (piece: Buffer): Buffer => {
    const length = finder.feed(piece);
    if (length === null) return piece;
    state = 'after';
    return piece.subarray(0, length);
  };
  /** What the held pieces turn into once the head is complete, or null while it is not. */
  const fromHead = async (last: boolean): Promise<Buffer[] | null> => {
    const prefix = held.length === 1 ? held[0]! : Buffer.concat(held, heldLength);
    held = [prefix];
    tryAt = heldLength * 2;
    let head: { header: Buffer; scanAt: number } | null;
    try {
      head = strippedHead(prefix);
    } catch {
      head = null;
      last = true;
    }
    // The image library reads the head up to the end of the scan's header.
    const scanHeaderEnd = head ? head.scanAt + 2 + prefix.readUInt16BE(head.scanAt + 2) : Infinity;
    if (!head || scanHeaderEnd > prefix.length) {
      if (!last) return null;
      state = 'unchanged';
      return [prefix];
    }
    const orientation = await orientationOf(prefix).catch(() => null);
    if (orientation === null) {
      state = 'unchanged';
      return [prefix];
    }
    state = 'scan';
    outcome.stripped = true;
    return [strippedHead(prefix, orientation)!.header, scan(prefix.subarray(head.scanAt))];
  };
  for await (const piece of pieces) {
    if (state === 'unchanged') yield piece;
    else if (state === 'scan') yield scan(piece);
    else if (state === 'head') {
      held.push(piece);
      heldLength += piece.length;
      if (heldLength < tryAt) continue;
      const out = await fromHead(false);
      if (out) {
        held = [];
        yield* out;
      }
    }
    // 'after': the rest of the file is read (the upload goes on) but not kept.
  }
  if (state === 'head' && heldLength) yield* (await fromHead(true))!;
}

/**
 * Follows a JPEG from its first SOS marker on, fed in pieces of any size, to its EOI marker.
 * A 0xFF in the compressed data is always followed by 0x00 (a stuffed byte) or a restart marker,
 * so the first other marker there is a real one: the end, or (progressive and multi-scan images)
 * a table or the next scan's header, whose length says how far to skip; a split between 0xFF and
 * the byte after it, or inside a length, carries over to the next piece.
 */
class ImageEndFinder {
  private state: 'data' | 'marker' | 'lengthHigh' | 'lengthLow' | 'segment' = 'data';
  private remaining = 0;

  /** How many bytes of `piece` belong to the image when it ends in this piece, otherwise null. */
  feed(piece: Buffer): number | null {
    let at = 0;
    while (at < piece.length) {
      switch (this.state) {
        case 'data': {
          const ff = piece.indexOf(0xff, at);
          if (ff < 0) return null;
          this.state = 'marker';
          at = ff + 1;
          break;
        }
        case 'marker': {
          const marker = piece[at++]!;
          if (marker === EOI) return at;
          // 0xFF: a fill byte before the marker; 0x00: a stuffed 0xFF in the data.
          if (marker !== 0xff) this.state = marker === 0x00 || standalone(marker) ? 'data' : 'lengthHigh';
          break;
        }
        case 'lengthHigh':
          this.remaining = piece[at++]! << 8;
          this.state = 'lengthLow';
          break;
        case 'lengthLow':
          // The length counts its own two bytes.
          this.remaining = Math.max(0, this.remaining + piece[at++]! - 2);
          this.state = 'segment';
          break;
        case 'segment': {
          const skipped = Math.min(this.remaining, piece.length - at);
          at += skipped;
          this.remaining -= skipped;
          if (this.remaining === 0) this.state = 'data';
          break;
        }
      }
    }
    return null;
  }
}

/**
 * What a strip puts before the scan (the kept segments, and the orientation's), and where the
 * scan starts in the input: the stripped JPEG is `header` followed by the input from `scanAt` on.
 * Null when the input ends before its scan, so that a file can be read in growing prefixes
 * rather than whole.
 */
export function strippedHead(input: Buffer, orientation = 1): { header: Buffer; scanAt: number } | null {
  if (input.length < 4) return null;
  if (input[0] !== 0xff || input[1] !== SOI) throw new NotAJpeg('no SOI marker');
  const parts: Buffer[] = [input.subarray(0, 2)];
  let insertAt = 1; // after SOI, or after JFIF's APP0 when it comes first
  let offset = 2;
  for (;;) {
    // Fill bytes (0xFF runs) may precede a marker.
    while (offset < input.length && input[offset] === 0xff && input[offset + 1] === 0xff) offset++;
    if (offset + 4 > input.length) return null;
    if (input[offset] !== 0xff) throw new NotAJpeg(`no marker at ${offset}`);
    const marker = input[offset + 1]!;
    if (standalone(marker)) throw new NotAJpeg(`unexpected marker ${marker.toString(16)} before the scan`);
    const length = input.readUInt16BE(offset + 2);
    if (length < 2) throw new NotAJpeg(`segment ${marker.toString(16)} has no length`);
    if (marker === SOS) break;
    const end = offset + 2 + length;
    if (end > input.length) return null;
    if (keeps(marker, input.subarray(offset + 4, end))) {
      parts.push(input.subarray(offset, end));
      if (marker === APP0 && parts.length === 2) insertAt = 2;
    }
    offset = end;
  }
  if (orientation >= 2 && orientation <= 8) parts.splice(insertAt, 0, orientationSegment(orientation));
  // A copy: the header must not keep the whole input alive.
  return { header: Buffer.concat(parts), scanAt: offset };
}

/** Where the entropy-coded data starts (the first SOS segment's end): what a strip must leave unchanged from there on. */
export function scanStart(jpeg: Buffer): number {
  let offset = 2;
  while (offset + 4 <= jpeg.length) {
    const marker = jpeg[offset + 1];
    const length = jpeg.readUInt16BE(offset + 2);
    if (marker === SOS) return offset;
    offset += 2 + length;
  }
  throw new NotAJpeg('no scan');
}
