/** The white label's reads: the public image files, and the studio's name, logo and colour for the login page. */
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { studios } from '../../db/schema';
import { notFound } from '../../core/errors';
import { imageKey, type ImageKind } from '../../images/branding';
import type { FileStore } from '../../storage/store';
import { effectiveDesign } from '../design/queries';
import { studioInfo } from '../studio/queries';

/** A logo's or cover's bytes (WebP), or 404. */
export async function brandingImage(images: FileStore, kind: ImageKind, id: number): Promise<Buffer> {
  const bytes = await images.get(imageKey(kind, id));
  if (!bytes) throw notFound();
  return bytes;
}

/** The login page's branding: the first studio's (one studio per deployment). */
export async function loginBranding(db: Db) {
  const [first] = await db.select({ id: studios.id }).from(studios).orderBy(asc(studios.id)).limit(1);
  if (!first) throw notFound();
  const [studio, design] = await Promise.all([studioInfo(db, first.id), effectiveDesign(db, first.id, null)]);
  return { name: studio.name, logoUrl: studio.logoUrl, primaryColor: design.primaryColor };
}
