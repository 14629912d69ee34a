/** Event albums: lists, one album, its photos (with the students tagged in them), its upload links, and a link by its token. */
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Album, AlbumPhoto, UploadLink } from '../../../common/schemas/albums';
import type { ListQuery } from '../../../common/schemas/list';
import { branchName } from '../../../common/text';
import { albumsWhere, type AlbumPhotoRow, type AlbumRow, type UploadLinkRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { albumPhotos, albums, albumUploadLinks, branches, photoTags, schools, students, users } from '../../db/schema';
import { notFound } from '../../core/errors';
import { orderFor, pagedList, pageSelect, searchCondition, turkishOrder } from '../../http/list';
import type { UrlSigner } from '../../storage/signedUrl';

/** The sha256 of an upload link's token: all the database keeps of it. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

// Written out with the table's name: inside a subquery Drizzle's unqualified "id" would be the photo's.
const photoCounts = {
  photoCount: sql<number>`(select count(*) from album_photos p where p.album_id = "albums"."id" and p.status = 'approved')`.mapWith(Number),
  pendingCount: sql<number>`(select count(*) from album_photos p where p.album_id = "albums"."id" and p.status = 'pending')`.mapWith(Number),
};

const albumColumns = {
  album: albums,
  grade: branches.grade,
  section: branches.section,
  ...photoCounts,
};

type AlbumSelect = { album: AlbumRow; grade: number | null; section: string | null; photoCount: number; pendingCount: number };

function albumOf(r: AlbumSelect): Album {
  const a = r.album;
  return {
    id: a.id,
    name: a.name,
    eventDate: a.eventDate,
    description: a.description,
    schoolId: a.schoolId,
    branchId: a.branchId,
    branchName: r.grade !== null && r.section !== null ? branchName({ grade: r.grade, section: r.section }) : '',
    photoCount: r.photoCount,
    pendingCount: r.pendingCount,
    createdAt: a.createdAt.toISOString(),
    version: a.version,
  };
}

const albumSelect = (db: Db) => db.select(albumColumns).from(albums).leftJoin(branches, eq(branches.id, albums.branchId));

/** Where an album list is: a school's (with its branches' albums) or one branch's. */
export type AlbumPlace = { schoolId: number } | { branchId: number };

/** The albums of a school or a branch the caller reaches, newest event first by default; searched by name. */
export async function listAlbums(db: Db, caller: Caller, place: AlbumPlace, query: ListQuery) {
  const where = and(
    albumsWhere(caller),
    'branchId' in place ? eq(albums.branchId, place.branchId) : eq(albums.schoolId, place.schoolId),
    searchCondition(albums.searchKey, query.q),
  );
  const sorts: Record<string, SQL> = {
    name: turkishOrder(albums.sortKey),
    eventDate: sql`${albums.eventDate}`,
    createdAt: sql`${albums.createdAt}`,
  };
  const order = query.sort ? orderFor(sorts, query, 'eventDate', albums.id) : [desc(albums.eventDate), desc(albums.id)];
  const { rows, total } = await pagedList(db, albums, where, query, true, (page) => pageSelect(albumSelect(db).$dynamic(), where, order, page));
  return { items: rows.map(albumOf), total };
}

export async function albumById(db: Db, id: number): Promise<Album> {
  const [row] = await albumSelect(db).where(eq(albums.id, id));
  if (!row) throw notFound();
  return albumOf(row);
}

/** The conditions of an album's photo list: a status, and a student tagged in them. */
function photoWhere(albumId: number, filter: { status?: AlbumPhotoRow['status']; studentId?: number }): SQL {
  return and(
    eq(albumPhotos.albumId, albumId),
    filter.status ? eq(albumPhotos.status, filter.status) : undefined,
    filter.studentId ? sql`exists (select 1 from photo_tags t where t.photo_id = "album_photos"."id" and t.student_id = ${filter.studentId})` : undefined,
  )!;
}

/** One album photo as the API answers it, with short-lived signed URLs of its sizes. */
export function albumPhotoOf(row: AlbumPhotoRow & { staffName: string | null }, tagged: AlbumPhoto['students'], signer: UrlSigner, level: string): AlbumPhoto {
  return {
    id: row.id,
    albumId: row.albumId,
    caption: row.caption,
    status: row.status,
    originalName: row.originalName,
    width: row.width,
    height: row.height,
    uploaderName: row.uploadLinkId !== null || !row.staffName ? row.uploaderName : row.staffName,
    viaLink: row.uploadLinkId !== null,
    createdAt: row.createdAt.toISOString(),
    students: tagged,
    thumbUrl: signer.url(level, row.id, 'thumb', 'album'),
    photoUrl: signer.url(level, row.id, 'display', 'album'),
    downloadUrl: signer.url(level, row.id, 'download', 'album'),
  };
}

/** The students confirmed in each of these photos, by name. */
async function tagsOf(db: Db, photoIds: number[]): Promise<Map<number, AlbumPhoto['students']>> {
  const tagged = new Map<number, AlbumPhoto['students']>();
  if (!photoIds.length) return tagged;
  const rows = await db
    .select({ photoId: photoTags.photoId, id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(photoTags)
    .innerJoin(students, eq(students.id, photoTags.studentId))
    .where(inArray(photoTags.photoId, photoIds))
    .orderBy(turkishOrder(students.sortKey), students.id);
  for (const r of rows) tagged.set(r.photoId, [...(tagged.get(r.photoId) ?? []), { id: r.id, name: `${r.firstName} ${r.lastName}` }]);
  return tagged;
}

/** An album's photos in upload order, a page at a time, with the students tagged in each. */
export async function listAlbumPhotos(
  db: Db,
  album: AlbumRow,
  query: Pick<ListQuery, 'page' | 'perPage'> & { status?: AlbumPhotoRow['status']; studentId?: number },
  signer: UrlSigner,
  level: string,
) {
  const where = photoWhere(album.id, query);
  const { rows, total } = await pagedList(db, albumPhotos, where, query, true, (page) =>
    db
      .select({ photo: albumPhotos, staffName: users.name })
      .from(albumPhotos)
      .leftJoin(users, eq(users.id, albumPhotos.uploadedBy))
      .where(where)
      .orderBy(asc(albumPhotos.id))
      .limit(page.limit)
      .offset(page.offset),
  );
  const tags = await tagsOf(
    db,
    rows.map((r) => r.photo.id),
  );
  return { items: rows.map((r) => albumPhotoOf({ ...r.photo, staffName: r.staffName }, tags.get(r.photo.id) ?? [], signer, level)), total };
}

/** One photo as a list shows it (after an edit). */
export async function albumPhotoItem(db: Db, id: number, signer: UrlSigner, level: string): Promise<AlbumPhoto> {
  const [row] = await db
    .select({ photo: albumPhotos, staffName: users.name })
    .from(albumPhotos)
    .leftJoin(users, eq(users.id, albumPhotos.uploadedBy))
    .where(eq(albumPhotos.id, id));
  if (!row) throw notFound();
  const tags = await tagsOf(db, [id]);
  return albumPhotoOf({ ...row.photo, staffName: row.staffName }, tags.get(id) ?? [], signer, level);
}

/** A photo by id alone, for a signed URL (the signature stands for the scope check). */
export async function albumPhotoById(db: Db, id: number): Promise<AlbumPhotoRow> {
  const [row] = await db.select().from(albumPhotos).where(eq(albumPhotos.id, id));
  if (!row) throw notFound();
  return row;
}

/** The photos of an album among `ids`: every id must be one of its photos. */
export async function albumPhotosAmong(db: Db, albumId: number, ids: number[]): Promise<AlbumPhotoRow[]> {
  return db
    .select()
    .from(albumPhotos)
    .where(and(eq(albumPhotos.albumId, albumId), inArray(albumPhotos.id, ids)));
}

/** The students tagged in an album's photos, with how many photos each is in: the filter's choices. */
export async function albumStudents(db: Db, albumId: number) {
  const photos = count(photoTags.photoId);
  const rows = await db
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName, photos })
    .from(photoTags)
    .innerJoin(albumPhotos, eq(albumPhotos.id, photoTags.photoId))
    .innerJoin(students, eq(students.id, photoTags.studentId))
    .where(eq(albumPhotos.albumId, albumId))
    .groupBy(students.id)
    .orderBy(turkishOrder(students.sortKey), students.id);
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`, photos: Number(r.photos) }));
}

const linkState = (link: UploadLinkRow, now: Date): UploadLink['state'] => (link.revokedAt ? 'revoked' : link.expiresAt <= now ? 'expired' : 'active');

export function uploadLinkOf(link: UploadLinkRow, photoCount: number, now = new Date()): UploadLink {
  return {
    id: link.id,
    label: link.label,
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: link.revokedAt?.toISOString() ?? null,
    createdAt: link.createdAt.toISOString(),
    state: linkState(link, now),
    photoCount,
  };
}

/** An album's upload links, newest first, with how many photos came through each. */
export async function uploadLinksOf(db: Db, albumId: number): Promise<UploadLink[]> {
  const rows = await db
    .select({
      link: albumUploadLinks,
      photos: sql<number>`(select count(*) from album_photos p where p.upload_link_id = "album_upload_links"."id")`.mapWith(Number),
    })
    .from(albumUploadLinks)
    .where(eq(albumUploadLinks.albumId, albumId))
    .orderBy(desc(albumUploadLinks.id));
  const now = new Date();
  return rows.map((r) => uploadLinkOf(r.link, r.photos, now));
}

/** The link a token opens, with its album and school; answers its state so the caller words a stopped link. */
export async function linkByToken(db: Db, token: string) {
  const [row] = await db
    .select({ link: albumUploadLinks, album: albums, schoolName: schools.name })
    .from(albumUploadLinks)
    .innerJoin(albums, eq(albums.id, albumUploadLinks.albumId))
    .innerJoin(schools, eq(schools.id, albums.schoolId))
    .where(eq(albumUploadLinks.tokenHash, tokenHash(token)));
  if (!row) return null;
  return { ...row, state: linkState(row.link, new Date()) };
}
