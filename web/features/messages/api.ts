/** Typed calls of the message screens (views call these hooks, never fetch). */
import type { ListResult } from '../../../common/schemas/list';
import type { Message, MessageFilter, MessageListType, StudentCount } from '../../../common/schemas/messages';
import { api } from '../../api';
import { useApiGet, useApiMutation } from '../../api/query';
import { useModerationCalls, type ModeratedKind } from '../moderation/api';

type Query = Record<string, string | number | undefined>;
/** What a bulk decision on a student message list names: the list and its filter. */
export type MessageMatch = { type: MessageListType; id: number; filter: MessageFilter };

const MESSAGES: ModeratedKind = { path: 'messages', textField: 'body' };
const staffPath = (kind: 'school' | 'branch', id: string) => `${kind === 'school' ? 'schools' : 'branches'}/${id}/messages`;

export const useStaffMessages = (kind: 'school' | 'branch', id: string, query: Query) =>
  useApiGet<ListResult<Message>>([MESSAGES.path, kind, id], staffPath(kind, id), query, { keepPrevious: true });

export const useStudentMessages = (type: MessageListType, id: string, query: Query) =>
  useApiGet<ListResult<Message>>([MESSAGES.path, 'student', type, id], `messages/${type}/${id}`, query, { keepPrevious: true });

export const useStudentCounts = (direction: 'from' | 'to', query: Query) =>
  useApiGet<ListResult<StudentCount>>([MESSAGES.path, 'counts', direction], `message-${direction}`, query, { keepPrevious: true });

/** A school's or a teacher's own message (the author is the caller). */
export const useCreateStaffMessage = (kind: 'school' | 'branch', id: string) =>
  useApiMutation((body: { body: string }) => api.post<{ success: true; item: Message }>(staffPath(kind, id), body), [[MESSAGES.path]]);

/** Every message, staff's or a student's, is edited, decided and deleted through the same calls. */
export const useMessageCalls = () => useModerationCalls<Message, MessageMatch>(MESSAGES);
