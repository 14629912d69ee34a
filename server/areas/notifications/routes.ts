/** Notifications: GET POST notifications, GET PUT DELETE notifications/{id}, and the targets a form offers. */
import { idParams } from '../../../common/schemas/fields';
import { errorResponse, listResponse, okResponse } from '../../../common/schemas/list';
import { itemAnswer } from '../../../common/schemas/answers';
import * as schemas from '../../../common/schemas/notification';
import { listAnswer } from '../../http/list';
import { callerOf, routeDocs, type Api } from '../../http/types';
import { findNotification, listNotifications, targetOptions } from './queries';
import { createNotification, deleteNotification, sendNow, updateNotification } from './writes';

const docs = routeDocs('notifications');

const oneNotification = itemAnswer(schemas.notificationItem);

export async function notificationsRoutes(app: Api) {
  app.get(
    '/notifications',
    docs('Bildirimler (sayfalı; durum, hedef türü ve okula göre süzülür)', {
      querystring: schemas.notificationListQuery,
      response: { 200: listResponse(schemas.notificationItem), 400: errorResponse },
    }),
    async (request) => {
      const { items, total } = await listNotifications(app.db, callerOf(request), request.query);
      return listAnswer(items, total, request.query);
    },
  );

  app.get(
    '/notifications/targets',
    docs('Hedef seçimi için kapsamdaki okullar ve seçilen okulun şubeleri', {
      querystring: schemas.targetsQuery,
      response: { 200: schemas.targetsResponse, 400: errorResponse },
    }),
    async (request) => ({ success: true as const, ...(await targetOptions(app.db, callerOf(request), request.query.schoolId)) }),
  );

  app.post(
    '/notifications',
    docs('Yeni bildirim (taslak veya zamanlanmış)', {
      body: schemas.notificationBody,
      response: { 200: oneNotification, 400: errorResponse, 404: errorResponse },
    }),
    async (request) => {
      const caller = callerOf(request);
      const id = await createNotification(app.db, caller, request.body);
      return { success: true as const, item: await findNotification(app.db, caller, id) };
    },
  );

  app.get('/notifications/:id', docs('Bir bildirim', { params: idParams, response: { 200: oneNotification, 404: errorResponse } }), async (request) => ({
    success: true as const,
    item: await findNotification(app.db, callerOf(request), request.params.id),
  }));

  app.put(
    '/notifications/:id',
    docs('Bildirimi günceller, zamanlar veya zamanlamayı iptal eder (gönderilmiş olan değişmez)', {
      params: idParams,
      body: schemas.notificationUpdateBody,
      response: { 200: oneNotification, 400: errorResponse, 404: errorResponse, 409: errorResponse },
    }),
    async (request) => {
      const caller = callerOf(request);
      const current = await findNotification(app.db, caller, request.params.id);
      await updateNotification(app.db, caller, current, request.body);
      return { success: true as const, item: await findNotification(app.db, caller, current.id) };
    },
  );

  app.post(
    '/notifications/:id/send',
    docs('Gönderilmemiş bildirimi hemen gönderir (gönderim tarihi bugün olur); gönderilmiş olan ikinci kez gönderilmez', {
      params: idParams,
      response: { 200: oneNotification, 404: errorResponse, 409: errorResponse },
    }),
    async (request) => {
      const caller = callerOf(request);
      await sendNow(app.db, caller, await findNotification(app.db, caller, request.params.id));
      return { success: true as const, item: await findNotification(app.db, caller, request.params.id) };
    },
  );

  app.delete(
    '/notifications/:id',
    docs('Gönderilmemiş bildirimi siler', { params: idParams, response: { 200: okResponse, 404: errorResponse, 409: errorResponse } }),
    async (request) => {
      const caller = callerOf(request);
      await deleteNotification(app.db, caller, await findNotification(app.db, caller, request.params.id));
      return { success: true as const };
    },
  );
}
