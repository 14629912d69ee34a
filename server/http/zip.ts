/**
 * A zip archive written as a stream: entries are stored as they are (photos are JPEG already,
 * and a small JSON gains little), each file's bytes pass through once and are never held whole,
 * so a download of many large photos keeps memory flat. Sizes and checksums of a streamed entry
 * follow its bytes (a data descriptor) and are gathered in the central directory at the end.
 */
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

export interface ZipEntry {
  /** The path inside the archive ("photos/1-original.jpg"); UTF-8 allowed. */
  name: string;
  /** The bytes, or a function opening them as a stream (null: the file is gone, the entry is left out). */
  data: Buffer | (() => Promise<Readable | null>);
}

/** Above this offset a zip needs the Zip64 extension; a student's data never comes near it. */
const ZIP32_LIMIT = 0xffffffff;
/** Bit 3: sizes and checksum follow the data; bit 11: names are UTF-8. */
const FLAGS = (1 << 3) | (1 << 11);

function dosTime(date: Date): { time: number; day: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    day: ((Math.max(date.getFullYear(), 1980) - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

interface Written {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
}

async function* zipChunks(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>, now: Date): AsyncGenerator<Buffer> {
  const { time, day } = dosTime(now);
  const written: Written[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const source = Buffer.isBuffer(entry.data) ? entry.data : await entry.data();
    if (source === null) continue;
    const name = Buffer.from(entry.name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed: 2.0
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(0, 8); // stored
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(day, 12);
    // crc and sizes (14–25) are zero here: they come in the data descriptor.
    header.writeUInt16LE(name.length, 26);
    yield Buffer.concat([header, name]);
    const start = offset;
    offset += header.length + name.length;
    let crc = 0;
    let size = 0;
    const chunks: AsyncIterable<Buffer> | Buffer[] = Buffer.isBuffer(source) ? [source] : source;
    for await (const chunk of chunks) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      yield chunk;
    }
    offset += size;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(size, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    offset += descriptor.length;
    if (offset > ZIP32_LIMIT) throw new Error('zip archive too large');
    written.push({ name, crc: crc >>> 0, size, offset: start });
  }
  const directoryStart = offset;
  for (const file of written) {
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4); // made by: 2.0
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(FLAGS, 8);
    record.writeUInt16LE(0, 10);
    record.writeUInt16LE(time, 12);
    record.writeUInt16LE(day, 14);
    record.writeUInt32LE(file.crc, 16);
    record.writeUInt32LE(file.size, 20);
    record.writeUInt32LE(file.size, 24);
    record.writeUInt16LE(file.name.length, 28);
    record.writeUInt32LE(file.offset, 42);
    yield Buffer.concat([record, file.name]);
    offset += record.length + file.name.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(offset - directoryStart, 12);
  end.writeUInt32LE(directoryStart, 16);
  yield end;
}

/** The archive of `entries` as a stream; each entry is opened only when its turn comes. */
export function zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>, now = new Date()): Readable {
  return Readable.from(zipChunks(entries, now), { objectMode: false });
}
