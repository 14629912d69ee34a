import { randomInt } from 'node:crypto';

// No look-alike letters (0/O, 1/l/I), so a password read out over the phone survives.
const LETTERS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A 12-character password from a cryptographic source, with at least one digit. */
export function generatePassword(): string {
  let out = '';
  for (let i = 0; i < 11; i++) out += LETTERS[randomInt(LETTERS.length)];
  return out + String(randomInt(2, 10));
}
