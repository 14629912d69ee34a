/**
 * ICC profiles for the tests of the printing condition. No FOGRA51 profile may be kept in the repo,
 * so a stand-in is made from the shipped FOGRA39 profile (our own build) with another description;
 * a display profile is the same file with an RGB monitor header.
 */
import fs from 'node:fs';
import path from 'node:path';
import { paths } from '../paths';

const shipped = () => fs.readFileSync(path.join(paths.printProfiles, 'FOGRA39.icc'));

/** The offset and length of the text of the profile's v2 'desc' tag (its ASCII count holds the terminating NUL). */
function descriptionText(profile: Buffer): { at: number; length: number } {
  const tags = profile.readUInt32BE(128);
  for (let i = 0; i < tags; i++) {
    const entry = 132 + i * 12;
    if (profile.toString('latin1', entry, entry + 4) !== 'desc') continue;
    const offset = profile.readUInt32BE(entry + 4);
    return { at: offset + 12, length: profile.readUInt32BE(offset + 8) };
  }
  throw new Error('the shipped profile has no description');
}

/** A CMYK output profile describing itself as `description` (no longer than the shipped one's). */
export function cmykProfile(description = 'PSO Coated v3 (test)'): Buffer {
  const profile = shipped();
  const { at, length } = descriptionText(profile);
  if (description.length >= length) throw new Error('description too long for the stand-in');
  profile.fill(0, at, at + length);
  profile.write(description, at, 'latin1');
  return profile;
}

/** A display (monitor) RGB profile's header on the same tags: an ICC profile, but not one to print with. */
export function displayProfile(): Buffer {
  const profile = cmykProfile('Ekran sRGB');
  profile.write('mntr', 12, 'latin1');
  profile.write('RGB ', 16, 'latin1');
  return profile;
}
