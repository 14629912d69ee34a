/** Typed calls of the notifications screen. */
import type { NotificationBody, NotificationItem, NotificationUpdateBody } from '../../../common/schemas/notification';
import type { CallOptions } from '../../api/client';
import { call } from '../../api';
import { keys } from '../../api/keys';
import { useApiGet, useApiMutation } from '../../api/query';

// Home counts the notifications.
const changed = [keys.notifications(), keys.statistics()];

export function useNotificationList(query: Record<string, string | number>) {
  return useApiGet(keys.notifications(), 'GET notifications', { query }, { keepPrevious: true });
}

/** Schools in scope; with a school, also its branches (the chained selects). */
export function useTargets(schoolId: number | null, enabled = true) {
  return useApiGet(keys.notificationTargets(), 'GET notifications/targets', enabled ? { query: schoolId ? { schoolId } : undefined } : null);
}

export function useSaveNotification() {
  return useApiMutation(
    ({ id, body, onErrorBody }: { id?: number; body: NotificationBody | NotificationUpdateBody; onErrorBody?: CallOptions['onErrorBody'] }) =>
      id ? call('PUT notifications/:id', { params: { id }, body: body as NotificationUpdateBody, onErrorBody }) : call('POST notifications', { body }),
    changed,
  );
}

/** Sends one at once; the server refuses a second send of the same notification. */
export function useSendNow() {
  return useApiMutation((id: number) => call('POST notifications/:id/send', { params: { id }, body: {} }), changed);
}

export function useDeleteNotification() {
  return useApiMutation((id: number) => call('DELETE notifications/:id', { params: { id } }), changed);
}

/** The body a status change sends: the notification as it is, with the new status. */
export function bodyOf(item: NotificationItem, status: NotificationBody['status']): NotificationUpdateBody {
  return { title: item.title, body: item.body, targetType: item.targetType, targetId: item.targetId, sendDate: item.sendDate, status, version: item.version };
}

/** Reads one notification as stored now (an edit form reloads it after someone else changed it). */
export const readNotification = async (id: number) => {
  const res = await call('GET notifications/:id', { params: { id } });
  return res && res.item;
};
