/** Typed calls of the notifications screen. */
import type { ListResult } from '../../../common/schemas/list';
import type { NotificationBody, NotificationItem, TargetsResponse } from '../../../common/schemas/notification';
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
    ({ id, body }: { id?: number; body: NotificationBody }) => (id ? api.put<Saved>(`notifications/${id}`, body) : api.post<Saved>('notifications', body)),
    [NOTIFICATIONS_KEY, ['statistics']],
  );
}

export function useDeleteNotification() {
  return useApiMutation((id: number) => api.del(`notifications/${id}`), [NOTIFICATIONS_KEY, ['statistics']]);
}

/** The body a status change sends: the notification as it is, with the new status. */
export function bodyOf(item: NotificationItem, status: NotificationBody['status']): NotificationBody {
  return { title: item.title, body: item.body, targetType: item.targetType, targetId: item.targetId, sendDate: item.sendDate, status };
}
