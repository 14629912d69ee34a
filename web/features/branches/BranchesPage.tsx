/** Şubeler of one school: grade then Turkish section order; panel and the school's managers edit. */
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconStack2 } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Branch } from '../../../common/schemas/organisation';
import { tr } from '../../../common/tr';
import { deleteAfterConfirm } from '../../components/confirm';
import { PageHeader } from '../../components/PageHeader';
import { DataTable, type Column } from '../../components/list/DataTable';
import { ExportMenu } from '../../components/list/ExportMenu';
import { ListToolbar } from '../../components/list/ListToolbar';
import { RowButton } from '../../components/list/RowButton';
import { useListState } from '../../components/list/useListState';
import { toast } from '../../toast';
import { AuditButton, useAuditHistory } from '../audit/AuditDialog';
import { useBranches, useDeleteBranch } from './api';
import { BranchForm } from './BranchForm';
import { BranchRangeForm } from './BranchRangeForm';

const t = tr.organisation.branch;

function DeleteButton({ schoolId, row }: { schoolId: number; row: Branch }) {
  const remove = useDeleteBranch(schoolId);
  const del = async () => {
    // A branch is deleted only once it holds no students (they are moved or deleted first).
    if (row.studentCount > 0) toast('warning', t.hasStudents(row.studentCount));
    else await deleteAfterConfirm(t.deleteConfirm(row.name), () => remove.mutateAsync(row.id));
  };
  return <RowButton label={tr.words.delete} row={row.name} color="red" loading={remove.isPending} onClick={del} />;
}

export function BranchesPage({ schoolId, schoolName, canWrite }: { schoolId: number; schoolName?: string; canWrite: boolean }) {
  const list = useListState({ sort: 'name' });
  const branches = useBranches(schoolId, list.query);
  const [editing, setEditing] = useState<Branch | null | undefined>(undefined);
  const [range, setRange] = useState(false);
  const history = useAuditHistory('branch');

  const columns: Column<Branch>[] = [
    {
      key: 'name',
      header: t.name,
      sortKey: 'name',
      render: (r) => (
        <Stack gap={2}>
          <Anchor component={Link} to={`/students/${r.id}`} fw={600} size="sm" aria-label={`${t.students}: ${r.name}`}>
            {r.name}
          </Anchor>
          <Group gap="xs">
            <Anchor component={Link} to={`/branch-managers/${r.id}`} size="xs">
              {t.managers}
            </Anchor>
            <Anchor component={Link} to={`/branch-messages/${r.id}`} size="xs">
              {t.messages}
            </Anchor>
          </Group>
        </Stack>
      ),
    },
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
                <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
                  {t.newTitle}
                </Button>
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
        rowKey={(r) => r.id}
        empty={{ title: t.emptyTitle, description: canWrite ? t.emptyDescription : undefined }}
        minWidth={640}
      />
      {editing !== undefined ? <BranchForm schoolId={schoolId} row={editing} onClose={() => setEditing(undefined)} /> : null}
      {range ? <BranchRangeForm schoolId={schoolId} onClose={() => setRange(false)} /> : null}
      {history.dialog}
    </Stack>
  );
}
