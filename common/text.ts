/**
 * Turkish text helpers shared by the server (search and order keys stored on rows) and the
 * web app (client-side sorting). PostgreSQL here has no Turkish collation we can rely on
 * (PGlite ships without ICU), so rows carry a folded search key and an order key that sorts
 * in Turkish alphabet order under COLLATE "C".
 */

// Turkish case rules differ from the language-neutral ones in the dotted and dotless i only, so
// those are mapped first and the rest is left to the neutral (and much faster) conversion; the
// answers are those of toLocaleLowerCase/UpperCase('tr-TR'), which cost several times as much on
// every key an import or a write computes.

/** Lower case with Turkish rules: I → ı, İ → i (an I with a combining dot above → i). */
export function trLower(text: string): string {
  return text.replace(/I\u0307?|\u0130/g, (ch) => (ch === 'I' ? '\u0131' : 'i')).toLowerCase();
}

/** Upper case with Turkish rules: i → İ, ı → I. */
export function trUpper(text: string): string {
  return text.replace(/i/g, '\u0130').toUpperCase();
}

/** Lower case for identifiers (e-mail, keys): invariant locale, so "I" stays "i". */
export function keyLower(text: string): string {
  return text.trim().toLowerCase();
}

const FOLD: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u', â: 'a', î: 'i', û: 'u' };

/**
 * The search key: Turkish lower case, then Turkish letters folded to ASCII and other accents
 * dropped, white space collapsed. "Şule", "ŞULE", "sule" → "sule"; "Işık", "ISIK" → "isik".
 */
export function searchKey(text: string): string {
  const lowered = trLower(text);
  let out = '';
  for (const ch of lowered) out += FOLD[ch] ?? ch;
  return out
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

// The Turkish alphabet with the letters Turkish text borrows (q, w, x, â, î, û) in their usual places.
const ALPHABET = '0123456789aâbcçdefgğhıiîjklmnoöpqrsştuûüvwxyz';
const RANK = new Map<string, number>([...ALPHABET].map((ch, i) => [ch, i]));

/**
 * A key whose plain byte order (COLLATE "C") is Turkish alphabetical order, case-insensitive:
 * Ç after C, Ğ after G, I (ı) before İ (i), Ö after O, Ş after S, Ü after U.
 */
export function orderKey(text: string): string {
  let out = '';
  for (const ch of trLower(text).trim()) {
    const rank = RANK.get(ch);
    if (rank !== undefined) out += String.fromCharCode(0x30 + rank);
    else if (/\s/.test(ch)) out += ' ';
    else if (ch.charCodeAt(0) < 0x80) out += '!';
    else {
      // Other letters (é, ä, …): rank as their base letter where there is one.
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      const baseRank = RANK.get(base);
      out += baseRank !== undefined ? String.fromCharCode(0x30 + baseRank) : ch;
    }
  }
  return out;
}

/** Comparator in Turkish alphabet order, for sorting on the client. */
export function trCompare(a: string, b: string): number {
  const ka = orderKey(a);
  const kb = orderKey(b);
  if (ka < kb) return -1;
  if (ka > kb) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Escapes text for the few places that must build HTML (lightbox captions). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A branch as people write it: grade, slash, section letter ("12/A", "10/İ"). */
export const branchName = (branch: { grade: number; section: string }): string => `${branch.grade}/${branch.section}`;

const BACK_VOWELS: Record<string, string> = { a: 'ı', ı: 'ı', e: 'i', i: 'i', o: 'u', u: 'u', ö: 'ü', ü: 'ü', â: 'ı', î: 'i', û: 'u' };

/**
 * A proper name in the Turkish genitive, suffix after an apostrophe by vowel harmony:
 * "Ayşe Yılmaz" → "Ayşe Yılmaz'ın", "Ali Çelik" → "Ali Çelik'in", "Ayşe" → "Ayşe'nin".
 */
export function genitive(name: string): string {
  const word = trLower(name.trim());
  const vowels = [...word].filter((ch) => ch in BACK_VOWELS);
  const last = vowels.at(-1);
  const vowel = last ? BACK_VOWELS[last] : 'i';
  const endsInVowel = word.length > 0 && word.at(-1)! in BACK_VOWELS;
  return `${name.trim()}'${endsInVowel ? 'n' : ''}${vowel}n`;
}
