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
import { recordCalls } from '../../http/recordRoutes';
import { callerOf, routeDocs, type Api } from '../../http/types';
import { cropKey } from './job';
import { albumFaces, photoKeyOf, scanCounts, tagsOf } from './queries';
import { decideFace, decideFaces, scanAlbum, tagByHand, untag } from './writes';

const docs = routeDocs('faces');

const tagsAnswer = itemsAnswer(z.object({ studentId: z.number().int(), name: z.string(), faceId: z.number().int().nullable() }));

export async function facesRoutes(app: Api) {
  const recordCall = recordCalls(app, docs);
  const files = app.storage.photos;

  recordCall('GET', '/albums/:id/faces', albumInScope, {
    summary: 'Albümün onaylı fotoğraflarında bulunan yüzler: öneri (öğrenci, benzerlik), karar ve tarama durumu',
    answer: albumFacesAnswer,
    handle: async (_caller, album) => {
      const [items, scan] = await Promise.all([albumFaces(app.db, album), scanCounts(app.db, album)]);
      return { success: true as const, items, scan, album: { id: album.id, name: album.name, schoolId: album.schoolId, branchId: album.branchId } };
    },
  });

  recordCall('PUT', '/faces/:id', faceInScope, {
    summary: 'Bir yüz için karar: öneriyi onaylar ya da başka öğrenci atar (studentId), reddeder (null) veya yok sayar (ignored)',
    body: faceDecisionBody,
    answer: faceAnswer,
    handle: async (caller, face, decision) => {
      await decideFace(app.db, caller, face, decision);
      const album = await albumInScope(app.db, caller, face.albumId);
      const item = (await albumFaces(app.db, album)).find((f) => f.faceId === face.id);
      if (!item) throw notFound();
      return { success: true as const, item };
    },
  });

  recordCall('POST', '/albums/:id/faces/bulk', albumInScope, {
    summary: 'Albümün seçilen yüzlerinin önerilerini topluca onaylar ya da reddeder; değişen yüz sayısını döner',
    body: bulkFaceBody,
    answer: countAnswer,
    handle: async (caller, album, picked) => ({ success: true as const, count: await decideFaces(app.db, caller, album, picked) }),
  });

  recordCall('POST', '/albums/:id/faces/scan', albumInScope, {
    summary: 'Albümün onaylı fotoğraflarındaki yüzleri (yeniden) tarar; verilen kararlar korunur. Taranacak fotoğraf sayısını döner',
    answer: countAnswer,
    handle: async (caller, album) => ({ success: true as const, count: await scanAlbum(app.db, caller, album) }),
  });

  app.get('/faces/:id/crop', docs('Yüzün kırpılmış küçük görüntüsü (WebP)', { params: idParams }), async (request, reply) => {
    const face = await faceInScope(app.db, callerOf(request), request.params.id);
    const key = await photoKeyOf(app.db, face);
    const data = key ? await files.get(cropKey(key, face.id)) : null;
    if (!data) throw notFound();
    reply.header('cache-control', 'private, max-age=3600');
    reply.header('x-content-type-options', 'nosniff');
    return reply.type('image/webp').send(data);
  });

  recordCall('GET', '/album-photos/:id/tags', albumPhotoInScope, {
    summary: 'Albüm fotoğrafında işaretli öğrenciler',
    answer: tagsAnswer,
    handle: async (_caller, photo) => ({ success: true as const, items: await tagsOf(app.db, photo.id) }),
  });

  recordCall('POST', '/album-photos/:id/tags', albumPhotoInScope, {
    summary: 'Albüm fotoğrafında bir öğrenciyi elle işaretler',
    body: photoTagBody,
    answer: tagsAnswer,
    handle: async (caller, photo, tag) => {
      await tagByHand(app.db, caller, photo, tag.studentId);
      return { success: true as const, items: await tagsOf(app.db, photo.id) };
    },
  });

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
