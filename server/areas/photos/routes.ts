/**
 * Student photos: upload (form-data), list, choose the portrait, delete, bulk upload after a
 * shoot, and serving the stored sizes — with a Bearer token in scope, or by a signed URL.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParams } from '../../../common/schemas/fields';
import { okResponse } from '../../../common/schemas/list';
import { bulkPhotoResult, photoItem, photoSizes, type PhotoSize } from '../../../common/schemas/students';
import { itemsAnswer } from '../../../common/schemas/answers';
import { tr } from '../../../common/tr';
import { branchInScope, photoInScope, schoolInScope, studentInScope, type PhotoRow } from '../../auth/access';
import { attachmentHeader } from '../../http/disposition';
import { HttpError, notFound } from '../../core/errors';
import { callerOf, routeDocs, scopedRecord, type Api } from '../../http/types';
import { photoUploadLimits } from '../../images/photos';
import { withSpooledFiles, type SpooledFile } from '../../storage/uploads';
import type { BulkScope } from './bulkMatch';
import { photoById, photoFile, photoItemOf, photosOf } from './queries';
import { addPhotos, addShootPhotos, deletePhoto, setPortrait } from './writes';

const docs = routeDocs('photos');

const photoList = itemsAnswer(photoItem);
const sizeParams = idParams.extend({ size: z.enum(photoSizes) });

export async function photosRoutes(app: Api) {
  const { config, photoUrls, storage } = app;
  const limits = { maxPixels: config.photoMaxPixels };
  /** Streams the request's files to disk (at most PHOTO_MAX_FILES photos, plus a bulk upload's index file) and hands them on. */
  const upload = <T>(request: FastifyRequest, extraFiles: number, use: (files: SpooledFile[]) => Promise<T>) =>
    withSpooledFiles(request, photoUploadLimits(config, extraFiles), use);
  const items = (rows: PhotoRow[], level: string) => ({ success: true as const, items: rows.map((r) => photoItemOf(r, photoUrls, level)) });
  const send = async (reply: FastifyReply, row: PhotoRow, size: PhotoSize, cacheSeconds: number) => {
    const data = await photoFile(storage.photos, row, size);
    reply.header('cache-control', `private, max-age=${Math.max(0, Math.floor(cacheSeconds))}`);
    reply.header('x-content-type-options', 'nosniff');
    if (size === 'download' || size === 'original') reply.header('content-disposition', attachmentHeader(`foto-${row.id}.jpg`, 'inline'));
    return reply.type('image/jpeg').send(data);
  };

  app.get('/students/:id/photos', docs('Öğrencinin fotoğrafları (önce vesikalık)', { params: idParams, response: { 200: photoList } }), async (request) => {
    const [caller, student] = await scopedRecord(request, studentInScope);
    return items(await photosOf(app.db, student.id), caller.level);
  });

  app.post(
    '/students/:id/photos',
    docs('Öğrenciye fotoğraf yükle (multipart/form-data, alan: files)', { params: idParams, response: { 200: photoList } }),
    async (request) => {
      const [caller, student] = await scopedRecord(request, studentInScope);
      const saved = await upload(request, 0, (files) => addPhotos(app.db, storage.photos, caller, student, files, limits));
      return items(saved, caller.level);
    },
  );

  app.put('/photos/:id/portrait', docs('Bu fotoğrafı vesikalık yap', { params: idParams, response: { 200: okResponse } }), async (request) => {
    const [caller, photo] = await scopedRecord(request, photoInScope);
    await setPortrait(app.db, caller, photo);
    return { success: true as const };
  });

  app.delete('/photos/:id', docs('Fotoğrafı sil', { params: idParams, response: { 200: okResponse } }), async (request) => {
    const [caller, photo] = await scopedRecord(request, photoInScope);
    await deletePhoto(app.db, storage.photos, caller, photo);
    return { success: true as const };
  });

  app.get('/photos/:id/file/:size', docs('Fotoğraf dosyası (Bearer, yetki alanında)', { params: sizeParams }), async (request, reply) => {
    const photo = await photoInScope(app.db, callerOf(request), request.params.id);
    return send(reply, photo, request.params.size, 300);
  });

  app.get(
    '/photo-files/:id/:size',
    docs(
      'Fotoğraf dosyası (kısa ömürlü imzalı bağlantı; yalnızca yetkili yanıtlarda verilir)',
      { params: sizeParams, querystring: z.object({ e: z.coerce.number().int().positive(), s: z.string().min(10).max(100) }) },
      'public',
    ),
    async (request, reply) => {
      const { id, size } = request.params;
      const verdict = photoUrls.verify(id, size, request.query.e, request.query.s);
      if (verdict === 'bad') throw notFound();
      if (verdict === 'expired') throw new HttpError(403, tr.students.photos.linkExpired);
      return send(reply, await photoById(app.db, id), size, request.query.e - Date.now() / 1000);
    },
  );

  const shoot = async (request: FastifyRequest, scope: BulkScope) => {
    const result = await upload(request, 1, (files) => addShootPhotos(app.db, storage.photos, callerOf(request), scope, files, limits));
    return { success: true as const, ...result };
  };
  const bulkSummary = 'toplu fotoğraf yükle (alan files: dosya adı = okul no; isteğe bağlı alan index: PSPA dizin dosyası)';

  app.post('/branches/:id/photos/bulk', docs(`Şubeye ${bulkSummary}`, { params: idParams, response: { 200: bulkPhotoResult } }), async (request) => {
    const branch = await branchInScope(app.db, callerOf(request), request.params.id);
    return shoot(request, { schoolId: branch.schoolId, branchId: branch.id });
  });

  app.post(
    '/schools/:id/photos/bulk',
    docs(`Okula ${bulkSummary}`, { params: idParams, response: { 200: bulkPhotoResult } }, ['panel', 'school']),
    async (request) => {
      const school = await schoolInScope(app.db, callerOf(request), request.params.id);
      return shoot(request, { schoolId: school.id });
    },
  );
}
