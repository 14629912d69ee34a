/**
 * Event albums: schools/{id}/albums and branches/{id}/albums (list, create), albums/{id} (read,
 * edit, delete), its photos (list, upload, approve or reject, delete, caption, the students in
 * them, the files by signed URL) and its upload links (list, create, revoke); and the public page's
 * calls of an upload link (album-upload/{token}), which anyone with the link may make.
 *
 * Scope: panel its studio's albums, a school manager its school's (the whole school's and its
 * branches'), a branch manager only its own branch's (see access.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LEVELS } from '../../../common/levels';
import {
  album,
  albumBody,
  albumListQuery,
  albumPhoto,
  albumPhotoQuery,
  albumStudents as albumStudentsAnswer,
  albumUpdateBody,
  captionBody,
  linkTokenParams,
  photoDecisionBody,
  photoIdsBody,
  publicLinkAnswer,
  uploadLink,
  uploadLinkBody,
  uploadLinkCreated,
} from '../../../common/schemas/albums';
import { countAnswer, itemAnswer, itemsAnswer } from '../../../common/schemas/answers';
import { id, idParams } from '../../../common/schemas/fields';
import { errorResponse } from '../../../common/schemas/list';
import { photoSizes } from '../../../common/schemas/students';
import { tr } from '../../../common/tr';
import { albumInScope, albumPhotoInScope, branchInScope, schoolInScope, uploadLinkInScope, type AlbumRow, type SchoolRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import { takeAllowance } from '../../auth/loginLimiter';
import { HttpError, fieldError, notFound } from '../../core/errors';
import { attachmentHeader } from '../../http/disposition';
import { editableRecordRoutes, recordCalls, scopedListRoute } from '../../http/recordRoutes';
import { routeDocs, scopedRecord, type Api } from '../../http/types';
import { photoUploadLimits } from '../../images/photos';
import { withSpooledFiles, type SpooledFile } from '../../storage/uploads';
import { photoFile } from '../photos/queries';
import {
  albumById,
  albumPhotoById,
  albumPhotoItem,
  albumPhotoOf,
  albumStudents,
  linkByToken,
  listAlbumPhotos,
  listAlbums,
  uploadLinkOf,
  uploadLinksOf,
} from './queries';
import {
  addAlbumPhotos,
  createAlbum,
  createUploadLink,
  decideAlbumPhotos,
  deleteAlbum,
  deleteAlbumPhotos,
  revokeUploadLink,
  setAlbumPhotoCaption,
  updateAlbum,
  type AlbumUploader,
} from './writes';

const docs = routeDocs('albums');
const t = tr.albums;

const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const albumAnswer = itemAnswer(album);
/** From a school's page, an album may be one branch's of that school. */
const schoolAlbumBody = albumBody.extend({ branchId: id.nullable().default(null) });
const sizeParams = idParams.extend({ size: z.enum(photoSizes) });
const uploaderName = z.string().trim().min(1).max(100);

/** An album photo's file by its signed URL, for the staff levels and the student portal alike: the signature stands for the scope check. */
export function albumPhotoFileRoute(app: Api) {
  app.get(
    '/album-photo-files/:id/:size',
    docs(
      'Albüm fotoğrafı dosyası (kısa ömürlü imzalı bağlantı; yalnızca yetkili yanıtlarda verilir)',
      { params: sizeParams, querystring: z.object({ e: z.coerce.number().int().positive(), s: z.string().min(10).max(100) }) },
      'public',
    ),
    async (request, reply) => {
      const { id: photoId, size } = request.params;
      const verdict = app.photoUrls.verify(photoId, size, request.query.e, request.query.s, 'album');
      if (verdict === 'bad') throw notFound();
      if (verdict === 'expired') throw new HttpError(403, tr.students.photos.linkExpired);
      const data = await photoFile(app.storage.photos, await albumPhotoById(app.db, photoId), size);
      reply.header('cache-control', `private, max-age=${Math.max(0, Math.floor(request.query.e - Date.now() / 1000))}`);
      reply.header('x-content-type-options', 'nosniff');
      if (size === 'download' || size === 'original') reply.header('content-disposition', attachmentHeader(`etkinlik-${photoId}.jpg`, 'inline'));
      return reply.type('image/jpeg').send(data);
    },
  );
}

export async function albumsRoutes(app: Api) {
  const recordCall = recordCalls(app, docs, { errors });
  const { config, photoUrls, storage } = app;
  const limits = { maxPixels: config.photoMaxPixels };
  const one = async (albumId: number) => ({ success: true as const, item: await albumById(app.db, albumId) });
  const upload = <T>(request: FastifyRequest, use: (files: SpooledFile[], fields: Record<string, string>) => Promise<T>) =>
    withSpooledFiles(request, photoUploadLimits(config), use);
  const photoItems = (rows: Parameters<typeof albumPhotoOf>[0][], level: string) => rows.map((row) => albumPhotoOf(row, [], photoUrls, level));

  /** The branch a new album of a school's page goes to: a branch manager's own always; otherwise the one named, which must be the school's. */
  async function branchOfNew(caller: Caller, school: SchoolRow, branchId: number | null): Promise<number | null> {
    if (caller.level === 'branch') return caller.branchId;
    if (branchId === null) return null;
    const branch = await branchInScope(app.db, caller, branchId).catch(() => null);
    if (!branch || branch.schoolId !== school.id) throw fieldError('branchId', tr.validation.choice);
    return branch.id;
  }

  scopedListRoute(app, docs, {
    path: '/schools/:id/albums',
    summary: 'Okulun etkinlik albümleri (şubelerinkiler dahil; şube yöneticisi yalnızca kendi şubesininkileri görür)',
    inScope: schoolInScope,
    query: albumListQuery,
    item: album,
    errors,
    list: (caller, school, query) => listAlbums(app.db, caller, { schoolId: school.id }, query),
  });

  recordCall('POST', '/schools/:id/albums', schoolInScope, {
    summary: 'Okula yeni etkinlik albümü (branchId: okulun bir şubesinin albümü; şube yöneticisininki kendi şubesinin olur)',
    body: schoolAlbumBody,
    answer: albumAnswer,
    handle: async (caller, school, { branchId, ...body }) => {
      const place = { studioId: school.studioId, schoolId: school.id, branchId: await branchOfNew(caller, school, branchId) };
      return one(await createAlbum(app.db, caller, place, body));
    },
  });

  scopedListRoute(app, docs, {
    path: '/branches/:id/albums',
    summary: 'Şubenin etkinlik albümleri',
    inScope: branchInScope,
    query: albumListQuery,
    item: album,
    errors,
    list: (caller, branch, query) => listAlbums(app.db, caller, { branchId: branch.id }, query),
  });

  recordCall('POST', '/branches/:id/albums', branchInScope, {
    summary: 'Şubeye yeni etkinlik albümü',
    body: albumBody,
    answer: albumAnswer,
    handle: async (caller, branch, body) => {
      const place = { studioId: branch.studioId, schoolId: branch.schoolId, branchId: branch.id };
      return one(await createAlbum(app.db, caller, place, body));
    },
  });

  editableRecordRoutes(app, docs, {
    path: '/albums/:id',
    inScope: albumInScope,
    writers: LEVELS,
    errors,
    read: { summary: 'Bir etkinlik albümünün bilgileri' },
    answer: { schema: albumAnswer, of: (row) => one(row.id) },
    update: {
      summary: 'Etkinlik albümünü düzenler (version: okunan sürüm, eskiyse 409)',
      body: albumUpdateBody,
      save: (caller, before, body) => updateAlbum(app.db, caller, before, body),
    },
    remove: {
      summary: 'Etkinlik albümünü fotoğrafları ve yükleme bağlantılarıyla siler',
      remove: (caller, row) => deleteAlbum(app.db, storage.photos, caller, row),
    },
  });

  scopedListRoute(app, docs, {
    path: '/albums/:id/photos',
    summary: 'Albümün fotoğrafları (yükleme sırasıyla; status ve fotoğraftaki öğrenci ile süzülür)',
    inScope: albumInScope,
    query: albumPhotoQuery,
    item: albumPhoto,
    errors,
    list: (caller, row, query) => listAlbumPhotos(app.db, row, query, photoUrls, caller.level),
  });

  app.post(
    '/albums/:id/photos',
    docs('Albüme fotoğraf yükle (multipart/form-data, alan: files); personelin yüklediği hemen onaylanır', {
      params: idParams,
      response: { 200: itemsAnswer(albumPhoto), ...errors },
    }),
    async (request) => {
      const [caller, row] = await scopedRecord(request, albumInScope);
      const saved = await upload(request, (files) => addAlbumPhotos(app.db, storage.photos, { caller }, row, files, limits));
      return {
        success: true as const,
        items: photoItems(
          saved.map((photo) => ({ ...photo, staffName: caller.name })),
          caller.level,
        ),
      };
    },
  );

  recordCall('GET', '/albums/:id/students', albumInScope, {
    summary: 'Albümün fotoğraflarında etiketli öğrenciler ve kaç fotoğrafta oldukları',
    answer: albumStudentsAnswer,
    handle: async (_caller, row) => ({ success: true as const, items: await albumStudents(app.db, row.id) }),
  });

  recordCall('POST', '/albums/:id/photos/decide', albumInScope, {
    summary: 'Onay bekleyen fotoğrafları toplu onaylar veya reddeder',
    body: photoDecisionBody,
    answer: countAnswer,
    handle: async (caller, row, { ids, status }) => ({ success: true as const, count: await decideAlbumPhotos(app.db, caller, row, ids, status) }),
  });

  recordCall('POST', '/albums/:id/photos/delete', albumInScope, {
    summary: 'Albümün seçilen fotoğraflarını siler',
    body: photoIdsBody,
    answer: countAnswer,
    handle: async (caller, row, { ids }) => ({ success: true as const, count: await deleteAlbumPhotos(app.db, storage.photos, caller, row, ids) }),
  });

  recordCall('PUT', '/album-photos/:id', albumPhotoInScope, {
    summary: 'Albüm fotoğrafının açıklamasını değiştirir',
    body: captionBody,
    answer: itemAnswer(albumPhoto),
    handle: async (caller, photo, { caption }) => {
      await setAlbumPhotoCaption(app.db, caller, photo, caption);
      return { success: true as const, item: await albumPhotoItem(app.db, photo.id, photoUrls, caller.level) };
    },
  });

  albumPhotoFileRoute(app);

  recordCall('GET', '/albums/:id/upload-links', albumInScope, {
    summary: 'Albümün yükleme bağlantıları',
    answer: itemsAnswer(uploadLink),
    handle: async (_caller, row) => ({ success: true as const, items: await uploadLinksOf(app.db, row.id) }),
  });

  recordCall('POST', '/albums/:id/upload-links', albumInScope, {
    summary: 'Albüme yükleme bağlantısı oluşturur (bağlantının kendisi yalnızca bu yanıtta verilir)',
    body: uploadLinkBody,
    answer: uploadLinkCreated,
    handle: async (caller, row, body) => {
      const { row: link, token } = await createUploadLink(app.db, caller, row, body);
      return { success: true as const, item: uploadLinkOf(link, 0), token };
    },
  });

  recordCall('POST', '/upload-links/:id/revoke', uploadLinkInScope, {
    summary: 'Yükleme bağlantısını iptal eder; gelen fotoğraflar kalır',
    answer: itemAnswer(uploadLink),
    handle: async (caller, link) => {
      const revoked = await revokeUploadLink(app.db, caller, link);
      const item = (await uploadLinksOf(app.db, link.albumId)).find((l) => l.id === revoked.id)!;
      return { success: true as const, item };
    },
  });

  /** The link a public call names, or why it no longer works: unknown 404, expired or revoked 410, each in words a visitor understands. */
  async function openLink(token: string): Promise<{ album: AlbumRow; schoolName: string; link: Parameters<typeof uploadLinkOf>[0] }> {
    const found = await linkByToken(app.db, token);
    if (!found) throw new HttpError(404, t.upload.unknown);
    if (found.state === 'revoked') throw new HttpError(410, t.upload.revoked);
    if (found.state === 'expired') throw new HttpError(410, t.upload.expired);
    return found;
  }

  const publicErrors = { 400: errorResponse, 404: errorResponse, 410: errorResponse, 413: errorResponse, 429: errorResponse };

  app.get(
    '/album-upload/:token',
    docs('Yükleme bağlantısının albümü (herkese açık)', { params: linkTokenParams, response: { 200: publicLinkAnswer, ...publicErrors } }, 'public'),
    async (request) => {
      const { album: row, schoolName, link } = await openLink(request.params.token);
      return { success: true as const, item: { albumName: row.name, schoolName, label: link.label, expiresAt: link.expiresAt.toISOString() } };
    },
  );

  app.post(
    '/album-upload/:token/photos',
    docs(
      'Yükleme bağlantısıyla fotoğraf gönderir (herkese açık; multipart/form-data, alanlar: name, files); fotoğraflar onay bekler',
      { params: linkTokenParams, response: { 200: countAnswer, ...publicErrors } },
      'public',
    ),
    async (request, reply: FastifyReply) => {
      // Counted before the link is looked at or a byte is read: guessing tokens costs the same allowance.
      await takeAllowance(app.db, `album-upload:${request.ip}`, config.albumLinkUploadsPerHour, 60, reply);
      const { album: row, link } = await openLink(request.params.token);
      const saved = await upload(request, (files, fields) => {
        const name = uploaderName.safeParse(fields.name ?? '');
        if (!name.success) throw fieldError('name', t.upload.nameFirst);
        const uploader: AlbumUploader = { link, name: name.data };
        return addAlbumPhotos(app.db, storage.photos, uploader, row, files, limits);
      });
      return { success: true as const, count: saved.length };
    },
  );
}
