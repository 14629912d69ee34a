/**
 * The lossless strip: location and camera metadata gone, colour profile and orientation kept,
 * and the compressed image data byte for byte the camera's; the stored sizes come from it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { NotAJpeg, scanStart, strippedHead, stripJpegMetadata, stripWhileStreaming, untilImageEnd } from './jpegStrip';
import { tempFolder } from '../storage/tempFolder';
import { derivePhoto, filesMade, photoContent, spoolPhoto, type PhotoBytes } from './photos';

/** A camera-like JPEG: EXIF with GPS and orientation 6, XMP, a Display P3 profile, plus an IPTC and a comment segment. */
async function cameraJpeg(): Promise<Buffer> {
  const base = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c05030' } })
    .composite([{ input: Buffer.from('<svg width="400" height="300"><circle cx="100" cy="80" r="60" fill="#2040a0"/></svg>'), top: 0, left: 0 }])
    .withIccProfile('p3')
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'KonumluKamera', Orientation: '6' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 55/1 12/1', GPSLongitudeRef: 'E', GPSLongitude: '32/1 51/1 0/1' },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description>GizliNot</rdf:Description></rdf:RDF></x:xmpmeta>',
    )
    .jpeg({ quality: 90 })
    .toBuffer();
  const segment = (marker: number, text: string) => {
    const body = Buffer.from(text, 'latin1');
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(body.length + 2, 2);
    return Buffer.concat([head, body]);
  };
  // IPTC (APP13) and a comment right after SOI, as some cameras and editors write them.
  return Buffer.concat([base.subarray(0, 2), segment(0xed, 'Photoshop 3.0\0IptcYazar'), segment(0xfe, 'YorumMetni'), base.subarray(2)]);
}

/** A marker segment: marker, length (counting itself), body. */
function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/**
 * A phone-like file: the primary picture with an MPF segment listing a second picture, and that
 * second picture (a whole JPEG with its own EXIF and location) appended after the primary's end.
 */
async function phoneJpeg(progressive: boolean): Promise<{ file: Buffer; primary: Buffer }> {
  const primary = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3080c0', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 90, progressive })
    .toBuffer();
  const secondary = await sharp({ create: { width: 160, height: 120, channels: 3, background: '#808080' } })
    .withExif({ IFD0: { Make: 'DerinlikKamerasi' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 55/1 12/1' } })
    .jpeg()
    .toBuffer();
  const gpsApp1 = segment(0xe1, Buffer.from('Exif\0\0GPSKonum 39.92N 32.85E', 'latin1'));
  const mpf = segment(0xe2, Buffer.from('MPF\0MM\0\x2a\0\0\0\x08IkinciResim', 'latin1'));
  const file = Buffer.concat([primary.subarray(0, 2), mpf, primary.subarray(2), secondary.subarray(0, 2), gpsApp1, secondary.subarray(2)]);
  return { file, primary };
}

async function collect(pieces: AsyncIterable<Buffer>): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const piece of pieces) out.push(piece);
  return Buffer.concat(out);
}

async function* piecesOf(...pieces: Buffer[]): AsyncGenerator<Buffer> {
  yield* pieces;
}

/** Runs `test` in a new scratch folder, removed afterwards whatever the test did. */
async function inScratchFolder(use: string, test: (folder: string) => Promise<void>): Promise<void> {
  const folder = await tempFolder(use);
  try {
    await test(folder.path);
  } finally {
    await folder.remove();
  }
}

describe('stripJpegMetadata', () => {
  it('removes EXIF/GPS, XMP, IPTC and comments, keeps the ICC profile, orientation and the scan bytes', async () => {
    const input = await cameraJpeg();
    const before = await sharp(input).metadata();
    expect(before.exif?.toString('latin1')).toContain('KonumluKamera');
    expect(before.xmp).toBeDefined();
    expect(before.icc).toBeDefined();
    expect(input.toString('latin1')).toContain('IptcYazar');

    const output = stripJpegMetadata(input, before.orientation);
    const after = await sharp(output).metadata();
    const text = output.toString('latin1');
    for (const secret of ['KonumluKamera', 'GizliNot', 'IptcYazar', 'YorumMetni', 'GPS']) expect(text).not.toContain(secret);
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.comments ?? []).toEqual([]);
    expect(after.orientation).toBe(6);
    expect(after.icc?.equals(before.icc!)).toBe(true);
    expect(after.width).toBe(before.width);
    // The entropy-coded data and the tables after it are the input's, byte for byte.
    expect(output.subarray(scanStart(output)).equals(input.subarray(scanStart(input)))).toBe(true);
    // And so the decoded pixels are identical.
    const pixels = (jpeg: Buffer) => sharp(jpeg).raw().toBuffer();
    expect((await pixels(output)).equals(await pixels(input))).toBe(true);
    expect(output.length).toBeLessThan(input.length);
  });

  it('writes no EXIF at all when the orientation is the default', async () => {
    const input = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#123456' } })
      .withExif({ IFD0: { Make: 'KonumluKamera' } })
      .jpeg()
      .toBuffer();
    const output = stripJpegMetadata(input, 1);
    expect((await sharp(output).metadata()).exif).toBeUndefined();
    expect(output.subarray(scanStart(output)).equals(input.subarray(scanStart(input)))).toBe(true);
  });

  it.each([false, true])('ends at the primary image when a phone appended more pictures (progressive: %s)', async (progressive) => {
    const { file, primary } = await phoneJpeg(progressive);
    expect(file.toString('latin1')).toContain('GPSKonum');
    const output = stripJpegMetadata(file);
    const text = output.toString('latin1');
    // Strings long enough not to turn up by chance in the noisy picture's compressed data.
    for (const secret of ['GPSKonum', 'DerinlikKamerasi', 'IkinciResim', 'Exif\0\0']) expect(text).not.toContain(secret);
    // The primary's own bytes from its scan to its end marker, nothing after.
    expect(output.subarray(scanStart(output)).equals(primary.subarray(scanStart(primary)))).toBe(true);
    expect(output.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    const pixels = (jpeg: Buffer) => sharp(jpeg).raw().toBuffer();
    expect((await pixels(output)).equals(await pixels(primary))).toBe(true);
  });

  it('finds the end of the image when the pieces read split its markers', async () => {
    const { file, primary } = await phoneJpeg(true);
    const scanAt = strippedHead(file)!.scanAt;
    const expected = file.subarray(scanAt, scanAt + primary.length - scanStart(primary));
    // The primary's end marker sits right before the appended picture: split between its FF and D9.
    const endMarker = scanAt + expected.length - 2;
    expect(file.subarray(endMarker, endMarker + 2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect((await collect(untilImageEnd(piecesOf(file.subarray(scanAt, endMarker + 1), file.subarray(endMarker + 1))))).equals(expected)).toBe(true);
    // Pieces of one byte split every marker, stuffed byte and segment length of the scans.
    const bytes = Array.from({ length: file.length - scanAt }, (_, i) => file.subarray(scanAt + i, scanAt + i + 1));
    expect((await collect(untilImageEnd(piecesOf(...bytes)))).equals(expected)).toBe(true);
  });

  it('refuses what is not a JPEG or is cut before its scan', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(() => stripJpegMetadata(png)).toThrow(NotAJpeg);
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    expect(() => stripJpegMetadata(jpeg.subarray(0, 30))).toThrow(NotAJpeg);
  });
});

/** `input` cut into pieces of the sizes `size()` gives, as an upload arrives. */
function cut(input: Buffer, size: () => number): Buffer[] {
  const pieces: Buffer[] = [];
  for (let at = 0; at < input.length;) {
    const length = Math.max(1, size());
    pieces.push(input.subarray(at, at + length));
    at += length;
  }
  return pieces;
}

const orientationOf = async (head: Buffer) => {
  const meta = await sharp(head).metadata();
  return meta.format === 'jpeg' ? (meta.orientation ?? 1) : null;
};

async function streamed(pieces: Buffer[]): Promise<{ output: Buffer; stripped: boolean }> {
  const outcome = { stripped: false };
  const output = await collect(stripWhileStreaming(piecesOf(...pieces), orientationOf, outcome));
  return { output, stripped: outcome.stripped };
}

describe('stripWhileStreaming', () => {
  it('gives the bytes stripJpegMetadata gives, however the file arrives in pieces', async () => {
    const camera = await cameraJpeg();
    const { file: phone } = await phoneJpeg(true);
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) % 9000;
    for (const input of [camera, phone]) {
      const expected = stripJpegMetadata(input, (await sharp(input).metadata()).orientation);
      for (const size of [() => 1, () => 13, () => 4096, random, () => input.length]) {
        const { output, stripped } = await streamed(cut(input, size));
        expect(stripped).toBe(true);
        expect(output.equals(expected)).toBe(true);
      }
    }
  });

  it('holds only the head: a head longer than the first pieces is waited for', async () => {
    const base = await cameraJpeg();
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0xea, 0x62]), Buffer.alloc(60_000, 'x')]);
    const input = Buffer.concat([base.subarray(0, 2), ...Array.from({ length: 6 }, () => comment), base.subarray(2)]);
    const { output, stripped } = await streamed(cut(input, () => 65_536));
    expect(stripped).toBe(true);
    expect(output.equals(stripJpegMetadata(base, 6))).toBe(true);
  });

  it('passes anything else on unchanged: another format, a broken or cut head, no orientation answer', async () => {
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const broken = Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0x00, 0x10, 1, 2, 3]), jpeg.subarray(2)]);
    const cutBeforeScan = jpeg.subarray(0, scanStart(jpeg) - 10);
    for (const input of [png, broken, cutBeforeScan]) {
      const { output, stripped } = await streamed(cut(input, () => 5));
      expect(stripped).toBe(false);
      expect(output.equals(input)).toBe(true);
    }
    const outcome = { stripped: false };
    const output = await collect(stripWhileStreaming(piecesOf(jpeg), async () => null, outcome));
    expect([outcome.stripped, output.equals(jpeg)]).toEqual([false, true]);
  });
});

describe('spoolPhoto', () => {
  it('writes an uploaded JPEG stripped, and anything else as it came', async () => {
    const camera = await cameraJpeg();
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await inScratchFolder('spool', async (folder) => {
      const file = path.join(folder, 'upload');
      expect(await spoolPhoto(Readable.from(cut(camera, () => 1000)), file)).toEqual({ stripped: true });
      expect(fs.readFileSync(file).equals(stripJpegMetadata(camera, 6))).toBe(true);
      expect(await spoolPhoto(Readable.from([png]), file)).toEqual({ stripped: false });
      expect(fs.readFileSync(file).equals(png)).toBe(true);
    });
  });
});

/** The bytes the store would write for a stored size. */
async function written(bytes: PhotoBytes): Promise<Buffer> {
  const content = photoContent(bytes);
  return Buffer.isBuffer(content) ? content : buffer(content);
}

describe('derivePhoto', () => {
  it.each(['bytes', 'an uploaded file'])(
    'keeps a JPEG original (given as %s) untouched but for its metadata, and makes upright smaller sizes in a chain',
    async (form) => {
      const input = await cameraJpeg();
      await inScratchFolder('derive', async (folder) => {
        const file = path.join(folder, 'upload');
        fs.writeFileSync(file, input);
        const photo = await derivePhoto(form === 'bytes' ? input : file, { maxPixels: 10_000_000 });
        // Orientation 6: the stored picture is 300 wide and 400 high.
        expect([photo.width, photo.height]).toEqual([300, 400]);
        const original = await written(photo.files.original);
        expect(original.equals(stripJpegMetadata(input, 6))).toBe(true);
        expect(original.subarray(scanStart(original)).equals(input.subarray(scanStart(input)))).toBe(true);
        expect(original.toString('latin1')).not.toContain('KonumluKamera');
        expect((await sharp(original).metadata()).orientation).toBe(6);
        for (const size of ['download', 'display', 'thumb'] as const) {
          const meta = await sharp(await written(photo.files[size])).metadata();
          expect(meta.exif, size).toBeUndefined();
          expect(meta.height, size).toBeGreaterThan(meta.width!);
        }
        expect((await sharp(await written(photo.files.thumb)).metadata()).height).toBe(240);
      });
    },
  );

  it('reads an uploaded file whose metadata runs past the first piece read', async () => {
    const base = await cameraJpeg();
    // Six 60 kB comments right after SOI: the scan starts beyond the first 256 kB.
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0xea, 0x62]), Buffer.alloc(60_000, 'x')]);
    const input = Buffer.concat([base.subarray(0, 2), ...Array.from({ length: 6 }, () => comment), base.subarray(2)]);
    expect(scanStart(input)).toBeGreaterThan(256 * 1024);
    await inScratchFolder('derive', async (folder) => {
      const file = path.join(folder, 'upload');
      fs.writeFileSync(file, input);
      const photo = await derivePhoto(file, { maxPixels: 10_000_000 });
      expect((await written(photo.files.original)).equals(stripJpegMetadata(base, 6))).toBe(true);
    });
  });

  it('stores an uploaded phone file without the pictures appended after the primary one', async () => {
    const { file: input, primary } = await phoneJpeg(false);
    await inScratchFolder('derive', async (folder) => {
      const file = path.join(folder, 'upload');
      fs.writeFileSync(file, input);
      const original = await written((await derivePhoto(file, { maxPixels: 10_000_000 })).files.original);
      expect(original.toString('latin1')).not.toContain('GPSKonum');
      expect(original.subarray(scanStart(original)).equals(primary.subarray(scanStart(primary)))).toBe(true);
      expect((await sharp(original).raw().toBuffer()).equals(await sharp(primary).raw().toBuffer())).toBe(true);
    });
  });

  it('stores a file spoolPhoto stripped as the original as it is, and writes the sizes beside it, no pixels left behind', async () => {
    const camera = await cameraJpeg();
    await inScratchFolder('derive', async (folder) => {
      const file = path.join(folder, 'upload');
      fs.writeFileSync(file, stripJpegMetadata(camera, 6));
      const photo = await derivePhoto(file, { maxPixels: 10_000_000 }, { stripped: true });
      expect(photo.files.original).toEqual({ file });
      expect([photo.width, photo.height]).toEqual([300, 400]);
      const made = filesMade(photo, file);
      expect(made.map((f) => path.basename(f)).sort()).toEqual(['upload.display.jpg', 'upload.download.jpg', 'upload.thumb.jpg']);
      // The same sizes as from the upload itself, given as bytes.
      const fromBytes = await derivePhoto(camera, { maxPixels: 10_000_000 });
      for (const size of ['thumb', 'display', 'download'] as const) {
        expect((await written(photo.files[size])).equals(await written(fromBytes.files[size])), size).toBe(true);
      }
      // The pixels of the chain's steps are gone; only the upload and its sizes remain.
      expect(fs.readdirSync(folder).sort()).toEqual(['upload', 'upload.display.jpg', 'upload.download.jpg', 'upload.thumb.jpg']);
    });
  });

  it('answers a picture that cannot be decoded as not an image, and a disk that refuses the pixels as the server’s failure', async () => {
    const camera = await cameraJpeg();
    await inScratchFolder('derive', async (folder) => {
      const cut = path.join(folder, 'cut');
      fs.writeFileSync(cut, camera.subarray(0, camera.length - 400));
      await expect(derivePhoto(cut, { maxPixels: 10_000_000 })).rejects.toMatchObject({ statusCode: 400 });
      // The first pixel file goes where nothing can be written: a full device.
      const file = path.join(folder, 'upload');
      fs.writeFileSync(file, camera);
      fs.symlinkSync('/dev/full', `${file}.download.v`);
      const failure = await derivePhoto(file, { maxPixels: 10_000_000 }).catch((error: unknown) => error);
      expect(failure).not.toHaveProperty('statusCode');
      expect(String(failure)).toContain('No space left on device');
    });
  });

  it('converts a PNG original to JPEG', async () => {
    const png = await sharp({ create: { width: 64, height: 32, channels: 4, background: '#00ff0080' } })
      .png()
      .toBuffer();
    const photo = await derivePhoto(png, { maxPixels: 10_000_000 });
    expect((await sharp(await written(photo.files.original)).metadata()).format).toBe('jpeg');
    expect([photo.width, photo.height]).toEqual([64, 32]);
  });
});
