/** Writing the yearbook design: the studio's or a school's settings, removing a school's override, the cover image, the studio's ICC profile; each audited. */
import { isDeepStrictEqual } from 'node:util';
import { eq } from 'drizzle-orm';
import { designSettings, type DesignSettings } from '../../../common/schemas/design';
import { tr } from '../../../common/tr';
import type { Caller } from '../../auth/caller';
import type { Db, Tx } from '../../db/client';
import { insertOne } from '../../db/rows';
import { designs } from '../../db/schema';
import { staleRecord, updateAtVersion } from '../../db/versions';
import { badRequest, conflictOnDuplicate, fieldError, notFound } from '../../core/errors';
import { normaliseImage, storeImage, uploadNotImage } from '../../images/branding';
import type { FileStore } from '../../storage/store';
import { checkPrintProfile } from '../../typesetting/icc';
import { changedFields, recordAudit } from '../../core/audit';
import { designRow, effectiveDesign } from './queries';

/** Creates or replaces the settings of a design row; answers its id. */
async function upsertDesign(tx: Tx, studioId: number, schoolId: number | null, settings: DesignSettings): Promise<number> {
  const existing = await designRow(tx, studioId, schoolId);
  if (existing) {
    await tx.update(designs).set({ settings, updatedAt: new Date() }).where(eq(designs.id, existing.id));
    return existing.id;
  }
  return (await insertOne(tx, designs, { studioId, schoolId, settings })).id;
}

/**
 * Saves the studio's design (schoolId null) or a school's override of it, if the scope's own row
 * is still at the version the form read (0: none yet; two first saves at once make one row, the
 * other gets the 409).
 */
export async function saveDesign(db: Db, images: FileStore, caller: Caller, schoolId: number | null, settings: DesignSettings, version: number): Promise<void> {
  const before = await effectiveDesign(db, caller.studioId, schoolId);
  // A cover comes only from an upload: the settings may keep the current one or drop it.
  const cover = settings.coverImageUrl;
  if (cover !== null && cover !== before.coverImageUrl) throw fieldError('settings.coverImageUrl', tr.design.coverUrlInvalid);
  // The printing condition is set on the studio's design; a profile comes only from an upload, and null removes it.
  const profile = settings.printProfile;
  if (schoolId !== null && (settings.printCondition !== before.printCondition || profile?.file !== before.printProfile?.file))
    throw fieldError('settings.printCondition', tr.design.printConditionStudioOnly);
  if (profile !== null && !isDeepStrictEqual(profile, before.printProfile)) throw fieldError('settings.printProfile', tr.design.printProfileOnlyUpload);
  const existing = await designRow(db, caller.studioId, schoolId);
  if ((existing?.version ?? 0) !== version) throw staleRecord();
  await conflictOnDuplicate(staleRecord, () =>
    db.transaction(async (tx) => {
      const rowId = existing
        ? (await updateAtVersion(tx, designs, existing.id, version, { settings, updatedAt: new Date() })).id
        : (await insertOne(tx, designs, { studioId: caller.studioId, schoolId, settings })).id;
      await recordAudit(tx, caller, 'update', 'design', { id: rowId, schoolId }, changedFields(auditable(before), auditable(settings)));
    }),
  );
  // A removed profile leaves the store once the design no longer names it.
  if (schoolId === null && before.printProfile && !profile) await images.remove(before.printProfile.file);
}

/** The settings as the audit log compares them: a profile by its description and size. */
const auditable = (settings: DesignSettings) => ({
  ...settings,
  printProfile: settings.printProfile && tr.design.printProfileSize(settings.printProfile.description, Math.round(settings.printProfile.bytes / 1024)),
});

/** Removes a school's own design, so the school follows the studio's again; none is a 404. */
export async function removeDesignOverride(db: Db, caller: Caller, schoolId: number | null): Promise<void> {
  const row = await designRow(db, caller.studioId, schoolId);
  if (!row) throw notFound();
  await db.transaction(async (tx) => {
    await tx.delete(designs).where(eq(designs.id, row.id));
    await recordAudit(tx, caller, 'delete', 'design', { id: row.id, schoolId });
  });
}

/** Checks and normalises an uploaded cover, stores it and points the design at it (a new URL each time). */
export async function setCover(db: Db, images: FileStore, caller: Caller, schoolId: number | null, upload: Buffer): Promise<void> {
  const image = await normaliseImage(upload, 'design-cover', uploadNotImage);
  const current = await effectiveDesign(db, caller.studioId, schoolId);
  await db.transaction(async (tx) => {
    const rowId = await upsertDesign(tx, caller.studioId, schoolId, current);
    await storeImage(images, 'design-cover', rowId, image);
    const settings = designSettings.parse({ ...current, coverImageUrl: `/api/files/design-cover/${rowId}?v=${Date.now()}` });
    await upsertDesign(tx, caller.studioId, schoolId, settings);
    await recordAudit(tx, caller, 'upload-cover', 'design', { id: rowId, schoolId }, { coverImageUrl: [current.coverImageUrl, settings.coverImageUrl] });
  });
}

/**
 * Checks an uploaded ICC profile (a CMYK output profile, see checkPrintProfile), stores it as the
 * studio's and points the studio's design at it (a new file each time; the one it replaces is
 * removed once the design no longer names it). A refused file stores nothing.
 */
export async function setPrintProfile(db: Db, images: FileStore, caller: Caller, upload: Buffer): Promise<void> {
  const checked = checkPrintProfile(upload);
  if (!checked.ok) {
    const message = checked.reason === 'not-icc' ? tr.design.printProfileNotIcc : tr.design.printProfileNotCmyk;
    throw badRequest(message, { file: message });
  }
  const current = await effectiveDesign(db, caller.studioId, null);
  await db.transaction(async (tx) => {
    const rowId = await upsertDesign(tx, caller.studioId, null, current);
    const file = `design-profile/${rowId}-${Date.now()}.icc`;
    await images.put(file, upload);
    const settings = designSettings.parse({ ...current, printProfile: { file, description: checked.description, bytes: upload.length } });
    await upsertDesign(tx, caller.studioId, null, settings);
    await recordAudit(
      tx,
      caller,
      'upload-print-profile',
      'design',
      { id: rowId, schoolId: null },
      { printProfile: [auditable(current).printProfile, auditable(settings).printProfile] },
    );
  });
  if (current.printProfile) await images.remove(current.printProfile.file);
}
