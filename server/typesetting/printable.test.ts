/** What the book can print, decided from the bundled fonts' character maps, for every text alike. */
import { describe, expect, it } from 'vitest';
import { printable, SUBSTITUTE, unprintable } from './printable';

describe('printable text', () => {
  it('keeps Turkish, Greek, Cyrillic, Arabic, emoji and ZWJ sequences as written', () => {
    for (const text of ['İı Şş Ğğ Çç Öö Üü', 'Καλή τύχη', 'Удачи', 'مرحبا صديقي', 'Seni özleyeceğim 👩‍🎓', '👍🏽 ❤️ 1️⃣ 🇹🇷', '★ ✓ € ₺ — “söz”'])
      expect(printable(text)).toEqual({ text, missing: [] });
  });

  it('drops invisible format and control characters, and joiners that join nothing', () => {
    expect(printable('iyi\u200Bki\uFEFF var\u200Dsın\u200E\u0007\r\nhep\tböyle a\uFE0F')).toEqual({ text: 'iyiki varsın\nhep böyle a', missing: [] });
    // A joiner between Arabic letters stays (it shapes them).
    expect(printable('بك\u200Cها').text).toBe('بك\u200Cها');
  });

  it('replaces what no bundled font has with a visible mark, and names each such character once', () => {
    expect(printable('字字 hoşça kal 𓀀')).toEqual({ text: `${SUBSTITUTE}${SUBSTITUTE} hoşça kal ${SUBSTITUTE}`, missing: ['字', '𓀀'] });
    expect(unprintable('Seni özleyeceğim 👩‍🎓')).toEqual([]);
    expect(unprintable('好 👩‍🎓')).toEqual(['好']);
  });
});
