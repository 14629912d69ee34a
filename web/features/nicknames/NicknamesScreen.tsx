/** nickname-messages: nickname suggestions listed and moderated like student messages. */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { NICKNAME_MAX, type Nickname } from '../../../common/schemas/messages';
import { displayDate } from '../../../common/dates';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/SelectField';
import { DataTable, type Column } from '../../components/list/DataTable';
import { SearchBox } from '../../components/list/SearchBox';
import { useListState } from '../../components/list/useListState';
import { toast } from '../../toast';
import {
  useCreateNickname,
  useDeleteNickname,
  useModerateNicknames,
  useNicknames,
  useScopeChoices,
  useUndoNicknames,
  useUpdateNickname,
} from '../messages/api';
import { EditTextDialog } from '../messages/EditTextDialog';
import { BulkBar, PageCheckbox, RejectDialog, RowCheckbox, useSelection } from '../messages/moderation';
import { RowActions } from '../messages/RowActions';
import { StatusBadge, statusOptions } from '../messages/StatusBadge';
import { StudentEntryDialog } from '../messages/StudentEntryDialog';
import { statusFilter, useModerationActions } from '../messages/useModerationActions';

export function NicknamesScreen() {
  const list = useListState({ sort: 'date', order: 'desc', filters: ['status', 'schoolId', 'branchId'] });
  const { data, isFetching, isError } = useNicknames(list.query);
  const selection = useSelection(JSON.stringify([list.state.q, list.state.filters]));
  const scopes = useScopeChoices();
  const update = useUpdateNickname();
  const remove = useDeleteNickname();
  const moderate = useModerateNicknames();
  const undo = useUndoNicknames();
  const create = useCreateNickname();
  const [editing, setEditing] = useState<Nickname | null>(null);
  const [entering, setEntering] = useState(false);
  const {
    busy,
    rejecting,
    setRejecting,
    setStatus,
    bulk,
    remove: del,
  } = useModerationActions<Nickname, Parameters<typeof moderate.mutateAsync>[0]['match']>({ update, remove, moderate, undo }, selection, () => {
    const f = list.state.filters;
    return {
      q: list.state.q,
      status: statusFilter(f.status),
      schoolId: f.schoolId ? Number(f.schoolId) : undefined,
      branchId: f.branchId ? Number(f.branchId) : undefined,
    };
  });

  const schools = scopes.data?.items ?? [];
  const branchOptions = schools
    .filter((s) => !list.state.filters.schoolId || String(s.id) === list.state.filters.schoolId)
    .flatMap((s) => s.branches.map((b) => ({ value: String(b.id), label: schools.length > 1 ? `${s.name} · ${b.name}` : b.name })));

  const rows = data?.items;
  const pageIds = (rows ?? []).map((n) => n.id);
  const columns: Column<Nickname>[] = [
    { key: 'select', header: '', width: 40, render: (n) => <RowCheckbox selection={selection} id={n.id} label={`${n.text} → ${n.toName}`} /> },
    { key: 'to', header: tr.messages.to, render: (n) => n.toName },
    {
      key: 'text',
      header: tr.messages.text,
      render: (n) => (
        <Stack gap={2}>
          <Text size="sm" fw={600} className="pre-wrap">
            {n.text}
          </Text>
          {n.note ? (
            <Text size="xs" c="red">
              {`${tr.messages.note}: ${n.note}`}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'from', header: tr.messages.from, render: (n) => n.fromName },
    { key: 'branch', header: tr.messages.branch, render: (n) => n.branchName, width: 80 },
    { key: 'status', header: tr.messages.status, render: (n) => <StatusBadge status={n.status} />, width: 130 },
    { key: 'date', header: tr.messages.date, sortKey: 'date', render: (n) => displayDate(n.createdAt), width: 110 },
    {
      key: 'actions',
      header: '',
      width: 150,
      render: (n) => (
        <RowActions
          status={n.status}
          busy={busy?.id === n.id ? busy.action : null}
          onApprove={() => setStatus(n, 'approved')}
          onReject={() => setRejecting(n)}
          onEdit={() => setEditing(n)}
          onDelete={() => del(n)}
        />
      ),
    },
  ];

  return (
    <Stack>
      <PageHeader title={tr.pages.nicknames} actions={<Button onClick={() => setEntering(true)}>{tr.messages.newNickname}</Button>} />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SearchBox value={list.state.q} onChange={(q) => list.update({ q })} />
        <SelectField
          aria-label={tr.messages.status}
          placeholder={tr.messages.allStatuses}
          data={statusOptions()}
          value={list.state.filters.status || null}
          onChange={(v) => list.update({ filters: { status: v ?? '' } })}
          clearable
          w={180}
        />
        {schools.length > 1 ? (
          <SelectField
            aria-label={tr.messages.school}
            placeholder={tr.messages.allSchools}
            data={schools.map((s) => ({ value: String(s.id), label: s.name }))}
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
        {list.filtered ? (
          <Button variant="subtle" onClick={list.clear}>
            {tr.words.clearFilters}
          </Button>
        ) : null}
      </Group>
      <Group gap="xs">
        <PageCheckbox selection={selection} pageIds={pageIds} />
        <Text size="sm" c="dimmed" aria-hidden>
          {tr.messages.selectPage}
        </Text>
      </Group>
      <BulkBar
        selection={selection}
        total={data?.total ?? 0}
        pageIds={pageIds}
        busy={moderate.isPending}
        onApprove={() => bulk('approve')}
        onReject={() => setRejecting('bulk')}
      />
      <DataTable
        caption={tr.pages.nicknames}
        columns={columns}
        rows={rows}
        total={data?.total ?? 0}
        state={list.state}
        onChange={list.update}
        rowKey={(n) => n.id}
        loading={isFetching}
        error={isError}
        emptyTitle={tr.messages.emptyNicknames}
        minWidth={900}
      />
      <RejectDialog
        opened={rejecting !== null}
        busy={update.isPending || moderate.isPending}
        onClose={() => setRejecting(null)}
        onConfirm={(note) => (rejecting === 'bulk' ? bulk('reject', note) : rejecting ? setStatus(rejecting, 'rejected', note) : undefined)}
      />
      {editing ? (
        <EditTextDialog
          label={tr.messages.text}
          initial={editing.text}
          max={NICKNAME_MAX}
          busy={update.isPending}
          onClose={() => setEditing(null)}
          onSave={async (text) => {
            if (await attempt(() => update.mutateAsync({ id: editing.id, text }), tr.saved)) setEditing(null);
          }}
        />
      ) : null}
      {entering ? (
        <StudentEntryDialog
          title={tr.messages.newNickname}
          textLabel={tr.messages.text}
          max={NICKNAME_MAX}
          busy={create.isPending}
          onClose={() => setEntering(false)}
          onSave={async (entry) => {
            try {
              await create.mutateAsync(entry);
              toast('success', tr.saved);
              return true;
            } catch {
              return false;
            }
          }}
        />
      ) : null}
    </Stack>
  );
}
