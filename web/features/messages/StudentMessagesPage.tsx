/** messages/{type}/{id}: every student message of a school, a branch, or from / to a student — moderated here. */
import { MESSAGE_MAX, type MessageListType } from '../../../common/schemas/messages';
import { tr } from '../../../common/tr';
import type { ListFilter } from '../../components/list/ListToolbar';
import { idFilter, useStudentOptions } from '../moderation/api';
import { ModeratedText, ModerationList, useModerationListState } from '../moderation/ModerationList';
import { statusFilter } from '../moderation/status';
import { useMessageCalls, useStudentMessages } from './api';

export function StudentMessagesPage({ type, id }: { type: MessageListType; id: string }) {
  const list = useModerationListState(['fromStudentId', 'toStudentId']);
  const messages = useStudentMessages(type, id, list.query);
  const calls = useMessageCalls();
  const students = useStudentOptions(type === 'school' ? { schoolId: Number(id) } : type === 'branch' ? { branchId: Number(id) } : {});
  const studentChoices = (students.data?.items ?? []).map((s) => ({ value: String(s.id), label: `${s.name} (${s.schoolNumber})` }));
  const studentFilter = (name: string, label: string): ListFilter => ({ name, label, placeholder: label, options: studentChoices, width: 220 });
  const { q, filters } = list.state;

  return (
    <ModerationList
      title={`${tr.pages.messages} · ${tr.messages.typeTitles[type]}`}
      caption={tr.pages.messages}
      emptyTitle={tr.messages.emptyList}
      list={list}
      result={messages}
      calls={calls}
      matching={() => ({
        type,
        id: Number(id),
        filter: { status: statusFilter(filters.status), q, fromStudentId: idFilter(filters.fromStudentId), toStudentId: idFilter(filters.toStudentId) },
      })}
      // A student's own list needs no filter on that student.
      filters={[type !== 'from' && studentFilter('fromStudentId', tr.messages.from), type !== 'to' && studentFilter('toStudentId', tr.messages.to)]}
      columns={[
        { key: 'from', header: tr.messages.fromShort, render: (m) => m.fromName, width: 150 },
        { key: 'to', header: tr.messages.toShort, render: (m) => m.toName, width: 150 },
        {
          key: 'body',
          header: tr.messages.body,
          render: (m) => <ModeratedText text={m.body} note={m.note} edited={m.originalBody !== null} unprintable={m.unprintable} />,
        },
      ]}
      rowLabel={(m) => `${m.fromName} → ${m.toName}`}
      rowName={(m) => tr.messages.messageOf(m.fromName)}
      text={{ label: tr.messages.body, max: MESSAGE_MAX, multiline: true, of: (m) => m.body, originalOf: (m) => m.originalBody }}
      entry={{
        label: tr.messages.newStudentMessage,
        schoolId: type === 'school' ? Number(id) : undefined,
        branchId: type === 'branch' ? Number(id) : undefined,
      }}
      minWidth={900}
    />
  );
}
