/** Typed calls of the message and nickname screens (views call these hooks, never fetch). */
import type { ListResult } from '../../../common/schemas/list';
import type { Message, MessageFilter, MessageListType, Nickname, NicknameFilter, ScopeChoice, StudentCount } from '../../../common/schemas/messages';
import { api } from '../../api';
import { useApiGet, useApiMutation } from '../../api/query';

export type ModerationAnswer = { success: true; count: number; undoToken: number | null };
export type OneMessage = { success: true; item: Message; undoToken?: number | null };
export type OneNickname = { success: true; item: Nickname; undoToken?: number | null };
export type Query = Record<string, string | number | undefined>;

export const MESSAGES_KEY = ['messages'];
export const NICKNAMES_KEY = ['nicknames'];

export const useStaffMessages = (kind: 'school' | 'branch', id: string, query: Query) =>
  useApiGet<ListResult<Message>>([...MESSAGES_KEY, kind, id], `${kind === 'school' ? 'schools' : 'branches'}/${id}/messages`, query, { keepPrevious: true });

export const useStudentMessages = (type: MessageListType, id: string, query: Query) =>
  useApiGet<ListResult<Message>>([...MESSAGES_KEY, 'student', type, id], `messages/${type}/${id}`, query, { keepPrevious: true });

export const useStudentCounts = (direction: 'from' | 'to', query: Query) =>
  useApiGet<ListResult<StudentCount>>([...MESSAGES_KEY, 'counts', direction], `message-${direction}`, query, { keepPrevious: true });

export const useNicknames = (query: Query) => useApiGet<ListResult<Nickname>>(NICKNAMES_KEY, 'nicknames', query, { keepPrevious: true });

export const useScopeChoices = () => useApiGet<{ success: true; items: ScopeChoice[]; acrossBranches: boolean }>(['message-scopes'], 'message-scopes');

export const useStudentOptions = (where: { branchId?: number; schoolId?: number } | null) =>
  useApiGet<{ success: true; items: Array<{ id: number; name: string; schoolNumber: string; branchId: number }> }>(
    ['message-students'],
    where ? 'message-students' : null,
    where ?? undefined,
  );

export const useCreateStaffMessage = (kind: 'school' | 'branch', id: string) =>
  useApiMutation((body: { body: string }) => api.post<OneMessage>(`${kind === 'school' ? 'schools' : 'branches'}/${id}/messages`, body), [MESSAGES_KEY]);

export const useCreateStudentMessage = () =>
  useApiMutation((body: { fromStudentId: number; toStudentId: number; body: string }) => api.post<OneMessage>('messages', body), [MESSAGES_KEY]);

export const useUpdateMessage = () =>
  useApiMutation(
    (v: { id: number; body?: string; status?: string; note?: string }) => {
      const { id, ...body } = v;
      return api.put<OneMessage>(`messages/${id}`, body);
    },
    [MESSAGES_KEY],
  );

export const useDeleteMessage = () => useApiMutation((id: number) => api.del<{ success: true }>(`messages/${id}`), [MESSAGES_KEY]);

export type BulkVars<F> = { action: 'approve' | 'reject'; note?: string; ids?: number[]; match?: F };
export const useModerateMessages = () =>
  useApiMutation(
    (body: BulkVars<{ type: MessageListType; id: number; filter: MessageFilter }>) => api.post<ModerationAnswer>('messages/moderate', body),
    [MESSAGES_KEY],
  );

export const useUndoMessages = () => useApiMutation((token: number) => api.post<{ success: true; count: number }>('messages/undo', { token }), [MESSAGES_KEY]);

export const useCreateNickname = () =>
  useApiMutation((body: { fromStudentId: number; toStudentId: number; text: string }) => api.post<OneNickname>('nicknames', body), [NICKNAMES_KEY]);
export const useUpdateNickname = () =>
  useApiMutation(
    (v: { id: number; text?: string; status?: string; note?: string }) => {
      const { id, ...body } = v;
      return api.put<OneNickname>(`nicknames/${id}`, body);
    },
    [NICKNAMES_KEY],
  );
export const useDeleteNickname = () => useApiMutation((id: number) => api.del<{ success: true }>(`nicknames/${id}`), [NICKNAMES_KEY]);
export const useModerateNicknames = () =>
  useApiMutation((body: BulkVars<NicknameFilter>) => api.post<ModerationAnswer>('nicknames/moderate', body), [NICKNAMES_KEY]);
export const useUndoNicknames = () =>
  useApiMutation((token: number) => api.post<{ success: true; count: number }>('nicknames/undo', { token }), [NICKNAMES_KEY]);
