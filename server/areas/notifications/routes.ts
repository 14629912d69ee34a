/**
 * Notifications (design.md §3): GET POST notifications, GET PUT DELETE notifications/{id}.
 * Status: draft → scheduled → sent (by the send job); a scheduled one can be cancelled and a
 * draft or cancelled one planned again; a sent one is read-only.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { todayApiDate } from '../../../common/dates';
import { idParams } from '../../../common/schemas/fields';
import { errorResponse, listResponse, okResponse } from '../../../common/schemas/list';
import {
  notificationBody,
  notificationItem,
  notificationListQuery,
  targetsQuery,
  targetsResponse,
  type NotificationItem,
} from '../../../common/schemas/notification';
import { tr } from '../../../common/tr';
import type { Caller } from '../../auth/caller';
import { notifications } from '../../db/schema';
import { fieldError, HttpError } from '../../http/errors';
import { listAnswer, orderFor, pageOf, searchCondition } from '../../http/list';
import { callerOf, type Api } from '../../http/types';
import { changedFields, recordAudit } from '../audit/record';
import { findNotification, listNotifications, notificationSearchKey, targetOptions } from './queries';
import { resolveTarget } from './target';

const itemAnswer = z.object({ success: z.literal(true), item: notificationItem });
const sortable = {
  sendDate: notifications.sendDate,
  createdAt: notifications.createdAt,
  status: notifications.status,
};

/** A date in the past is refused whenever a notification is planned (not when it is cancelled). */
function requireFutureDate(sendDate: string, status: string) {
  if (status !== 'cancelled' && sendDate < todayApiDate()) throw fieldError('sendDate', tr.notifications.pastDate);
}

function requireEditable(current: NotificationItem, nextStatus: string) {
  if (current.status === 'sent') throw new HttpError(409, tr.notifications.sentReadOnly, { status: tr.notifications.sentReadOnly });
  if (nextStatus === 'cancelled' && current.status !== 'scheduled' && current.status !== 'cancelled') {
    throw fieldError('status', tr.notifications.onlyScheduledCancel);
  }
}

export async function notificationsRoutes(app: Api) {
  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Bildirimler (sayfalı; durum, hedef türü ve okula göre süzülür)',
        querystring: notificationListQuery,
        response: { 200: listResponse(notificationItem), 400: errorResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const q = request.query;
      const filters: Array<SQL | undefined> = [
        q.status ? eq(notifications.status, q.status) : undefined,
        q.targetType ? eq(notifications.targetType, q.targetType) : undefined,
        q.schoolId ? eq(notifications.schoolId, q.schoolId) : undefined,
        searchCondition(notifications.searchKey, q.q),
      ];
      const order = orderFor(sortable, q, 'sendDate', notifications.id);
      const { items, total } = await listNotifications(app.db, caller, and(...filters), order, pageOf(q));
      return listAnswer(items, total, q);
    },
  );

  app.get(
    '/notifications/targets',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Hedef seçimi için kapsamdaki okullar ve seçilen okulun şubeleri',
        querystring: targetsQuery,
        response: { 200: targetsResponse, 400: errorResponse },
      },
    },
    async (request) => ({ success: true as const, ...(await targetOptions(app.db, callerOf(request), request.query.schoolId)) }),
  );

  app.post(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Yeni bildirim (taslak veya zamanlanmış)',
        body: notificationBody,
        response: { 200: itemAnswer, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      if (body.status === 'cancelled') throw fieldError('status', tr.notifications.onlyScheduledCancel);
      requireFutureDate(body.sendDate, body.status);
      const target = await resolveTarget(app.db, caller, body);
      const id = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(notifications)
          .values({
            studioId: caller.studioId,
            authorUserId: caller.userId,
            title: body.title,
            body: body.body,
            searchKey: notificationSearchKey(body),
            sendDate: body.sendDate,
            status: body.status,
            ...target,
          })
          .returning({ id: notifications.id });
        await recordAudit(tx, caller, {
          action: 'create',
          entity: 'notification',
          entityId: row.id,
          schoolId: target.schoolId,
          changes: { ...body, ...target },
        });
        return row.id;
      });
      return { success: true as const, item: await findNotification(app.db, caller, id) };
    },
  );

  app.get(
    '/notifications/:id',
    { schema: { tags: ['notifications'], summary: 'Bir bildirim', params: idParams, response: { 200: itemAnswer, 404: errorResponse } } },
    async (request) => ({ success: true as const, item: await findNotification(app.db, callerOf(request), request.params.id) }),
  );

  app.put(
    '/notifications/:id',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Bildirimi günceller, zamanlar veya zamanlamayı iptal eder (gönderilmiş olan değişmez)',
        params: idParams,
        body: notificationBody,
        response: { 200: itemAnswer, 400: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      const current = await findNotification(app.db, caller, request.params.id);
      requireEditable(current, body.status);
      requireFutureDate(body.sendDate, body.status);
      const target = await resolveTarget(app.db, caller, body);
      await app.db.transaction(async (tx) => {
        // The status guard in WHERE keeps a send that happened meanwhile from being overwritten.
        const updated = await tx
          .update(notifications)
          .set({
            title: body.title,
            body: body.body,
            searchKey: notificationSearchKey(body),
            sendDate: body.sendDate,
            status: body.status,
            ...target,
            updatedAt: new Date(),
          })
          .where(and(eq(notifications.id, current.id), eq(notifications.status, current.status)))
          .returning({ id: notifications.id });
        if (!updated.length) throw new HttpError(409, tr.notifications.sentReadOnly, { status: tr.notifications.sentReadOnly });
        await recordAudit(tx, caller, {
          action: body.status !== current.status ? `status:${body.status}` : 'update',
          entity: 'notification',
          entityId: current.id,
          schoolId: target.schoolId,
          changes: changedFields(current as unknown as Record<string, unknown>, { ...body, ...target }),
        });
      });
      return { success: true as const, item: await findNotification(app.db, caller, current.id) };
    },
  );

  app.delete(
    '/notifications/:id',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Gönderilmemiş bildirimi siler',
        params: idParams,
        response: { 200: okResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const caller: Caller = callerOf(request);
      const current = await findNotification(app.db, caller, request.params.id);
      if (current.status === 'sent') throw new HttpError(409, tr.notifications.sentReadOnly);
      await app.db.transaction(async (tx) => {
        const deleted = await tx
          .delete(notifications)
          .where(and(eq(notifications.id, current.id), eq(notifications.status, current.status)))
          .returning({ id: notifications.id });
        if (!deleted.length) throw new HttpError(409, tr.notifications.sentReadOnly);
        await recordAudit(tx, caller, {
          action: 'delete',
          entity: 'notification',
          entityId: current.id,
          schoolId: current.schoolId,
          changes: { title: current.title },
        });
      });
      return { success: true as const };
    },
  );
}
