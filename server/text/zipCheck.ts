/**
 * An XLSX file is a zip archive, and a zip can hold a few megabytes that inflate to gigabytes.
 * Before a spreadsheet library sees one, its table of contents is read (the sizes it declares
 * must fit the budget) and every entry is inflated once as a stream, counting bytes and
 * discarding them, so a lying declaration is caught after at most the budget's worth of work
 * and memory. Only what Excel and LibreOffice write is accepted: stored or deflated entries,
 * no zip64, no encryption.
 */
import zlib from 'node:zlib';

export class ZipRefused extends Error {
  constructor(
    readonly reason: 'inflated' | 'unreadable',
    detail: string,
  ) {
    super(detail);
  }
}

export interface ZipBudget {
  /** Bytes all entries may inflate to together. */
  maxInflatedBytes: number;
  maxEntries: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

function entries(zip: Buffer, budget: ZipBudget): Entry[] {
  // The end record sits in the last 22 bytes plus at most a 64 kB comment.
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipRefused('unreadable', 'no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  const directoryOffset = zip.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new ZipRefused('unreadable', 'zip64');
  if (count > budget.maxEntries) throw new ZipRefused('inflated', `${count} entries`);
  const list: Entry[] = [];
  let offset = directoryOffset;
  let declaredTotal = 0;
  for (let i = 0; i < count; i++) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== CENTRAL) throw new ZipRefused('unreadable', 'broken central directory');
    const entry: Entry = {
      flags: zip.readUInt16LE(offset + 8),
      method: zip.readUInt16LE(offset + 10),
      compressedSize: zip.readUInt32LE(offset + 20),
      declaredSize: zip.readUInt32LE(offset + 24),
      localOffset: zip.readUInt32LE(offset + 42),
      name: zip.toString('utf8', offset + 46, offset + 46 + zip.readUInt16LE(offset + 28)),
    };
    declaredTotal += entry.declaredSize;
    if (entry.declaredSize === 0xffffffff || declaredTotal > budget.maxInflatedBytes) throw new ZipRefused('inflated', `declares ${declaredTotal} bytes`);
    if (entry.flags & 1) throw new ZipRefused('unreadable', 'encrypted');
    if (entry.method !== 0 && entry.method !== 8) throw new ZipRefused('unreadable', `method ${entry.method}`);
    list.push(entry);
    offset += 46 + zip.readUInt16LE(offset + 28) + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
  return list;
}

/** Inflates one entry as a stream, stopping as soon as it passes `allowed` bytes; answers the bytes it made. */
function inflatedSize(data: Buffer, allowed: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let total = 0;
    const inflate = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > allowed) {
        inflate.destroy();
        reject(new ZipRefused('inflated', `inflates past ${allowed} bytes`));
      }
    });
    inflate.on('error', () => reject(new ZipRefused('unreadable', 'bad deflate data')));
    inflate.on('end', () => resolve(total));
    inflate.end(data);
  });
}

/** Refuses a zip whose declared or actual inflated size passes the budget, or that is not a plain zip. */
export async function checkZip(zip: Buffer, budget: ZipBudget): Promise<void> {
  let used = 0;
  for (const entry of entries(zip, budget)) {
    const at = entry.localOffset;
    if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw new ZipRefused('unreadable', `no local header for ${entry.name}`);
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    const data = zip.subarray(start, start + entry.compressedSize);
    if (data.length !== entry.compressedSize) throw new ZipRefused('unreadable', `${entry.name} is cut`);
    const size = entry.method === 0 ? data.length : await inflatedSize(data, Math.min(entry.declaredSize, budget.maxInflatedBytes - used));
    if (size !== entry.declaredSize) throw new ZipRefused('unreadable', `${entry.name} inflates to ${size}, declares ${entry.declaredSize}`);
    used += size;
  }
}
