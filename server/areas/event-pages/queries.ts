/**
 * Reading event albums for the book's event pages: the albums of a scope with how far their pages
 * are, an album's pages in order and its approved photos (what a page may hold).
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { EventAlbum, EventPage, EventPhoto } from '../../../common/schemas/eventPages';
import type { ListQuery } from '../../../common/schemas/list';
import type { PhotoSize } from '../../../common/schemas/students';
import { albumsWhere, type AlbumPageRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db, Tx } from '../../db/client';
import { albumPages, albumPhotos, albums, photoTags } from '../../db/schema';
import { pagedList, pageSelect } from '../../http/list';
import type { UrlSigner } from '../../storage/signedUrl';

/** The albums the caller reaches, newest event first, each with its pages and approved photos counted. */
export async function eventAlbums(db: Db, caller: Caller): Promise<EventAlbum[]> {
  const pages = db.select({ n: count() }).from(albumPages).where(eq(albumPages.albumId, albums.id));
  const photos = db
    .select({ n: count() })
    .from(albumPhotos)
    .where(and(eq(albumPhotos.albumId, albums.id), eq(albumPhotos.status, 'approved')));
  return db
    .select({
      id: albums.id,
      name: albums.name,
      eventDate: albums.eventDate,
      branchId: albums.branchId,
      pages: sql<number>`(${pages})::int`,
      photos: sql<number>`(${photos})::int`,
    })
    .from(albums)
    .where(albumsWhere(caller))
    .orderBy(sql`${albums.eventDate} desc nulls last`, desc(albums.id))
    .limit(500);
}

export const pageItemOf = (row: AlbumPageRow): EventPage => ({
  id: row.id,
  albumId: row.albumId,
  position: row.position,
  layout: row.layout,
  photoIds: row.photoIds,
  version: row.version,
});

/** An album's event pages in their order. */
export async function pagesOf(db: Db | Tx, albumId: number): Promise<AlbumPageRow[]> {
  return db.select().from(albumPages).where(eq(albumPages.albumId, albumId)).orderBy(asc(albumPages.position), asc(albumPages.id));
}

/** The album's approved photos (a page holds only these), oldest first, with how many students are tagged in each. */
export async function approvedPhotosOf(db: Db, albumId: number, signer: UrlSigner, level: string): Promise<EventPhoto[]> {
  const tagged = db.select({ n: count() }).from(photoTags).where(eq(photoTags.photoId, albumPhotos.id));
  const rows = await db
    .select({ id: albumPhotos.id, caption: albumPhotos.caption, width: albumPhotos.width, height: albumPhotos.height, tagged: sql<number>`(${tagged})::int` })
    .from(albumPhotos)
    .where(and(eq(albumPhotos.albumId, albumId), eq(albumPhotos.status, 'approved')))
    .orderBy(asc(albumPhotos.id));
  return rows.map((row) => ({ ...row, thumbUrl: albumPhotoUrl(signer, level, row.id, 'thumb') }));
}

/** Which of these ids are approved photos of the album. */
export async function approvedOfAlbum(db: Db | Tx, albumId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: albumPhotos.id })
    .from(albumPhotos)
    .where(and(eq(albumPhotos.albumId, albumId), eq(albumPhotos.status, 'approved'), inArray(albumPhotos.id, ids)));
  return new Set(rows.map((row) => row.id));
}

/** A signed URL of an album photo's stored size (the album photo route of the level). */
const albumPhotoUrl = (signer: UrlSigner, level: string, id: number, size: PhotoSize) => signer.url(level, id, size, 'album');

/**
 * The approved album photos a student is tagged in, newest first, a page at a time. Shown on their
 * portal only while their parents' digital photo consent (`digital-photo`, the consent to their
 * photo on screens, which the portal is) is "yes"; without it, none.
 */
export async function taggedPhotosOf(db: Db, studentId: number, consented: boolean, query: Pick<ListQuery, 'page' | 'perPage'>, signer: UrlSigner) {
  if (!consented) return { items: [], total: 0 };
  const where = and(
    eq(albumPhotos.status, 'approved'),
    sql`exists (select 1 from photo_tags t where t.photo_id = "album_photos"."id" and t.student_id = ${studentId})`,
  );
  const { rows, total } = await pagedList(db, albumPhotos, where, query, true, (page) =>
    pageSelect(
      db
        .select({ id: albumPhotos.id, album: albums.name, caption: albumPhotos.caption, width: albumPhotos.width, height: albumPhotos.height })
        .from(albumPhotos)
        .innerJoin(albums, eq(albums.id, albumPhotos.albumId))
        .$dynamic(),
      where,
      [desc(albumPhotos.id)],
      page,
    ),
  );
  const items = rows.map((row) => ({
    ...row,
    thumbUrl: albumPhotoUrl(signer, 'student', row.id, 'thumb'),
    photoUrl: albumPhotoUrl(signer, 'student', row.id, 'display'),
  }));
  return { items, total };
}
