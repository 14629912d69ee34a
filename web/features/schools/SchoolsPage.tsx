/** Okullar: the studio's schools, paged, sorted, searched and filtered on the server; state in the URL. */
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { displayDate } from '../../../common/dates';
import type { School } from '../../../common/schemas/organisation';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { confirmAction } from '../../components/confirm';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/SelectField';
import { DataTable, type Column } from '../../components/list/DataTable';
import { ExportMenu } from '../../components/list/ExportMenu';
import { SearchBox } from '../../components/list/SearchBox';
import { useListState } from '../../components/list/useListState';
import { useSession } from '../../session/store';
import { toast } from '../../toast';
import { bodyOf, useDeleteSchool, useSaveSchool, useSchools } from './api';
import { SchoolForm } from './SchoolForm';
import { AuditDialog } from '../audit/AuditDialog';

const t = tr.organisation.school;

function RowActions({ row, onEdit, onHistory }: { row: School; onEdit(): void; onHistory(): void }) {
  const save = useSaveSchool();
  const remove = useDeleteSchool();
  const archived = row.status === 'archived';
  const toggle = async () => {
    await attempt(() => save.mutateAsync({ id: row.id, body: bodyOf(row, { status: archived ? 'active' : 'archived' }) }), archived ? t.restored : t.archived);
  };
  const del = async () => {
    if (row.studentCount > 0) {
      toast('warning', t.hasStudents(row.studentCount));
      return;
    }
    if (!(await confirmAction({ message: t.deleteConfirm(row.name, row.branchCount) }))) return;
    await attempt(() => remove.mutateAsync(row.id), tr.deleted);
  };
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-sm" variant="subtle" onClick={onEdit} aria-label={`${tr.words.edit}: ${row.name}`}>
        {tr.words.edit}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="gray"
        loading={save.isPending}
        onClick={toggle}
        aria-label={`${archived ? t.restore : t.archive}: ${row.name}`}
      >
        {archived ? t.restore : t.archive}
      </Button>
      <Button size="compact-sm" variant="subtle" color="red" loading={remove.isPending} onClick={del} aria-label={`${tr.words.delete}: ${row.name}`}>
        {tr.words.delete}
      </Button>
      <Button size="compact-sm" variant="subtle" color="gray" onClick={onHistory} aria-label={`${tr.organisation.audit.title}: ${row.name}`}>
        {tr.organisation.audit.title}
      </Button>
    </Group>
  );
}

export function SchoolsPage() {
  const list = useListState({ sort: 'name', filters: ['cityId', 'status'] });
  const { data, isLoading, isFetching, isError } = useSchools(list.query);
  const cities = useSession((s) => s.info?.cities ?? []);
  const [editing, setEditing] = useState<School | null | undefined>(undefined);
  const [history, setHistory] = useState<School | null>(null);

  const columns: Column<School>[] = [
    {
      key: 'name',
      header: t.name,
      sortKey: 'name',
      render: (r) => (
        <Stack gap={2}>
          <Text fw={600} size="sm">
            {r.name}
          </Text>
          <Group gap="xs">
            <Anchor component={Link} to={`/school-managers/${r.id}`} size="xs">
              {t.managers}
            </Anchor>
            <Anchor component={Link} to={`/school-messages/${r.id}`} size="xs">
              {t.messages}
            </Anchor>
            <Anchor component={Link} to={`/branches/${r.id}`} size="xs">
              {t.branches}
            </Anchor>
          </Group>
        </Stack>
      ),
    },
    { key: 'city', header: t.city, sortKey: 'city', render: (r) => r.cityName },
    { key: 'district', header: t.district, sortKey: 'district', render: (r) => r.district },
    { key: 'academicYear', header: t.academicYear, sortKey: 'academicYear', render: (r) => r.academicYear },
    { key: 'messageDeadline', header: t.messageDeadline, sortKey: 'messageDeadline', render: (r) => displayDate(r.messageDeadline) },
    { key: 'branchCount', header: t.branchCount, sortKey: 'branchCount', align: 'right', render: (r) => r.branchCount },
    { key: 'studentCount', header: t.studentCount, sortKey: 'studentCount', align: 'right', render: (r) => r.studentCount },
    {
      key: 'status',
      header: t.status,
      sortKey: 'status',
      render: (r) => (
        <Badge color={r.status === 'active' ? 'green' : 'gray'} variant="light">
          {tr.status[r.status]}
        </Badge>
      ),
    },
    { key: 'actions', header: '', render: (r) => <RowActions row={r} onEdit={() => setEditing(r)} onHistory={() => setHistory(r)} /> },
  ];

  return (
    <Stack gap="sm">
      <PageHeader
        title={tr.pages.schools}
        actions={
          <>
            <ExportMenu path="schools" query={list.query} />
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
              {t.newTitle}
            </Button>
          </>
        }
      />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SearchBox value={list.state.q} onChange={(q) => list.update({ q })} placeholder={t.searchPlaceholder} />
        <SelectField
          aria-label={t.city}
          placeholder={t.allCities}
          data={cities.map((c) => ({ value: String(c.id), label: c.name }))}
          value={list.state.filters.cityId || null}
          onChange={(v) => list.update({ filters: { cityId: v ?? '' } })}
          clearable
          w={200}
        />
        <SelectField
          aria-label={t.status}
          placeholder={t.allStatuses}
          data={[
            { value: 'active', label: tr.status.active },
            { value: 'archived', label: tr.status.archived },
          ]}
          value={list.state.filters.status || null}
          onChange={(v) => list.update({ filters: { status: v ?? '' } })}
          clearable
          w={170}
        />
        {list.filtered ? (
          <Button variant="subtle" onClick={list.clear}>
            {tr.words.clearFilters}
          </Button>
        ) : null}
      </Group>
      <DataTable
        caption={tr.pages.schools}
        columns={columns}
        rows={isLoading ? undefined : data?.items}
        total={data?.total ?? 0}
        state={list.state}
        onChange={list.update}
        rowKey={(r) => r.id}
        loading={isFetching}
        error={isError}
        emptyTitle={list.filtered ? tr.noRecords : t.emptyTitle}
        emptyDescription={list.filtered ? undefined : t.emptyDescription}
        minWidth={980}
      />
      {history ? <AuditDialog entity="school" entityId={history.id} title={history.name} onClose={() => setHistory(null)} /> : null}
      {editing !== undefined ? <SchoolForm row={editing} opened onClose={() => setEditing(undefined)} /> : null}
    </Stack>
  );
}
