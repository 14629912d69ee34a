/**
 * The Content-Disposition of every download. Header values travel as Latin-1, so a Turkish name
 * written raw arrives garbled (or cannot be sent at all): each header carries an ASCII `filename`
 * that any client reads, Turkish letters folded and unsafe characters dropped, and the Turkish
 * name itself as RFC 5987 `filename*`, which browsers prefer.
 */

const FOLD: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u', Ç: 'C', Ğ: 'G', İ: 'I', Ö: 'O', Ş: 'S', Ü: 'U' };

/** The name without what no file name should hold: control characters, quotes, path separators. */
function cleanName(name: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return name.replace(/[\u0000-\u001f\u007f"]/g, '').replace(/[/\\]/g, '-');
}

function asciiName(name: string): string {
  const ascii = name
    .replace(/[çğıöşüÇĞİÖŞÜ]/g, (letter) => FOLD[letter] ?? '')
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, '-')
    .replace(/[^A-Za-z0-9._-]/g, '')
    .replace(/-{2,}/g, '-');
  return ascii.replace(/^[-.]+/, '') || 'indirme';
}

/** encodeURIComponent leaves ' ( ) * as they are; RFC 5987 wants them encoded. */
const rfc5987 = (text: string) => encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The header for a download named `name` (Turkish letters welcome); `inline` for one a browser may show. */
export function attachmentHeader(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const clean = cleanName(name);
  return `${disposition}; filename="${asciiName(clean)}"; filename*=UTF-8''${rfc5987(clean)}`;
}
