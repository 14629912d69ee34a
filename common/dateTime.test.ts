import { describe, expect, it } from 'vitest';
import { displayDateTime } from './dates';

describe('displayDateTime: one look for every moment shown', () => {
  it('shows dd/mm/yyyy hh:mm in the reader’s clock, never the locale’s dotted date', () => {
    const moment = new Date(2026, 10, 27, 9, 5);
    expect(displayDateTime(moment.toISOString())).toBe('27/11/2026 09:05');
    expect(displayDateTime(null)).toBe('');
    expect(displayDateTime('dün')).toBe('');
  });
});
