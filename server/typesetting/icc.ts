/**
 * Reading an uploaded ICC profile's header (ICC.1, clause 7) before it is embedded as a print
 * file's output profile: PDF/X-4 wants a CMYK output ("printer") profile whose connection space is
 * Lab or XYZ. Nothing is converted with it, so the header, the tag table and the description are
 * all that is read; a profile that passes is embedded byte for byte.
 */

export type IccCheck = { ok: true; description: string } | { ok: false; reason: 'not-icc' | 'not-cmyk-output' };

const HEADER = 128;
const TAG = 12;

const ascii = (bytes: Buffer, from: number, to: number) => bytes.toString('latin1', from, to);

/** The profile's description: a v2 'desc' (ASCII) or a v4 'mluc' (UTF-16, its first record); '' if none is readable. */
function descriptionOf(bytes: Buffer, offset: number, size: number): string {
  const end = offset + size;
  const type = ascii(bytes, offset, offset + 4);
  let text = '';
  if (type === 'desc' && size >= 12) {
    const count = bytes.readUInt32BE(offset + 8);
    if (offset + 12 + count <= end) text = ascii(bytes, offset + 12, offset + 12 + count);
  } else if (type === 'mluc' && size >= 28) {
    const length = bytes.readUInt32BE(offset + 20);
    const at = offset + bytes.readUInt32BE(offset + 24);
    if (at + length <= end)
      text = bytes
        .subarray(at, at + length)
        .swap16()
        .toString('utf16le');
  }
  // The description is shown and written into the PDF: printable characters only, trimmed.
  return Array.from(text)
    .filter((char) => char >= ' ' && char !== '\u007f')
    .join('')
    .trim()
    .slice(0, 200);
}

/** Whether `bytes` are an ICC profile fit to be a print file's CMYK output profile, and its description. */
export function checkPrintProfile(bytes: Buffer): IccCheck {
  if (bytes.length < HEADER + 4 || bytes.readUInt32BE(0) !== bytes.length || ascii(bytes, 36, 40) !== 'acsp') return { ok: false, reason: 'not-icc' };
  const tags = bytes.readUInt32BE(HEADER);
  if (HEADER + 4 + tags * TAG > bytes.length) return { ok: false, reason: 'not-icc' };
  let description = '';
  for (let i = 0; i < tags; i++) {
    const at = HEADER + 4 + i * TAG;
    const offset = bytes.readUInt32BE(at + 4);
    const size = bytes.readUInt32BE(at + 8);
    if (offset + size > bytes.length) return { ok: false, reason: 'not-icc' };
    if (ascii(bytes, at, at + 4) === 'desc') description = descriptionOf(bytes, offset, size);
  }
  const deviceClass = ascii(bytes, 12, 16);
  const colourSpace = ascii(bytes, 16, 20);
  const connection = ascii(bytes, 20, 24);
  if (deviceClass !== 'prtr' || colourSpace !== 'CMYK' || (connection !== 'Lab ' && connection !== 'XYZ ')) return { ok: false, reason: 'not-cmyk-output' };
  return { ok: true, description };
}
