/**
 * Student photos: upload (form-data), list, choose the portrait, delete, bulk upload after a
 * shoot, and serving the stored sizes — with a Bearer token in scope, or by a signed URL.
 */
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParams as idParams } from '../../../common/schemas/fields';
import { okResponse } from '../../../common/schemas/list';
import { bulkPhotoResult, photoItem, photoSizes, type PhotoSize } from '../../../common/schemas/students';
import { tr } from '../../../common/tr';
import { photos } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { callerOf, type Api } from '../../http/types';
import { recordAudit } from '../audit/record';
import { urlSigner } from '../files/signedUrl';
import { fileStoreFor, type FileStore } from '../files/store';
import { readUploads } from '../files/uploads';
import { branchInScope, photoInScope, schoolInScope, studentInScope } from '../../auth/access';
import { bulkTargets } from './bulkMatch';
import { derivePhoto } from './images';
import { readPhotoIndex } from './photoIndex';
import { fileKey, photoItemOf, photosOf, removePhotoFiles, savePhoto, type PhotoRow } from './queries';

const tags = ['photos'];
const MAX_FILES = 50;
const BULK_MAX_FILES = 500;
const photoList = z.object({ success: z.literal(true), items: z.array(photoItem) });

async function sendStored(reply: FastifyReply, store: FileStore, row: PhotoRow, size: PhotoSize, cacheSeconds: number) {
  const data = await store.get(fileKey(row.storageKey, size));
  if (!data) throw notFound();
  reply.header('cache-control', `private, max-age=${Math.max(0, Math.floor(cacheSeconds))}`);
  reply.header('x-content-type-options', 'nosniff');
  if (size === 'download' || size === 'original') reply.header('content-disposition', `inline; filename="foto-${row.id}.jpg"`);
  return reply.type('image/jpeg').send(data);
}

export async function photosRoutes(app: Api) {
  const config = app.config;
  const signer = urlSigner(config.fileUrlSecret, config.fileUrlTtlMinutes);
  const store = fileStoreFor(config.dataDir);
  await app.register(multipart, { limits: { fileSize: Math.max(config.photoMaxBytes, config.importMaxBytes), files: BULK_MAX_FILES } });
  const tooLarge = tr.students.photos.tooLarge(Math.round((config.photoMaxBytes / 1024 / 1024) * 10) / 10);
  const process = (data: Buffer) => derivePhoto(data, { maxPixels: config.photoMaxPixels });

  app.get(
    '/students/:id/photos',
    { schema: { tags, summary: 'Öğrencinin fotoğrafları (önce vesikalık)', params: idParams, response: { 200: photoList } } },
    async (request) => {
      const caller = callerOf(request);
      const student = await studentInScope(app.db, caller, request.params.id);
      const rows = await photosOf(app.db, student.id);
      return { success: true as const, items: rows.map((r) => photoItemOf(r, signer, caller.level)) };
    },
  );

  app.post(
    '/students/:id/photos',
    { schema: { tags, summary: 'Öğrenciye fotoğraf yükle (multipart/form-data, alan: files)', params: idParams, response: { 200: photoList } } },
    async (request) => {
      const caller = callerOf(request);
      const student = await studentInScope(app.db, caller, request.params.id);
      const { files } = await readUploads(request, { maxFileBytes: config.photoMaxBytes, maxFiles: MAX_FILES, tooLarge });
      if (!files.length) throw new HttpError(400, tr.students.photos.noFile, { file: tr.students.photos.noFile });
      // Check every file before storing any, so one bad file stores nothing.
      const derived = [];
      for (const file of files) derived.push({ file, photo: await process(file.data) });
      const saved: PhotoRow[] = [];
      for (const { file, photo } of derived) saved.push(await savePhoto(app.db, store, caller, student, photo, file.fileName, file.data.length));
      return { success: true as const, items: saved.map((r) => photoItemOf(r, signer, caller.level)) };
    },
  );

  app.put(
    '/photos/:id/portrait',
    { schema: { tags, summary: 'Bu fotoğrafı vesikalık yap', params: idParams, response: { 200: okResponse } } },
    async (request) => {
      const caller = callerOf(request);
      const photo = await photoInScope(app.db, caller, request.params.id);
      await app.db.transaction(async (tx) => {
        await tx.update(photos).set({ isPortrait: false }).where(eq(photos.studentId, photo.studentId));
        await tx.update(photos).set({ isPortrait: true }).where(eq(photos.id, photo.id));
        await recordAudit(tx, caller, {
          action: 'portrait',
          entity: 'photo',
          entityId: photo.id,
          schoolId: photo.schoolId,
          changes: { studentId: photo.studentId },
        });
      });
      return { success: true as const };
    },
  );

  app.delete('/photos/:id', { schema: { tags, summary: 'Fotoğrafı sil', params: idParams, response: { 200: okResponse } } }, async (request) => {
    const caller = callerOf(request);
    const photo = await photoInScope(app.db, caller, request.params.id);
    await app.db.transaction(async (tx) => {
      await tx.delete(photos).where(eq(photos.id, photo.id));
      if (photo.isPortrait) {
        // The next photo becomes the portrait, so a student with photos always has one.
        const [next] = await tx.select({ id: photos.id }).from(photos).where(eq(photos.studentId, photo.studentId)).orderBy(photos.id).limit(1);
        if (next) await tx.update(photos).set({ isPortrait: true }).where(eq(photos.id, next.id));
      }
      await recordAudit(tx, caller, {
        action: 'delete',
        entity: 'photo',
        entityId: photo.id,
        schoolId: photo.schoolId,
        changes: { studentId: photo.studentId, originalName: photo.originalName },
      });
    });
    await removePhotoFiles(store, [photo.storageKey]);
    return { success: true as const };
  });

  const sizeParams = z.object({ id: z.coerce.number().int().positive(), size: z.enum(photoSizes) });

  app.get('/photos/:id/file/:size', { schema: { tags, summary: 'Fotoğraf dosyası (Bearer, yetki alanında)', params: sizeParams } }, async (request, reply) => {
    const caller = callerOf(request);
    const photo = await photoInScope(app.db, caller, request.params.id);
    return sendStored(reply, store, photo, request.params.size, 300);
  });

  app.get(
    '/photo-files/:id/:size',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Fotoğraf dosyası (kısa ömürlü imzalı bağlantı; yalnızca yetkili yanıtlarda verilir)',
        params: sizeParams,
        querystring: z.object({ e: z.coerce.number().int().positive(), s: z.string().min(10).max(100) }),
      },
    },
    async (request, reply) => {
      const { id, size } = request.params;
      const verdict = signer.verify(id, size, request.query.e, request.query.s);
      if (verdict === 'bad') throw notFound();
      if (verdict === 'expired') throw new HttpError(403, tr.students.photos.linkExpired);
      const [photo] = await app.db.select().from(photos).where(eq(photos.id, id));
      if (!photo) throw notFound();
      return sendStored(reply, store, photo, size, request.query.e - Date.now() / 1000);
    },
  );

  /**
   * Bulk upload after a shoot. Each photo goes to the student its file name gives: the index
   * file's row for it when one was sent (field `index`), otherwise the school number in the
   * name. Unmatched or unreadable files are listed with the reason, never dropped silently.
   */
  const bulk = async (request: FastifyRequest, scope: { schoolId: number; branchId?: number }) => {
    const caller = callerOf(request);
    const uploads = await readUploads(request, { maxFileBytes: config.photoMaxBytes, maxFiles: BULK_MAX_FILES, tooLarge });
    const indexFile = uploads.files.find((f) => f.fieldName === 'index');
    const files = uploads.files.filter((f) => f.fieldName !== 'index');
    if (!files.length) throw new HttpError(400, tr.students.photos.noFile, { file: tr.students.photos.noFile });
    const index = indexFile ? readPhotoIndex(indexFile.data) : null;
    const target = await bulkTargets(app.db, scope, files, index);
    const matched: Array<{ fileName: string; studentId: number; schoolNumber: string }> = [];
    const unmatched: Array<{ fileName: string; reason: string }> = [];
    for (const file of files) {
      const found = target(file.fileName);
      if ('reason' in found) {
        unmatched.push({ fileName: file.fileName, reason: found.reason });
        continue;
      }
      try {
        const photo = await process(file.data);
        await savePhoto(app.db, store, caller, found.student, photo, file.fileName, file.data.length);
        matched.push({ fileName: file.fileName, studentId: found.student.id, schoolNumber: found.student.schoolNumber });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        unmatched.push({ fileName: file.fileName, reason: error.message });
      }
    }
    return { success: true as const, matched, unmatched };
  };

  app.post(
    '/branches/:id/photos/bulk',
    {
      schema: {
        tags,
        summary: 'Şubeye toplu fotoğraf yükle (alan files: dosya adı = okul no; isteğe bağlı alan index: PSPA dizin dosyası)',
        params: idParams,
        response: { 200: bulkPhotoResult },
      },
    },
    async (request) => {
      const branch = await branchInScope(app.db, callerOf(request), request.params.id);
      return bulk(request, { schoolId: branch.schoolId, branchId: branch.id });
    },
  );

  app.post(
    '/schools/:id/photos/bulk',
    {
      config: { levels: ['panel', 'school'] },
      schema: {
        tags,
        summary: 'Okula toplu fotoğraf yükle (alan files: dosya adı = okul no; isteğe bağlı alan index: PSPA dizin dosyası)',
        params: idParams,
        response: { 200: bulkPhotoResult },
      },
    },
    async (request) => {
      const school = await schoolInScope(app.db, callerOf(request), request.params.id);
      return bulk(request, { schoolId: school.id });
    },
  );
}
