import { describe, expect, it } from 'vitest';
import { student, toItsNumber } from './student';

describe('the progress line', () => {
  it('puts the ending a number takes when read aloud', () => {
    const cases: Array<[number, string]> = [
      [0, "0'ına"],
      [1, "1'ine"],
      [2, "2'sine"],
      [3, "3'üne"],
      [4, "4'üne"],
      [5, "5'ine"],
      [6, "6'sına"],
      [7, "7'sine"],
      [8, "8'ine"],
      [9, "9'una"],
      [10, "10'una"],
      [12, "12'sine"],
      [20, "20'sine"],
      [30, "30'una"],
      [40, "40'ına"],
      [50, "50'sine"],
      [60, "60'ına"],
      [70, "70'ine"],
      [80, "80'ine"],
      [90, "90'ına"],
      [100, "100'üne"],
    ];
    for (const [n, text] of cases) expect(toItsNumber(n)).toBe(text);
    expect(student.portal.progress(12, 5)).toBe("12 arkadaşından 5'ine yazdın");
  });
});
