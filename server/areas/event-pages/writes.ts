/**
 * Writing an album's event pages: add, change, reorder and remove, each with its audit entry in
 * the same transaction. A page holds only approved photos of its own album.
 */
import { and, eq, max } from 'drizzle-orm';
import type { EventPageBody } from '../../../common/schemas/eventPages';
import { tr } from '../../../common/tr';
import type { AlbumPageRow, AlbumRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import { fieldError } from '../../core/errors';
import { recordAudit } from '../../core/audit';
import type { Db, Tx } from '../../db/client';
import { albumPages } from '../../db/schema';
import { updateAtVersion } from '../../db/versions';
import { approvedOfAlbum, pagesOf } from './queries';

const ENTITY = 'album-page';
const t = tr.eventPages;

async function assertAlbumPhotos(tx: Tx, albumId: number, photoIds: number[]) {
  const approved = await approvedOfAlbum(tx, albumId, photoIds);
  if (photoIds.some((id) => !approved.has(id))) throw fieldError('photoIds', t.notAlbumPhoto);
}

export async function createPage(db: Db, caller: Caller, album: AlbumRow, body: EventPageBody): Promise<AlbumPageRow> {
  return db.transaction(async (tx) => {
    await assertAlbumPhotos(tx, album.id, body.photoIds);
    const [last] = await tx
      .select({ position: max(albumPages.position) })
      .from(albumPages)
      .where(eq(albumPages.albumId, album.id));
    const [row] = await tx
      .insert(albumPages)
      .values({
        studioId: album.studioId,
        schoolId: album.schoolId,
        branchId: album.branchId,
        albumId: album.id,
        position: (last?.position ?? 0) + 1,
        layout: body.layout,
        photoIds: body.photoIds,
      })
      .returning();
    if (!row) throw new Error('album page not inserted');
    await recordAudit(tx, caller, 'create', ENTITY, { id: row.id, schoolId: row.schoolId }, { albumId: album.id, layout: row.layout, photoIds: row.photoIds });
    return row;
  });
}

export async function updatePage(db: Db, caller: Caller, page: AlbumPageRow, body: EventPageBody & { version: number }): Promise<AlbumPageRow> {
  return db.transaction(async (tx) => {
    await assertAlbumPhotos(tx, page.albumId, body.photoIds);
    const row = await updateAtVersion(tx, albumPages, page.id, body.version, { layout: body.layout, photoIds: body.photoIds, updatedAt: new Date() });
    await recordAudit(
      tx,
      caller,
      'update',
      ENTITY,
      { id: page.id, schoolId: page.schoolId },
      {
        layout: [page.layout, row.layout],
        photoIds: [page.photoIds, row.photoIds],
      },
    );
    return row;
  });
}

/** The album's pages in the order given, which must name each of its pages once. */
export async function reorderPages(db: Db, caller: Caller, album: AlbumRow, ids: number[]): Promise<AlbumPageRow[]> {
  return db.transaction(async (tx) => {
    const pages = await pagesOf(tx, album.id);
    const known = new Set(pages.map((p) => p.id));
    if (ids.length !== pages.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) throw fieldError('ids', t.orderMismatch);
    for (const [i, id] of ids.entries()) {
      const page = pages.find((p) => p.id === id);
      if (page?.position !== i + 1)
        await tx
          .update(albumPages)
          .set({ position: i + 1, updatedAt: new Date() })
          .where(and(eq(albumPages.id, id), eq(albumPages.albumId, album.id)));
    }
    await recordAudit(tx, caller, 'reorder', ENTITY, { id: album.id, schoolId: album.schoolId }, { ids });
    return pagesOf(tx, album.id);
  });
}

export async function deletePage(db: Db, caller: Caller, page: AlbumPageRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(albumPages).where(eq(albumPages.id, page.id));
    await recordAudit(tx, caller, 'delete', ENTITY, { id: page.id, schoolId: page.schoolId }, { albumId: page.albumId, photoIds: page.photoIds });
  });
}
