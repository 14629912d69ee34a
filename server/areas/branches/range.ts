/** Section letters of a range ("A"–"F") in the Turkish alphabet, which has no Q, W, X. */
const LETTERS = [...'ABCÇDEFGĞHIİJKLMNOÖPRSŞTUÜVYZ'];

/** The letters from `from` to `to` inclusive, or an error key. */
export function sectionRange(from: string, to: string): string[] | 'letters' | 'order' {
  const a = LETTERS.indexOf(from);
  const b = LETTERS.indexOf(to);
  if (a < 0 || b < 0) return 'letters';
  if (a > b) return 'order';
  return LETTERS.slice(a, b + 1);
}
