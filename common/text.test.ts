import { describe, expect, it } from 'vitest';
import { escapeHtml, genitive, keyLower, orderKey, searchKey, trCompare, trLower, trUpper } from './text';

describe('Turkish text helpers', () => {
  it('sorts in Turkish alphabet order (Ç after C, I before İ, Ş after S)', () => {
    const sorted = 'Çağla Ilgaz ıslak idil İpek Oya Ömer Sude Şule Uğur Ümit Zeynep'.split(' ');
    const scrambled = 'Şule Zeynep ıslak Ümit Çağla Oya İpek Sude Ilgaz Uğur Ömer idil'.split(' ');
    expect(scrambled.sort(trCompare)).toEqual(sorted);
    expect(['Zeynep', 'Çağla', 'Cem', 'Deniz'].sort(trCompare)).toEqual(['Cem', 'Çağla', 'Deniz', 'Zeynep']);
    expect(['Güneş', 'Göksu', 'Ğ', 'Hale'].sort(trCompare)).toEqual(['Göksu', 'Güneş', 'Ğ', 'Hale']);
  });

  it('makes order keys whose byte order is the Turkish order (for COLLATE "C")', () => {
    const names = ['Işık', 'İnci', 'Irmak', 'Ilgın', 'Can', 'Çınar'];
    const byKey = [...names].sort((a, b) => (orderKey(a) < orderKey(b) ? -1 : 1));
    expect(byKey).toEqual(['Can', 'Çınar', 'Ilgın', 'Irmak', 'Işık', 'İnci']);
    expect(orderKey('10/I') < orderKey('10/İ')).toBe(true);
  });

  it('folds case and Turkish letters for search', () => {
    for (const q of ['sule', 'ŞULE', 'şule', 'Şule']) expect(searchKey(q)).toBe('sule');
    expect(searchKey('ISIK')).toBe(searchKey('Işık'));
    expect(searchKey('İSTANBUL')).toBe('istanbul');
    expect(searchKey('  Öğretmen   Çağlar ')).toBe('ogretmen caglar');
    expect(searchKey('Işıklar Fen Lisesi')).toContain(searchKey('isik'));
  });

  it('uses Turkish case for names and the invariant one for identifiers', () => {
    expect(trLower('IŞIK İNCE')).toBe('ışık ince');
    expect(trUpper('ışık ince')).toBe('IŞIK İNCE');
    expect(keyLower(' Admin@Demo.TEST ')).toBe('admin@demo.test');
    expect(keyLower('FATIH@OKUL.COM')).toBe('fatih@okul.com');
  });

  it('changes case exactly as the Turkish locale does, for every character', () => {
    const differing: string[] = [];
    for (let code = 0; code < 0x10000; code++) {
      if (code >= 0xd800 && code < 0xe000) continue;
      const ch = String.fromCharCode(code);
      for (const text of [ch, `${ch}\u0307`]) {
        if (trLower(text) !== text.toLocaleLowerCase('tr-TR') || trUpper(text) !== text.toLocaleUpperCase('tr-TR')) differing.push(text);
      }
    }
    expect(differing).toEqual([]);
  });

  it('escapes HTML for captions', () => {
    expect(escapeHtml('<img src=x onerror="alert(1)">&\'')).toBe('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;');
  });

  it('puts a name in the genitive by vowel harmony, with "n" after a vowel', () => {
    expect(genitive('Ayşe Yılmaz')).toBe("Ayşe Yılmaz'ın");
    expect(genitive('Ali Çelik')).toBe("Ali Çelik'in");
    expect(genitive('Burak Solmaz')).toBe("Burak Solmaz'ın");
    expect(genitive('Oya Tunç')).toBe("Oya Tunç'un");
    expect(genitive('Nur Öztürk')).toBe("Nur Öztürk'ün");
    expect(genitive('Ayşe')).toBe("Ayşe'nin");
    expect(genitive('Deniz Kaya')).toBe("Deniz Kaya'nın");
    expect(genitive('Mert Uysal ')).toBe("Mert Uysal'ın");
  });
});
