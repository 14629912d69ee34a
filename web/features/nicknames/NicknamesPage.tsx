/** nickname-messages: nickname suggestions, listed and moderated like student messages. */
import { NICKNAME_MAX, type Nickname } from '../../../common/schemas/messages';
import { tr } from '../../../common/tr';
import { idFilter } from '../moderation/api';
import { ModeratedText, ModerationList, useModerationListState } from '../moderation/ModerationList';
import { useSchoolColumn } from '../moderation/schoolColumn';
import { useScopeFilters } from '../moderation/scopeFilters';
import { statusFilter } from '../moderation/status';
import { useNicknameCalls, useNicknames } from './api';

export function NicknamesPage() {
  const list = useModerationListState(['schoolId', 'branchId']);
  const nicknames = useNicknames(list.query);
  const calls = useNicknameCalls();
  const scopeFilters = useScopeFilters(list);
  const schoolColumn = useSchoolColumn<Nickname>();
  const { q, filters } = list.state;

  return (
    <ModerationList
      title={tr.pages.nicknames}
      caption={tr.pages.nicknames}
      emptyTitle={tr.messages.emptyNicknames}
      list={list}
      result={nicknames}
      calls={calls}
      matching={() => ({ q, status: statusFilter(filters.status), schoolId: idFilter(filters.schoolId), branchId: idFilter(filters.branchId) })}
      filters={scopeFilters}
      columns={[
        { key: 'to', header: tr.messages.to, render: (n) => n.toName },
        { key: 'text', header: tr.messages.text, render: (n) => <ModeratedText text={n.text} note={n.note} strong unprintable={n.unprintable} /> },
        { key: 'from', header: tr.messages.from, render: (n) => n.fromName },
        ...(schoolColumn ? [schoolColumn] : []),
        { key: 'branch', header: tr.messages.branch, render: (n) => n.branchName, width: 80 },
      ]}
      rowLabel={(n) => `${n.text} → ${n.toName}`}
      rowName={(n) => tr.messages.nicknameRowOf(n.fromName)}
      text={{ label: tr.messages.text, max: NICKNAME_MAX, of: (n) => n.text }}
      entry={{ label: tr.messages.newNickname }}
      minWidth={900}
    />
  );
}
