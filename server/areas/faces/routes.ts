/**
 * Face matching's calls: an album's faces for review, a decision on one face or on many, a face's
 * crop, and a student tagged on an album photo by hand. Every id is checked against the caller's
 * scope (404 outside it).
 */
import { z } from 'zod';
import { countAnswer, itemsAnswer } from '../../../common/schemas/answers';
import { albumFacesAnswer, bulkFaceBody, faceAnswer, faceDecisionBody, photoTagBody, photoTagParams } from '../../../common/schemas/faces';
import { idParams } from '../../../common/schemas/fields';
import { errorResponse } from '../../../common/schemas/list';
import { albumInScope, albumPhotoInScope, faceInScope } from '../../auth/access';
import { notFound } from '../../core/errors';
import { callerOf, routeDocs, scopedRecord, type Api } from '../../http/types';
import { cropKey } from './job';
import { albumFaces, photoKeyOf, scanCounts, tagsOf } from './queries';
import { decideFace, decideFaces, scanAlbum, tagByHand, untag } from './writes';

const docs = routeDocs('faces');

const tagsAnswer = itemsAnswer(z.object({ studentId: z.number().int(), name: z.string(), faceId: z.number().int().nullable() }));

export async function facesRoutes(app: Api) {
  const files = app.storage.photos;

  app.get(
    '/albums/:id/faces',
    docs('Albümün onaylı fotoğraflarında bulunan yüzler: öneri (öğrenci, benzerlik), karar ve tarama durumu', {
      params: idParams,
      response: { 200: albumFacesAnswer, 404: errorResponse },
    }),
    async (request) => {
      const album = await albumInScope(app.db, callerOf(request), request.params.id);
      const [items, scan] = await Promise.all([albumFaces(app.db, album), scanCounts(app.db, album)]);
      return { success: true as const, items, scan, album: { id: album.id, name: album.name, schoolId: album.schoolId, branchId: album.branchId } };
    },
  );

  app.put(
    '/faces/:id',
    docs('Bir yüz için karar: öneriyi onaylar ya da başka öğrenci atar (studentId), reddeder (null) veya yok sayar (ignored)', {
      params: idParams,
      body: faceDecisionBody,
      response: { 200: faceAnswer, 400: errorResponse, 404: errorResponse },
    }),
    async (request) => {
      const [caller, face] = await scopedRecord(request, faceInScope);
      await decideFace(app.db, caller, face, request.body);
      const album = await albumInScope(app.db, caller, face.albumId);
      const item = (await albumFaces(app.db, album)).find((f) => f.faceId === face.id);
      if (!item) throw notFound();
      return { success: true as const, item };
    },
  );

  app.post(
    '/albums/:id/faces/bulk',
    docs('Albümün seçilen yüzlerinin önerilerini topluca onaylar ya da reddeder; değişen yüz sayısını döner', {
      params: idParams,
      body: bulkFaceBody,
      response: { 200: countAnswer, 400: errorResponse, 404: errorResponse },
    }),
    async (request) => {
      const [caller, album] = await scopedRecord(request, albumInScope);
      return { success: true as const, count: await decideFaces(app.db, caller, album, request.body) };
    },
  );

  app.post(
    '/albums/:id/faces/scan',
    docs('Albümün onaylı fotoğraflarındaki yüzleri (yeniden) tarar; verilen kararlar korunur. Taranacak fotoğraf sayısını döner', {
      params: idParams,
      response: { 200: countAnswer, 404: errorResponse },
    }),
    async (request) => {
      const [caller, album] = await scopedRecord(request, albumInScope);
      return { success: true as const, count: await scanAlbum(app.db, caller, album) };
    },
  );

  app.get('/faces/:id/crop', docs('Yüzün kırpılmış küçük görüntüsü (WebP)', { params: idParams }), async (request, reply) => {
    const face = await faceInScope(app.db, callerOf(request), request.params.id);
    const key = await photoKeyOf(app.db, face);
    const data = key ? await files.get(cropKey(key, face.id)) : null;
    if (!data) throw notFound();
    reply.header('cache-control', 'private, max-age=3600');
    reply.header('x-content-type-options', 'nosniff');
    return reply.type('image/webp').send(data);
  });

  app.get(
    '/album-photos/:id/tags',
    docs('Albüm fotoğrafında işaretli öğrenciler', { params: idParams, response: { 200: tagsAnswer, 404: errorResponse } }),
    async (request) => {
      const photo = await albumPhotoInScope(app.db, callerOf(request), request.params.id);
      return { success: true as const, items: await tagsOf(app.db, photo.id) };
    },
  );

  app.post(
    '/album-photos/:id/tags',
    docs('Albüm fotoğrafında bir öğrenciyi elle işaretler', {
      params: idParams,
      body: photoTagBody,
      response: { 200: tagsAnswer, 400: errorResponse, 404: errorResponse },
    }),
    async (request) => {
      const [caller, photo] = await scopedRecord(request, albumPhotoInScope);
      await tagByHand(app.db, caller, photo, request.body.studentId);
      return { success: true as const, items: await tagsOf(app.db, photo.id) };
    },
  );

  app.delete(
    '/album-photos/:id/tags/:studentId',
    docs('Albüm fotoğrafındaki bir öğrencinin işaretini kaldırır', { params: photoTagParams, response: { 200: tagsAnswer, 404: errorResponse } }),
    async (request) => {
      const photo = await albumPhotoInScope(app.db, callerOf(request), request.params.id);
      await untag(app.db, callerOf(request), photo, request.params.studentId);
      return { success: true as const, items: await tagsOf(app.db, photo.id) };
    },
  );
}
