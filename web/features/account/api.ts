/** Typed calls of the account screen: the caller's own password and sessions. */
import type { z } from 'zod';
import type { sessionsResponse } from '../../../common/schemas/auth';
import { api } from '../../api';
import type { CallOptions } from '../../api/client';
import { useApiGet, useApiMutation } from '../../api/query';

export type SessionItem = z.infer<typeof sessionsResponse>['items'][number];
const key = ['account-sessions'];

export const useSessions = () => useApiGet<{ success: true; items: SessionItem[] }>(key, 'sessions', undefined, { alwaysFresh: true });

export const useChangePassword = () =>
  useApiMutation(
    ({ body, onErrorBody }: { body: { currentPassword: string; newPassword: string }; onErrorBody: CallOptions['onErrorBody'] }) =>
      api.post<{ success: true }>('password', body, { onErrorBody }),
    [key],
  );

export const useEndSession = () => useApiMutation((id: number) => api.del<{ success: true }>(`sessions/${id}`), [key]);
