/** message-from / message-to: how many messages each student has written / received, by status. */
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { StudentCount } from '../../../common/schemas/messages';
import { tr } from '../../../common/tr';
import { PageHeader } from '../../components/PageHeader';
import { DataTable, type Column } from '../../components/list/DataTable';
import { ListToolbar } from '../../components/list/ListToolbar';
import { useListState } from '../../components/list/useListState';
import { optionsOf } from '../../components/SelectField';
import { useSchoolColumn } from '../moderation/schoolColumn';
import { useScopeFilters } from '../moderation/scopeFilters';
import { useSession } from '../../session/store';
import { readReminder, useRemindUnwritten } from '../login-cards/api';
import { ReminderButton } from '../../components/ReminderButton';
import { useStudentCounts } from './api';
import { RowBadge } from '../../components/list/RowBadge';

function Count({ n, color }: { n: number; color: string }) {
  return n === 0 ? (
    <Text size="sm" c="dimmed">
      0
    </Text>
  ) : (
    <RowBadge color={color}>{n}</RowBadge>
  );
}

const s = tr.student.staff;

function YesNo({ value, warn = false }: { value: boolean; warn?: boolean }) {
  return <RowBadge color={value ? (warn ? 'orange' : 'teal') : 'gray'}>{value ? tr.students.yes : tr.students.no}</RowBadge>;
}

const remindTexts = { action: s.remind, nobody: s.remindNobody, confirm: s.remindConfirm, send: s.remindSend, sent: s.reminded };

/** A reminder to the branch's students who have not written yet (a branch is chosen, or the caller's own). */
function RemindButton({ branchId }: { branchId: number }) {
  const remind = useRemindUnwritten();
  return <ReminderButton texts={remindTexts} read={() => readReminder(branchId)} send={() => remind.mutateAsync(branchId)} sending={remind.isPending} />;
}

export function StudentCountsPage({ direction }: { direction: 'from' | 'to' }) {
  const title = direction === 'from' ? tr.pages.messageFrom : tr.pages.messageTo;
  const list = useListState({ sort: 'name', filters: ['schoolId', 'branchId', 'has'] });
  const counts = useStudentCounts(direction, list.query);
  const scopeFilters = useScopeFilters(list);
  const schoolColumn = useSchoolColumn<StudentCount>();
  const ownBranch = useSession((state) => state.info?.branch?.id);
  const branchId = Number(list.state.filters.branchId) || ownBranch;

  const columns: Column<StudentCount>[] = [
    { key: 'schoolNumber', header: tr.messages.schoolNumber, sortKey: 'schoolNumber', render: (r) => r.schoolNumber, width: 90 },
    {
      key: 'name',
      header: direction === 'from' ? tr.messages.from : tr.messages.to,
      sortKey: 'name',
      render: (r) => (
        <Anchor component={Link} to={`/messages/${direction}/${r.studentId}`} aria-label={`${r.name}: ${tr.messages.open}`}>
          {r.name}
        </Anchor>
      ),
    },
    ...(schoolColumn ? [schoolColumn] : []),
    { key: 'branch', header: tr.messages.branch, sortKey: 'branch', render: (r) => r.branchName, width: 90 },
    { key: 'pending', header: tr.status.pending, render: (r) => <Count n={r.pending} color="yellow" />, width: 120, align: 'center' },
    { key: 'approved', header: tr.status.approved, render: (r) => <Count n={r.approved} color="teal" />, width: 110, align: 'center' },
    { key: 'rejected', header: tr.status.rejected, render: (r) => <Count n={r.rejected} color="red" />, width: 110, align: 'center' },
    { key: 'signedIn', header: s.signedIn, render: (r) => <YesNo value={r.signedIn} />, width: 100, align: 'center' },
    direction === 'from'
      ? { key: 'hasWritten', header: s.hasWritten, render: (r) => <YesNo value={r.written > 0} />, width: 90, align: 'center' }
      : { key: 'receivedNothing', header: s.receivedNothing, render: (r) => <YesNo value={r.received === 0} warn />, width: 120, align: 'center' },
    {
      key: 'total',
      header: tr.messages.total,
      render: (r) =>
        r.total === 0 ? (
          <Badge color="orange" variant="filled">
            {tr.messages.none}
          </Badge>
        ) : (
          <Text fw={700}>{r.total}</Text>
        ),
      width: 110,
      align: 'center',
    },
  ];

  return (
    <Stack>
      <PageHeader title={title} actions={direction === 'from' && branchId ? <RemindButton branchId={branchId} /> : undefined} />
      <ListToolbar
        list={list}
        filters={[
          ...scopeFilters,
          {
            name: 'has',
            label: tr.messages.hasFilter,
            placeholder: tr.messages.anyone,
            options: optionsOf({ none: tr.messages.hasNone, some: tr.messages.hasSome }),
            width: 220,
          },
        ]}
      />
      <DataTable caption={title} columns={columns} list={list} result={counts} rowKey={(r) => r.studentId} minWidth={760} />
    </Stack>
  );
}
