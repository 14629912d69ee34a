/** Şubeler of one school: grade then Turkish section order; panel and the school's managers edit. */
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import { useState } from 'react';
import type { Branch } from '../../../common/schemas/organisation';
import { tr } from '../../../common/tr';
import { deleteAfterConfirm } from '../../components/confirm';
import { PageHeader } from '../../components/PageHeader';
import { NewButton } from '../../components/list/NewButton';
import { DataTable, type Column } from '../../components/list/DataTable';
import { ExportMenu } from '../../components/list/ExportMenu';
import { ListToolbar } from '../../components/list/ListToolbar';
import { nameColumn, unitLinks } from '../../components/list/NameWithLinks';
import { RowButton } from '../../components/list/RowButton';
import { useListState } from '../../components/list/useListState';
import { AuditButton, useAuditHistory } from '../audit/AuditDialog';
import { useBranches, useDeleteBranch } from './api';
import { BranchForm } from './BranchForm';
import { BranchRangeForm } from './BranchRangeForm';

const t = tr.organisation.branch;

function DeleteButton({ schoolId, row }: { schoolId: number; row: Branch }) {
  const remove = useDeleteBranch(schoolId);
  // A branch is deleted only once it holds no students (they are moved or deleted first).
  const del = () =>
    deleteAfterConfirm(t.deleteConfirm(row.name), () => remove.mutateAsync(row.id), row.studentCount ? t.hasStudents(row.studentCount) : undefined);
  return <RowButton label={tr.words.delete} row={row.name} color="red" loading={remove.isPending} onClick={del} />;
}

export function BranchesPage({ schoolId, schoolName, canWrite }: { schoolId: number; schoolName?: string; canWrite: boolean }) {
  const list = useListState({ sort: 'name' });
  const branches = useBranches(schoolId, list.query);
  const [editing, setEditing] = useState<Branch | null | undefined>(undefined);
  const [range, setRange] = useState(false);
  const history = useAuditHistory('branch');

  const columns: Column<Branch>[] = [
    nameColumn(
      t.name,
      (r) => [
        ...unitLinks('branch', r.id, t),
        { to: `/login-cards/${r.id}`, label: tr.student.cards.action },
        { to: `/branch-albums/${r.id}`, label: tr.pages.albums },
      ],
      (r) => ({ to: `/students/${r.id}`, label: `${t.students}: ${r.name}` }),
    ),
    { key: 'programme', header: t.programme, sortKey: 'programme', render: (r) => r.programme },
    { key: 'studentCount', header: t.studentCount, sortKey: 'studentCount', align: 'right', render: (r) => r.studentCount },
    { key: 'managerName', header: t.manager, sortKey: 'managerName', render: (r) => r.managerName || '—' },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      header: '',
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <RowButton label={tr.words.edit} row={r.name} onClick={() => setEditing(r)} />
          <AuditButton row={r.name} onClick={() => history.open(r.id, r.name)} />
          <DeleteButton schoolId={schoolId} row={r} />
        </Group>
      ),
    });
  }

  return (
    <Stack gap="sm">
      <PageHeader
        title={tr.pages.branches}
        subtitle={schoolName}
        actions={
          <>
            <ExportMenu path={`schools/${schoolId}/branches`} query={list.query} />
            {canWrite ? (
              <>
                <Button variant="default" leftSection={<IconStack2 size={16} />} onClick={() => setRange(true)}>
                  {t.rangeButton}
                </Button>
                <NewButton label={t.newTitle} onClick={() => setEditing(null)} />
              </>
            ) : null}
          </>
        }
      />
      {!canWrite ? (
        <Text size="sm" c="dimmed">
          {t.readOnly}
        </Text>
      ) : null}
      <ListToolbar list={list} searchPlaceholder={t.searchPlaceholder} />
      <DataTable
        caption={tr.pages.branches}
        columns={columns}
        list={list}
        result={branches}
        empty={{ title: t.emptyTitle, description: canWrite ? t.emptyDescription : undefined }}
        minWidth={640}
      />
      {editing !== undefined ? <BranchForm schoolId={schoolId} row={editing} onClose={() => setEditing(undefined)} /> : null}
      {range ? <BranchRangeForm schoolId={schoolId} onClose={() => setRange(false)} /> : null}
      {history.dialog}
    </Stack>
  );
}
