/** The check of an uploaded ICC profile before it becomes a print file's output profile. */
import { describe, expect, it } from 'vitest';
import { cmykProfile, displayProfile } from '../test/printProfiles';
import { checkPrintProfile } from './icc';

describe('checkPrintProfile', () => {
  it('takes a CMYK output profile and reads its description', () => {
    expect(checkPrintProfile(cmykProfile('PSO Coated v3'))).toEqual({ ok: true, description: 'PSO Coated v3' });
    // An XYZ connection space is as good as Lab.
    const xyz = cmykProfile();
    xyz.write('XYZ ', 20, 'latin1');
    expect(checkPrintProfile(xyz).ok).toBe(true);
  });

  it('reads a version 4 profile’s multi-language description', () => {
    const base = cmykProfile();
    // The 'desc' tag moved to the end as an 'mluc' of one record: "Ölçü" in UTF-16BE.
    const text = Buffer.from('Ölçü v4', 'utf16le').swap16();
    const mluc = Buffer.alloc(28 + text.length);
    mluc.write('mluc', 0, 'latin1');
    mluc.writeUInt32BE(1, 8);
    mluc.writeUInt32BE(12, 12);
    mluc.write('tr', 16, 'latin1');
    mluc.write('TR', 18, 'latin1');
    mluc.writeUInt32BE(text.length, 20);
    mluc.writeUInt32BE(28, 24);
    text.copy(mluc, 28);
    const profile = Buffer.concat([base, mluc]);
    profile.writeUInt32BE(profile.length, 0);
    profile.writeUInt32BE(base.length, 132 + 4);
    profile.writeUInt32BE(mluc.length, 132 + 8);
    expect(checkPrintProfile(profile)).toEqual({ ok: true, description: 'Ölçü v4' });
  });

  it('refuses what is no ICC profile: another file, a cut file, a wrong size or signature, a tag outside the file', () => {
    const profile = cmykProfile();
    const badSignature = Buffer.from(profile);
    badSignature.write('xxxx', 36, 'latin1');
    const badTag = Buffer.from(profile);
    badTag.writeUInt32BE(profile.length, 132 + 4);
    for (const bytes of [
      Buffer.from('%PDF-1.4 bir belge'),
      Buffer.alloc(0),
      profile.subarray(0, 4000),
      Buffer.concat([profile, Buffer.alloc(1)]),
      badSignature,
      badTag,
    ])
      expect(checkPrintProfile(bytes)).toEqual({ ok: false, reason: 'not-icc' });
  });

  it('refuses a display or RGB profile, and a CMYK one that is not an output profile', () => {
    expect(checkPrintProfile(displayProfile())).toEqual({ ok: false, reason: 'not-cmyk-output' });
    const link = cmykProfile();
    link.write('link', 12, 'latin1');
    const oddConnection = cmykProfile();
    oddConnection.write('RGB ', 20, 'latin1');
    for (const bytes of [link, oddConnection]) expect(checkPrintProfile(bytes)).toEqual({ ok: false, reason: 'not-cmyk-output' });
  });
});
