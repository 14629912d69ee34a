/** Typed calls of the notifications screen. */
import type { ListResult } from '../../../common/schemas/list';
import type { NotificationBody, NotificationItem, NotificationUpdateBody, TargetsResponse } from '../../../common/schemas/notification';
import type { CallOptions } from '../../api/client';
import { api } from '../../api';
import { useApiGet, useApiMutation } from '../../api/query';

const NOTIFICATIONS_KEY = ['notifications'];

export function useNotificationList(query: Record<string, string | number>) {
  return useApiGet<ListResult<NotificationItem>>(NOTIFICATIONS_KEY, 'notifications', query, { keepPrevious: true });
}

/** Schools in scope; with a school, also its branches (the chained selects). */
export function useTargets(schoolId: number | null, enabled = true) {
  return useApiGet<TargetsResponse>(['notification-targets'], enabled ? 'notifications/targets' : null, schoolId ? { schoolId } : undefined);
}

type Saved = { success: true; item: NotificationItem };

export function useSaveNotification() {
  return useApiMutation(
    ({ id, body, onErrorBody }: { id?: number; body: NotificationBody | NotificationUpdateBody; onErrorBody?: CallOptions['onErrorBody'] }) =>
      id ? api.put<Saved>(`notifications/${id}`, body, { onErrorBody }) : api.post<Saved>('notifications', body),
    [NOTIFICATIONS_KEY, ['statistics']],
  );
}

/** Sends one at once; the server refuses a second send of the same notification. */
export function useSendNow() {
  return useApiMutation((id: number) => api.post<Saved>(`notifications/${id}/send`, {}), [NOTIFICATIONS_KEY, ['statistics']]);
}

export function useDeleteNotification() {
  return useApiMutation((id: number) => api.del(`notifications/${id}`), [NOTIFICATIONS_KEY, ['statistics']]);
}

/** The body a status change sends: the notification as it is, with the new status. */
export function bodyOf(item: NotificationItem, status: NotificationBody['status']): NotificationUpdateBody {
  return { title: item.title, body: item.body, targetType: item.targetType, targetId: item.targetId, sendDate: item.sendDate, status, version: item.version };
}

/** Reads one notification as stored now (an edit form reloads it after someone else changed it). */
export const readNotification = async (id: number) => {
  const res = await api.get<Saved>(`notifications/${id}`);
  return res && res.item;
};
