/** Typed calls of the nickname suggestions screen. */
import type { ListResult } from '../../../common/schemas/list';
import type { Nickname, NicknameFilter } from '../../../common/schemas/messages';
import { useApiGet } from '../../api/query';
import { useModerationCalls, type ModeratedKind } from '../moderation/api';

const NICKNAMES: ModeratedKind = { path: 'nicknames', textField: 'text' };

export const useNicknames = (query: Record<string, string | number | undefined>) =>
  useApiGet<ListResult<Nickname>>([NICKNAMES.path], 'nicknames', query, { keepPrevious: true });

export const useNicknameCalls = () => useModerationCalls<Nickname, NicknameFilter>(NICKNAMES);
