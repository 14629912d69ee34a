/** Typed calls of the nickname suggestions screen. */
import type { Nickname, NicknameFilter } from '../../../common/schemas/messages';
import { call } from '../../api';
import { keys } from '../../api/keys';
import { useApiGet } from '../../api/query';
import { useModerationCalls, type ModeratedWrites } from '../moderation/api';

export const useNicknames = (query: Record<string, string | number | undefined>) =>
  useApiGet(keys.moderated('nicknames'), 'GET nicknames', { query }, { keepPrevious: true });

const nicknameWrites: ModeratedWrites<Nickname, NicknameFilter> = {
  kind: 'nicknames',
  create: ({ text, ...students }) => call('POST nicknames', { body: { ...students, text } }),
  update: ({ id, ...change }, onErrorBody) => call('PUT nicknames/:id', { params: { id }, body: change, onErrorBody }),
  remove: (id) => call('DELETE nicknames/:id', { params: { id } }),
  moderate: (body) => call('POST nicknames/moderate', { body }),
  undo: (token) => call('POST nicknames/undo', { body: { token } }),
};

export const useNicknameCalls = () => useModerationCalls(nicknameWrites);
