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
import { errorResponse, okResponse } from '../../../common/schemas/list';
import { albumInScope, albumPageInScope } from '../../auth/access';
import { recordCalls } from '../../http/recordRoutes';
import { callerOf, routeDocs, type Api } from '../../http/types';
import { approvedPhotosOf, eventAlbums, pageItemOf, pagesOf } from './queries';
import { createPage, deletePage, reorderPages, updatePage } from './writes';

const docs = routeDocs('event-pages');

export async function eventPagesRoutes(app: Api) {
  const recordCall = recordCalls(app, docs);
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

  recordCall('GET', '/albums/:id/pages', albumInScope, {
    summary: 'Albümün etkinlik sayfaları (sırasıyla) ve sayfaya konabilecek onaylı fotoğrafları',
    answer: eventPagesAnswer,
    handle: (caller, album) => answerPages(album.id, album.name, caller.level),
  });

  recordCall('POST', '/albums/:id/pages', albumInScope, {
    summary: 'Albüme etkinlik sayfası ekler (layout: 1, 2, 3, 4 veya 6; photoIds: albümün onaylı fotoğrafları, sırasıyla)',
    body: eventPageBody,
    answer: eventPageAnswer,
    handle: async (caller, album, page) => ({ success: true as const, item: pageItemOf(await createPage(db, caller, album, page)) }),
  });

  recordCall('PUT', '/albums/:id/pages/order', albumInScope, {
    summary: 'Albümün etkinlik sayfalarını yeniden sıralar (ids: bütün sayfalar, yeni sırasıyla)',
    body: eventPageOrderBody,
    answer: eventPagesAnswer,
    handle: async (caller, album, order) => {
      await reorderPages(db, caller, album, order.ids);
      return answerPages(album.id, album.name, caller.level);
    },
  });

  recordCall('PUT', '/album-pages/:id', albumPageInScope, {
    summary: 'Etkinlik sayfasını günceller (version: okunan sürüm, eskiyse 409)',
    body: eventPageUpdateBody,
    answer: eventPageAnswer,
    errors: { 409: errorResponse },
    handle: async (caller, page, edit) => ({ success: true as const, item: pageItemOf(await updatePage(db, caller, page, edit)) }),
  });

  recordCall('DELETE', '/album-pages/:id', albumPageInScope, {
    summary: 'Etkinlik sayfasını siler (fotoğraflar albümde kalır)',
    answer: okResponse,
    handle: async (caller, page) => {
      await deletePage(db, caller, page);
      return { success: true as const };
    },
  });
}
