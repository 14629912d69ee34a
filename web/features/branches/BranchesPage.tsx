/** Şubeler of one school: grade then Turkish section order; panel and the school's managers edit. */
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconStack2 } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Branch } from '../../../common/schemas/organisation';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { confirmAction } from '../../components/confirm';
import { PageHeader } from '../../components/PageHeader';
import { DataTable, type Column } from '../../components/list/DataTable';
import { ExportMenu } from '../../components/list/ExportMenu';
import { SearchBox } from '../../components/list/SearchBox';
import { useListState } from '../../components/list/useListState';
import { toast } from '../../toast';
import { AuditDialog } from '../audit/AuditDialog';
import { useBranches, useDeleteBranch } from './api';
import { BranchForm } from './BranchForm';
import { BranchRangeForm } from './BranchRangeForm';

const t = tr.organisation.branch;

function DeleteButton({ schoolId, row }: { schoolId: number; row: Branch }) {
  const remove = useDeleteBranch(schoolId);
  const del = async () => {
    if (row.studentCount > 0) {
      toast('warning', t.hasStudents(row.studentCount));
      return;
    }
    if (!(await confirmAction({ message: t.deleteConfirm(row.name) }))) return;
    await attempt(() => remove.mutateAsync(row.id), tr.deleted);
  };
  return (
    <Button size="compact-sm" variant="subtle" color="red" loading={remove.isPending} onClick={del} aria-label={`${tr.words.delete}: ${row.name}`}>
      {tr.words.delete}
    </Button>
  );
}

export function BranchesPage({ schoolId, schoolName, canWrite }: { schoolId: number; schoolName?: string; canWrite: boolean }) {
  const list = useListState({ sort: 'name' });
  const { data, isLoading, isFetching, isError } = useBranches(schoolId, list.query);
  const [editing, setEditing] = useState<Branch | null | undefined>(undefined);
  const [range, setRange] = useState(false);
  const [history, setHistory] = useState<Branch | null>(null);

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
          <Button size="compact-sm" variant="subtle" onClick={() => setEditing(r)} aria-label={`${tr.words.edit}: ${r.name}`}>
            {tr.words.edit}
          </Button>
          <Button size="compact-sm" variant="subtle" color="gray" onClick={() => setHistory(r)} aria-label={`${tr.organisation.audit.title}: ${r.name}`}>
            {tr.organisation.audit.title}
          </Button>
          <DeleteButton schoolId={schoolId} row={r} />
        </Group>
      ),
    });
  }

  return (
    <Stack gap="sm">
      <PageHeader
        title={tr.pages.branches}
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
      {schoolName ? (
        <Text c="dimmed" mt={-12}>
          {schoolName}
        </Text>
      ) : null}
      {!canWrite ? (
        <Text size="sm" c="dimmed">
          {t.readOnly}
        </Text>
      ) : null}
      <SearchBox value={list.state.q} onChange={(q) => list.update({ q })} placeholder={t.searchPlaceholder} />
      <DataTable
        caption={tr.pages.branches}
        columns={columns}
        rows={isLoading ? undefined : data?.items}
        total={data?.total ?? 0}
        state={list.state}
        onChange={list.update}
        rowKey={(r) => r.id}
        loading={isFetching}
        error={isError}
        emptyTitle={list.filtered ? tr.noRecords : t.emptyTitle}
        emptyDescription={list.filtered || !canWrite ? undefined : t.emptyDescription}
        minWidth={640}
      />
      {editing !== undefined ? <BranchForm schoolId={schoolId} row={editing} onClose={() => setEditing(undefined)} /> : null}
      {range ? <BranchRangeForm schoolId={schoolId} onClose={() => setRange(false)} /> : null}
      {history ? <AuditDialog entity="branch" entityId={history.id} title={history.name} onClose={() => setHistory(null)} /> : null}
    </Stack>
  );
}
