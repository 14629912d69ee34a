/** Writing the studio profile and its logo, each with its audit entry. */
import { eq } from 'drizzle-orm';
import type { StudioUpdateBody } from '../../../common/schemas/studio';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { studios } from '../../db/schema';
import { assertVersion, updateAtVersion } from '../../db/versions';
import { imageKey, normaliseImage, storeImage, uploadNotImage } from '../../images/branding';
import type { FileStore } from '../../storage/store';
import { changedFields, recordAudit } from '../../core/audit';
import { studioInfo } from './queries';

export async function updateStudio(db: Db, caller: Caller, input: StudioUpdateBody): Promise<void> {
  const { version, ...sent } = input;
  // A field left out is kept, and is no change.
  const body = Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined)) as Omit<StudioUpdateBody, 'version'>;
  const before = await studioInfo(db, caller.studioId);
  assertVersion(before, version);
  await db.transaction(async (tx) => {
    await updateAtVersion(tx, studios, caller.studioId, version, { ...body, updatedAt: new Date() });
    await recordAudit(tx, caller, 'update', 'studio', { id: caller.studioId, schoolId: null }, changedFields(before, body));
  });
}

/** Checks and normalises an uploaded logo, stores it and points the studio at it. */
export async function setStudioLogo(db: Db, images: FileStore, caller: Caller, upload: Buffer): Promise<void> {
  const image = await normaliseImage(upload, 'studio-logo', uploadNotImage);
  const key = imageKey('studio-logo', caller.studioId);
  await storeImage(images, 'studio-logo', caller.studioId, image);
  await db.transaction(async (tx) => {
    await tx.update(studios).set({ logoPath: key, updatedAt: new Date() }).where(eq(studios.id, caller.studioId));
    await recordAudit(tx, caller, 'upload-logo', 'studio', { id: caller.studioId, schoolId: null }, { bytes: image.web.length });
  });
}
