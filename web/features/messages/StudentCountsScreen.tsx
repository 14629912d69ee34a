/** message-from / message-to: how many messages each student has written / received, by status. */
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { StudentCount } from '../../../common/schemas/messages';
import { tr } from '../../../common/tr';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/SelectField';
import { DataTable, type Column } from '../../components/list/DataTable';
import { SearchBox } from '../../components/list/SearchBox';
import { useListState } from '../../components/list/useListState';
import { useScopeChoices, useStudentCounts } from './api';

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

export function StudentCountsScreen({ direction }: { direction: 'from' | 'to' }) {
  const title = direction === 'from' ? tr.pages.messageFrom : tr.pages.messageTo;
  const list = useListState({ sort: 'name', filters: ['schoolId', 'branchId', 'has'] });
  const { data, isFetching, isError } = useStudentCounts(direction, list.query);
  const scopes = useScopeChoices();
  const schools = scopes.data?.items ?? [];
  const schoolOptions = schools.map((s) => ({ value: String(s.id), label: s.name }));
  const branchOptions = schools
    .filter((s) => !list.state.filters.schoolId || String(s.id) === list.state.filters.schoolId)
    .flatMap((s) => s.branches.map((b) => ({ value: String(b.id), label: schools.length > 1 ? `${s.name} · ${b.name}` : b.name })));

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
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SearchBox value={list.state.q} onChange={(q) => list.update({ q })} />
        {schools.length > 1 ? (
          <SelectField
            aria-label={tr.messages.school}
            placeholder={tr.messages.allSchools}
            data={schoolOptions}
            value={list.state.filters.schoolId || null}
            onChange={(v) => list.update({ filters: { schoolId: v ?? '', branchId: '' } })}
            clearable
            w={240}
          />
        ) : null}
        {branchOptions.length > 1 ? (
          <SelectField
            aria-label={tr.messages.branch}
            placeholder={tr.messages.allBranches}
            data={branchOptions}
            value={list.state.filters.branchId || null}
            onChange={(v) => list.update({ filters: { branchId: v ?? '' } })}
            clearable
            w={220}
          />
        ) : null}
        <SelectField
          aria-label={tr.messages.hasFilter}
          placeholder={tr.messages.anyone}
          data={[
            { value: 'none', label: tr.messages.hasNone },
            { value: 'some', label: tr.messages.hasSome },
          ]}
          value={list.state.filters.has || null}
          onChange={(v) => list.update({ filters: { has: v ?? '' } })}
          clearable
          w={220}
        />
        {list.filtered ? (
          <Button variant="subtle" onClick={list.clear}>
            {tr.words.clearFilters}
          </Button>
        ) : null}
      </Group>
      <DataTable
        caption={title}
        columns={columns}
        rows={data?.items}
        total={data?.total ?? 0}
        state={list.state}
        onChange={list.update}
        rowKey={(r) => r.studentId}
        loading={isFetching}
        error={isError}
        minWidth={760}
      />
    </Stack>
  );
}
