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
import { useStudentCounts } from './api';

function Count({ n, color }: { n: number; color: string }) {
  return n === 0 ? (
    <Text size="sm" c="dimmed">
      0
    </Text>
  ) : (
    <Badge color={color} variant="light">
      {n}
    </Badge>
  );
}

export function StudentCountsPage({ direction }: { direction: 'from' | 'to' }) {
  const title = direction === 'from' ? tr.pages.messageFrom : tr.pages.messageTo;
  const list = useListState({ sort: 'name', filters: ['schoolId', 'branchId', 'has'] });
  const counts = useStudentCounts(direction, list.query);
  const scopeFilters = useScopeFilters(list);
  const schoolColumn = useSchoolColumn<StudentCount>();

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
      <PageHeader title={title} />
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
