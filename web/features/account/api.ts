/** Typed calls of the account screen: the caller's own password and sessions. */
import type { StaffCalls } from '../../api/calls';
import { call } from '../../api';
import type { CallOptions } from '../../api/client';
import { keys } from '../../api/keys';
import { useApiGet, useApiMutation } from '../../api/query';

export type SessionItem = StaffCalls['GET sessions']['response']['items'][number];

export const useSessions = () => useApiGet(keys.sessions(), 'GET sessions', {}, { alwaysFresh: true });

export const useChangePassword = () =>
  useApiMutation(
    ({ body, onErrorBody }: { body: StaffCalls['POST password']['body']; onErrorBody: CallOptions['onErrorBody'] }) =>
      call('POST password', { body, onErrorBody }),
    [keys.sessions()],
  );

export const useEndSession = () => useApiMutation((id: number) => call('DELETE sessions/:id', { params: { id } }), [keys.sessions()]);
