/** Okullar: the studio's schools, paged, sorted, searched and filtered on the server; state in the URL. */
import { Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { displayDate } from '../../../common/dates';
import type { School } from '../../../common/schemas/organisation';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { deleteAfterConfirm } from '../../components/confirm';
import { PageHeader } from '../../components/PageHeader';
import { NewButton } from '../../components/list/NewButton';
import { DataTable, type Column } from '../../components/list/DataTable';
import { ExportMenu } from '../../components/list/ExportMenu';
import { ListToolbar } from '../../components/list/ListToolbar';
import { nameColumn, unitLinks } from '../../components/list/NameWithLinks';
import { RowButton } from '../../components/list/RowButton';
import { useListState } from '../../components/list/useListState';
import { optionsOf, recordOptions } from '../../components/SelectField';
import { useSession } from '../../session/store';
import { AuditButton, useAuditHistory } from '../audit/AuditDialog';
import { bodyOf, useDeleteSchool, useSaveSchool, useSchools } from './api';
import { SchoolForm } from './SchoolForm';
import { RowBadge } from '../../components/list/RowBadge';

const t = tr.organisation.school;

function RowActions({ row, onEdit, onHistory }: { row: School; onEdit(): void; onHistory(): void }) {
  const save = useSaveSchool();
  const remove = useDeleteSchool();
  const archived = row.status === 'archived';
  const toggle = async () => {
    await attempt(() => save.mutateAsync({ id: row.id, body: bodyOf(row, { status: archived ? 'active' : 'archived' }) }), archived ? t.restored : t.archived);
  };
  // A school is deleted only once it holds no students (they are moved or deleted first).
  const del = () =>
    deleteAfterConfirm(
      t.deleteConfirm(row.name, row.branchCount),
      () => remove.mutateAsync(row.id),
      row.studentCount ? t.hasStudents(row.studentCount) : undefined,
    );
  return (
    <Group gap={4} wrap="nowrap">
      <RowButton label={tr.words.edit} row={row.name} onClick={onEdit} />
      <RowButton label={archived ? t.restore : t.archive} row={row.name} color="gray" loading={save.isPending} onClick={toggle} />
      <RowButton label={tr.words.delete} row={row.name} color="red" loading={remove.isPending} onClick={del} />
      <AuditButton row={row.name} onClick={onHistory} />
    </Group>
  );
}

export function SchoolsPage() {
  const list = useListState({ sort: 'name', filters: ['cityId', 'status'] });
  const schools = useSchools(list.query);
  const cities = useSession((s) => s.info?.cities ?? []);
  const [editing, setEditing] = useState<School | null | undefined>(undefined);
  const history = useAuditHistory('school');

  const columns: Column<School>[] = [
    // The school's name opens the school: its branches.
    nameColumn(
      t.name,
      (r) => [...unitLinks('school', r.id, t), { to: `/branches/${r.id}`, label: t.branches }, { to: `/school-albums/${r.id}`, label: tr.pages.albums }],
      (r) => ({ to: `/branches/${r.id}`, label: r.name }),
    ),
    { key: 'code', header: tr.student.schoolCode, render: (r) => r.code },
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
      render: (r) => <RowBadge color={r.status === 'active' ? 'green' : 'gray'}>{tr.status[r.status]}</RowBadge>,
    },
    { key: 'actions', header: '', render: (r) => <RowActions row={r} onEdit={() => setEditing(r)} onHistory={() => history.open(r.id, r.name)} /> },
  ];

  return (
    <Stack gap="sm">
      <PageHeader
        title={tr.pages.schools}
        actions={
          <>
            <ExportMenu path="schools" query={list.query} />
            <NewButton label={t.newTitle} onClick={() => setEditing(null)} />
          </>
        }
      />
      <ListToolbar
        list={list}
        searchPlaceholder={t.searchPlaceholder}
        filters={[
          { name: 'cityId', label: t.city, placeholder: t.allCities, options: recordOptions(cities) },
          {
            name: 'status',
            label: t.status,
            placeholder: t.allStatuses,
            options: optionsOf(tr.status, ['active', 'archived']),
          },
        ]}
      />
      <DataTable
        caption={tr.pages.schools}
        columns={columns}
        list={list}
        result={schools}
        empty={{ title: t.emptyTitle, description: t.emptyDescription }}
        minWidth={980}
      />
      {history.dialog}
      {editing !== undefined ? <SchoolForm row={editing} onClose={() => setEditing(undefined)} /> : null}
    </Stack>
  );
}
