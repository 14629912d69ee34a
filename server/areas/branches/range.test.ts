import { describe, expect, it } from 'vitest';
import { generatePassword } from '../managers/passwords';
import { sectionRange } from './range';

describe('sectionRange', () => {
  it('walks the Turkish alphabet: Ç after C, I before İ, no Q', () => {
    expect(sectionRange('A', 'F')).toEqual(['A', 'B', 'C', 'Ç', 'D', 'E', 'F']);
    expect(sectionRange('H', 'J')).toEqual(['H', 'I', 'İ', 'J']);
    expect(sectionRange('P', 'R')).toEqual(['P', 'R']);
  });
  it('names what is wrong with a bad range', () => {
    expect(sectionRange('F', 'A')).toBe('order');
    expect(sectionRange('Q', 'W')).toBe('letters');
    expect(sectionRange('1', '3')).toBe('letters');
  });
});

describe('generatePassword', () => {
  it('gives 12 unambiguous characters with a digit, different each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = generatePassword();
      expect(p).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{11}[2-9]$/);
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });
});
