/**
 * Event pages (etkinlik sayfaları): staff choose an album's approved photos for the book's pages
 * and a layout of 1, 2, 3, 4 or 6 a page.
 */
import {
  eventAlbumsAnswer,
  eventPageAnswer,
  eventPageBody,
  eventPageOrderBody,
  eventPageUpdateBody,
  eventPagesAnswer,
} from '../../../common/schemas/eventPages';
import { idParams } from '../../../common/schemas/fields';
import { errorResponse, okResponse } from '../../../common/schemas/list';
import { albumInScope, albumPageInScope } from '../../auth/access';
import { callerOf, routeDocs, scopedRecord, type Api } from '../../http/types';
import { approvedPhotosOf, eventAlbums, pageItemOf, pagesOf } from './queries';
import { createPage, deletePage, reorderPages, updatePage } from './writes';

const docs = routeDocs('event-pages');
const refused = { 400: errorResponse, 404: errorResponse };

export async function eventPagesRoutes(app: Api) {
  const { db } = app;

  app.get(
    '/event-pages',
    docs('Yetki alanındaki etkinlik albümleri, yıllık sayfaları ve onaylı fotoğraflarının sayısıyla', { response: { 200: eventAlbumsAnswer } }),
    async (request) => ({
      success: true as const,
      items: await eventAlbums(db, callerOf(request)),
    }),
  );

  const answerPages = async (albumId: number, name: string, level: string) => ({
    success: true as const,
    album: { id: albumId, name },
    items: (await pagesOf(db, albumId)).map(pageItemOf),
    photos: await approvedPhotosOf(db, albumId, app.photoUrls, level),
  });

  app.get(
    '/albums/:id/pages',
    docs('Albümün etkinlik sayfaları (sırasıyla) ve sayfaya konabilecek onaylı fotoğrafları', {
      params: idParams,
      response: { 200: eventPagesAnswer, 404: errorResponse },
    }),
    async (request) => {
      const [caller, album] = await scopedRecord(request, albumInScope);
      return answerPages(album.id, album.name, caller.level);
    },
  );

  app.post(
    '/albums/:id/pages',
    docs('Albüme etkinlik sayfası ekler (layout: 1, 2, 3, 4 veya 6; photoIds: albümün onaylı fotoğrafları, sırasıyla)', {
      params: idParams,
      body: eventPageBody,
      response: { 200: eventPageAnswer, ...refused },
    }),
    async (request) => {
      const [caller, album] = await scopedRecord(request, albumInScope);
      return { success: true as const, item: pageItemOf(await createPage(db, caller, album, request.body)) };
    },
  );

  app.put(
    '/albums/:id/pages/order',
    docs('Albümün etkinlik sayfalarını yeniden sıralar (ids: bütün sayfalar, yeni sırasıyla)', {
      params: idParams,
      body: eventPageOrderBody,
      response: { 200: eventPagesAnswer, ...refused },
    }),
    async (request) => {
      const [caller, album] = await scopedRecord(request, albumInScope);
      await reorderPages(db, caller, album, request.body.ids);
      return answerPages(album.id, album.name, caller.level);
    },
  );

  app.put(
    '/album-pages/:id',
    docs('Etkinlik sayfasını günceller (version: okunan sürüm, eskiyse 409)', {
      params: idParams,
      body: eventPageUpdateBody,
      response: { 200: eventPageAnswer, 409: errorResponse, ...refused },
    }),
    async (request) => {
      const [caller, page] = await scopedRecord(request, albumPageInScope);
      return { success: true as const, item: pageItemOf(await updatePage(db, caller, page, request.body)) };
    },
  );

  app.delete(
    '/album-pages/:id',
    docs('Etkinlik sayfasını siler (fotoğraflar albümde kalır)', { params: idParams, response: { 200: okResponse, 404: errorResponse } }),
    async (request) => {
      const [caller, page] = await scopedRecord(request, albumPageInScope);
      await deletePage(db, caller, page);
      return { success: true as const };
    },
  );
}
