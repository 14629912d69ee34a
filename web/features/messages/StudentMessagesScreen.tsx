/** messages/{type}/{id}: every student message of a school, a branch, or from / to a student — moderated here. */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { MESSAGE_MAX, type Message, type MessageListType } from '../../../common/schemas/messages';
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
  useCreateStudentMessage,
  useDeleteMessage,
  useModerateMessages,
  useStudentMessages,
  useStudentOptions,
  useUndoMessages,
  useUpdateMessage,
} from './api';
import { EditTextDialog } from './EditTextDialog';
import { BulkBar, PageCheckbox, RejectDialog, RowCheckbox, useSelection } from './moderation';
import { RowActions } from './RowActions';
import { StatusBadge, statusOptions } from './StatusBadge';
import { StudentEntryDialog } from './StudentEntryDialog';
import { statusFilter, useModerationActions } from './useModerationActions';

export function StudentMessagesScreen({ type, id }: { type: MessageListType; id: string }) {
  const list = useListState({ sort: 'date', order: 'desc', filters: ['status', 'fromStudentId', 'toStudentId'] });
  const { data, isFetching, isError } = useStudentMessages(type, id, list.query);
  const filterKey = JSON.stringify([type, id, list.state.q, list.state.filters]);
  const selection = useSelection(filterKey);
  const update = useUpdateMessage();
  const remove = useDeleteMessage();
  const moderate = useModerateMessages();
  const undo = useUndoMessages();
  const create = useCreateStudentMessage();
  const students = useStudentOptions(type === 'school' ? { schoolId: Number(id) } : type === 'branch' ? { branchId: Number(id) } : {});
  const studentChoices = (students.data?.items ?? []).map((s) => ({ value: String(s.id), label: `${s.name} (${s.schoolNumber})` }));

  const [editing, setEditing] = useState<Message | null>(null);
  const [entering, setEntering] = useState(false);
  const {
    busy,
    rejecting,
    setRejecting,
    setStatus,
    bulk,
    remove: del,
  } = useModerationActions<Message, Parameters<typeof moderate.mutateAsync>[0]['match']>({ update, remove, moderate, undo }, selection, () => {
    const f = list.state.filters;
    const filter = {
      status: statusFilter(f.status),
      q: list.state.q,
      fromStudentId: f.fromStudentId ? Number(f.fromStudentId) : undefined,
      toStudentId: f.toStudentId ? Number(f.toStudentId) : undefined,
    };
    return { type, id: Number(id), filter };
  });

  const rows = data?.items;
  const pageIds = (rows ?? []).map((m) => m.id);
  const columns: Column<Message>[] = [
    { key: 'select', header: '', width: 40, render: (m) => <RowCheckbox selection={selection} id={m.id} label={`${m.fromName} → ${m.toName}`} /> },
    { key: 'from', header: tr.messages.fromShort, render: (m) => m.fromName, width: 150 },
    { key: 'to', header: tr.messages.toShort, render: (m) => m.toName, width: 150 },
    {
      key: 'body',
      header: tr.messages.body,
      render: (m) => (
        <Stack gap={2}>
          <Text size="sm" className="pre-wrap">
            {m.body}
          </Text>
          {m.originalBody !== null ? (
            <Text size="xs" c="dimmed">
              {tr.messages.edited}
            </Text>
          ) : null}
          {m.note ? (
            <Text size="xs" c="red" className="pre-wrap">
              {`${tr.messages.note}: ${m.note}`}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'status', header: tr.messages.status, render: (m) => <StatusBadge status={m.status} />, width: 130 },
    { key: 'date', header: tr.messages.date, sortKey: 'date', render: (m) => displayDate(m.createdAt), width: 110 },
    {
      key: 'actions',
      header: '',
      width: 150,
      render: (m) => (
        <RowActions
          status={m.status}
          busy={busy?.id === m.id ? busy.action : null}
          onApprove={() => setStatus(m, 'approved')}
          onReject={() => setRejecting(m)}
          onEdit={() => setEditing(m)}
          onDelete={() => del(m)}
        />
      ),
    },
  ];

  return (
    <Stack>
      <PageHeader
        title={`${tr.pages.messages} · ${tr.messages.typeTitles[type]}`}
        actions={<Button onClick={() => setEntering(true)}>{tr.messages.newStudentMessage}</Button>}
      />
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
        {type !== 'from' ? (
          <SelectField
            aria-label={tr.messages.from}
            placeholder={tr.messages.from}
            data={studentChoices}
            value={list.state.filters.fromStudentId || null}
            onChange={(v) => list.update({ filters: { fromStudentId: v ?? '' } })}
            clearable
            w={220}
          />
        ) : null}
        {type !== 'to' ? (
          <SelectField
            aria-label={tr.messages.to}
            placeholder={tr.messages.to}
            data={studentChoices}
            value={list.state.filters.toStudentId || null}
            onChange={(v) => list.update({ filters: { toStudentId: v ?? '' } })}
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
        caption={tr.pages.messages}
        columns={columns}
        rows={rows}
        total={data?.total ?? 0}
        state={list.state}
        onChange={list.update}
        rowKey={(m) => m.id}
        loading={isFetching}
        error={isError}
        emptyTitle={tr.messages.emptyList}
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
          label={tr.messages.body}
          initial={editing.body}
          original={editing.originalBody}
          max={MESSAGE_MAX}
          multiline
          busy={update.isPending}
          onClose={() => setEditing(null)}
          onSave={async (body) => {
            if (await attempt(() => update.mutateAsync({ id: editing.id, body }), tr.saved)) setEditing(null);
          }}
        />
      ) : null}
      {entering ? (
        <StudentEntryDialog
          title={tr.messages.newStudentMessage}
          textLabel={tr.messages.body}
          max={MESSAGE_MAX}
          multiline
          schoolId={type === 'school' ? Number(id) : undefined}
          branchId={type === 'branch' ? Number(id) : undefined}
          busy={create.isPending}
          onClose={() => setEntering(false)}
          onSave={async (entry) => {
            try {
              await create.mutateAsync({ fromStudentId: entry.fromStudentId, toStudentId: entry.toStudentId, body: entry.text });
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
