import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, displayDate, fromApiDate, isApiDate, parseDisplayDate, toApiDate, todayInTurkey } from './dates';

describe('dates: shown dd/mm/yyyy, sent yyyy-mm-dd', () => {
  it('formats an API date for display', () => {
    expect(displayDate('2026-05-09')).toBe('09/05/2026');
    expect(displayDate(new Date(2025, 11, 31))).toBe('31/12/2025');
    expect(displayDate(null)).toBe('');
    expect(displayDate('2026-02-30')).toBe('');
  });

  it('turns what a person types into what the API takes', () => {
    expect(parseDisplayDate('09/05/2026')).toBe('2026-05-09');
    expect(parseDisplayDate(' 29/02/2024 ')).toBe('2024-02-29');
    expect(parseDisplayDate('29/02/2025')).toBeNull();
    expect(parseDisplayDate('2026-05-09')).toBeNull();
    expect(parseDisplayDate('9/5/2026')).toBeNull();
  });

  it('sends a local date as yyyy-mm-dd without a time-zone shift', () => {
    expect(toApiDate(new Date(2026, 0, 1, 23, 59))).toBe('2026-01-01');
    expect(toApiDate(new Date(2026, 0, 1, 0, 0))).toBe('2026-01-01');
  });

  it('checks API dates are real calendar dates', () => {
    expect(isApiDate('2026-12-31')).toBe(true);
    expect(isApiDate('2026-13-01')).toBe(false);
    expect(isApiDate('2026-04-31')).toBe(false);
    expect(isApiDate('26-04-01')).toBe(false);
    expect(fromApiDate('2026-04-30')?.getDate()).toBe(30);
  });

  it('shows a timestamp by its local calendar day', () => {
    const stamp = new Date(2026, 10, 23, 10, 30).toISOString();
    expect(displayDate(stamp)).toBe('23/11/2026');
  });

  it("today is Türkiye's day on any machine: 22:30 UTC is 01:30 of the next day there", () => {
    expect(todayInTurkey(new Date('2026-11-26T22:30:00Z'))).toBe('2026-11-27');
    expect(todayInTurkey(new Date('2026-11-26T20:59:59Z'))).toBe('2026-11-26');
    expect(todayInTurkey(new Date('2026-12-31T21:00:00Z'))).toBe('2027-01-01');
  });

  it('counts and moves calendar days', () => {
    expect(addDays('2026-11-27', -29)).toBe('2026-10-29');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(daysBetween('2026-11-27', '2026-12-07')).toBe(10);
    expect(daysBetween('2026-05-20', '2026-05-15')).toBe(-5);
  });
});
