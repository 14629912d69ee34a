/** Typed calls of the message screens (views call these hooks, never fetch). */
import type { Message, MessageFilter, MessageListType } from '../../../common/schemas/messages';
import { call } from '../../api';
import { keys } from '../../api/keys';
import { useApiGet, useApiMutation } from '../../api/query';
import { useModerationCalls, type ModeratedWrites } from '../moderation/api';

type Query = Record<string, string | number | undefined>;
/** What a bulk decision on a student message list names: the list and its filter. */
export type MessageMatch = { type: MessageListType; id: number; filter: MessageFilter };

export const useStaffMessages = (kind: 'school' | 'branch', id: string, query: Query) =>
  useApiGet(
    keys.staffMessages(kind, id),
    kind === 'school' ? 'GET schools/:id/messages' : 'GET branches/:id/messages',
    { params: { id }, query },
    { keepPrevious: true },
  );

export const useStudentMessages = (type: MessageListType, id: string, query: Query) =>
  useApiGet(keys.studentMessages(type, id), 'GET messages/:type/:id', { params: { type, id }, query }, { keepPrevious: true });

export const useStudentCounts = (direction: 'from' | 'to', query: Query) =>
  useApiGet(keys.messageCounts(direction), direction === 'from' ? 'GET message-from' : 'GET message-to', { query }, { keepPrevious: true });

/** A school's or a teacher's own message (the author is the caller). */
export const useCreateStaffMessage = (kind: 'school' | 'branch', id: string) =>
  useApiMutation(
    (body: { body: string }) =>
      kind === 'school' ? call('POST schools/:id/messages', { params: { id }, body }) : call('POST branches/:id/messages', { params: { id }, body }),
    [keys.moderated('messages')],
  );

const messageWrites: ModeratedWrites<Message, MessageMatch> = {
  kind: 'messages',
  create: ({ text, ...students }) => call('POST messages', { body: { ...students, body: text } }),
  update: ({ id, text, ...decision }, onErrorBody) => call('PUT messages/:id', { params: { id }, body: { ...decision, body: text }, onErrorBody }),
  remove: (id) => call('DELETE messages/:id', { params: { id } }),
  moderate: (body) => call('POST messages/moderate', { body }),
  undo: (token) => call('POST messages/undo', { body: { token } }),
};

/** Every message, staff's or a student's, is edited, decided and deleted through the same calls. */
export const useMessageCalls = () => useModerationCalls(messageWrites);
