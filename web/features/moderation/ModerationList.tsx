/**
 * The moderated list of student messages and of nickname suggestions: a status filter before the
 * screen's own, ticks for a page or for everything that matches, approve / reject with a note /
 * edit / delete on each row with "Geri al" after a decision, and staff entering a student's text.
 * A screen says only what differs: its columns, filters, texts and calls.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { displayDate } from '../../../common/dates';
import type { ModerationStatus } from '../../../common/schemas/messages';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { EditTextDialog } from '../../components/form/EditTextDialog';
import { PageHeader } from '../../components/PageHeader';
import { DataTable, type Column, type ListQuery } from '../../components/list/DataTable';
import { ListToolbar, type ListFilter } from '../../components/list/ListToolbar';
import { useListState, type ListControl } from '../../components/list/useListState';
import type { ModerationCalls } from './api';
import { RejectDialog } from './RejectDialog';
import { RowActions } from './RowActions';
import { PageCheckbox, RowCheckbox, useSelection } from '../../components/list/selection';
import { BulkBar } from './selection';
import { StatusBadge, statusOptions } from './status';
import { StudentEntryDialog } from './StudentEntryDialog';
import { useModerationActions } from './useModerationActions';
import { useModerationShortcuts } from './shortcuts';
import { usePhoneLayout } from '../../components/list/RecordTable';

export interface ModeratedRow {
  id: number;
  /** Sent back with a decision or an edit: someone else's change meanwhile makes it a 409. */
  version: number;
  status: ModerationStatus;
  createdAt: string;
}

/** A moderated list's state: newest first, filtered by status and by the screen's own filters. */
export const useModerationListState = (filters: string[]) => useListState({ sort: 'date', order: 'desc', filters: ['status', ...filters] });

/** The characters of a text that the printed book cannot show (it prints □ for each), when there are any. */
export function UnprintableNote({ characters }: { characters: string[] }) {
  return characters.length ? (
    <Text size="xs" c="orange.9">
      {tr.messages.unprintable(characters)}
    </Text>
  ) : null;
}

/** A row's text as the list shows it: the text, whether a moderator edited it, a rejection's note, and what will not print. */
export function ModeratedText({
  text,
  note,
  edited,
  strong,
  unprintable,
}: {
  text: string;
  note: string;
  edited?: boolean;
  strong?: boolean;
  unprintable: string[];
}) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={strong ? 600 : undefined} className="pre-wrap">
        {text}
      </Text>
      {edited ? (
        <Text size="xs" c="dimmed">
          {tr.messages.edited}
        </Text>
      ) : null}
      {note ? (
        <Text size="xs" c="red.9" className="pre-wrap">
          {`${tr.messages.note}: ${note}`}
        </Text>
      ) : null}
      <UnprintableNote characters={unprintable} />
    </Stack>
  );
}

export interface ModerationListProps<Row extends ModeratedRow, Match> {
  title: string;
  caption: string;
  emptyTitle: string;
  list: ListControl;
  result: ListQuery<Row>;
  calls: ModerationCalls<Row, Match>;
  /** Everything the list's search and filters match, as the bulk call names it. */
  matching(): Match;
  /** The screen's own filters, after the status. */
  filters: Array<ListFilter | false>;
  /** The row's own columns, between its tick box and its status. */
  columns: Column<Row>[];
  /** Names a row for its tick box ("Ayşe → Ali"). */
  rowLabel(row: Row): string;
  /** Names a row for its buttons ("Ayşe Yılmaz'ın mesajı"). */
  rowName(row: Row): string;
  /** The moderated text: what it is called, its limit, and where a row keeps it (and its first version). */
  text: { label: string; max: number; multiline?: boolean; of(row: Row): string; originalOf?(row: Row): string | null };
  /** Staff entering a student's text: the button's label and whose students can be chosen. */
  entry: { label: string; schoolId?: number; branchId?: number };
  minWidth: number;
}

export function ModerationList<Row extends ModeratedRow, Match>(props: ModerationListProps<Row, Match>) {
  const { list, result, calls, text } = props;
  // Another search or filter is another list: its ticks start empty.
  const selection = useSelection(JSON.stringify([list.state.q, list.state.filters]));
  const { busy, rejecting, setRejecting, setStatus, bulk, remove } = useModerationActions(calls, selection, props.matching);
  const [editing, setEditing] = useState<Row | null>(null);
  const [entering, setEntering] = useState(false);

  const rows = result.data?.items;
  const phone = usePhoneLayout();
  const shortcuts = useModerationShortcuts(rows, { approve: (row) => void setStatus(row, 'approved'), reject: (row) => setRejecting(row) });
  const total = result.data?.total ?? 0;
  const pageIds = (rows ?? []).map((row) => row.id);
  const columns: Column<Row>[] = [
    { key: 'select', header: '', width: 40, render: (row) => <RowCheckbox selection={selection} id={row.id} label={props.rowLabel(row)} /> },
    ...props.columns,
    { key: 'status', header: tr.messages.status, render: (row) => <StatusBadge status={row.status} />, width: 130 },
    { key: 'date', header: tr.messages.date, sortKey: 'date', render: (row) => displayDate(row.createdAt), width: 110 },
    {
      key: 'actions',
      header: '',
      width: 150,
      render: (row) => (
        <RowActions
          row={props.rowName(row)}
          large={phone}
          status={row.status}
          busy={busy?.id === row.id ? busy.action : null}
          onApprove={() => setStatus(row, 'approved')}
          onReject={() => setRejecting(row)}
          onEdit={() => setEditing(row)}
          onDelete={() => remove(row)}
        />
      ),
    },
  ];
  const byStatus: ListFilter = { name: 'status', label: tr.messages.status, placeholder: tr.messages.allStatuses, options: statusOptions(), width: 180 };

  return (
    <Stack>
      <PageHeader
        title={props.title}
        actions={
          <>
            <Button onClick={() => setEntering(true)}>{props.entry.label}</Button>
            {shortcuts.helpButton}
          </>
        }
      />
      <ListToolbar list={list} filters={[byStatus, ...props.filters]} />
      <Group gap="xs">
        <PageCheckbox selection={selection} pageIds={pageIds} />
        <Text size="sm" c="dimmed" aria-hidden>
          {tr.messages.selectPage}
        </Text>
      </Group>
      <BulkBar
        selection={selection}
        total={total}
        pageIds={pageIds}
        busy={calls.moderate.isPending}
        onApprove={() => bulk('approve')}
        onReject={() => setRejecting('bulk')}
      />
      <DataTable
        caption={props.caption}
        columns={columns}
        list={list}
        result={result}
        empty={{ title: props.emptyTitle }}
        filteredEmpty={{ title: props.emptyTitle }}
        minWidth={props.minWidth}
        activeKey={shortcuts.activeId}
      />
      {shortcuts.helpDialog}
      {rejecting !== null ? (
        <RejectDialog
          busy={calls.update.isPending || calls.moderate.isPending}
          onClose={() => setRejecting(null)}
          onConfirm={(note) => (rejecting === 'bulk' ? bulk('reject', note) : setStatus(rejecting, 'rejected', note))}
        />
      ) : null}
      {editing ? (
        <EditTextDialog
          label={text.label}
          initial={text.of(editing)}
          original={text.originalOf?.(editing)}
          max={text.max}
          multiline={text.multiline}
          busy={calls.update.isPending}
          onClose={() => setEditing(null)}
          onSave={async (edited) => {
            if (await attempt(() => calls.update.mutateAsync({ id: editing.id, version: editing.version, text: edited }), tr.saved)) setEditing(null);
          }}
        />
      ) : null}
      {entering ? (
        <StudentEntryDialog
          title={props.entry.label}
          textLabel={text.label}
          max={text.max}
          multiline={text.multiline}
          schoolId={props.entry.schoolId}
          branchId={props.entry.branchId}
          busy={calls.create.isPending}
          onClose={() => setEntering(false)}
          onSave={async (entry) => Boolean(await attempt(() => calls.create.mutateAsync(entry), tr.saved))}
        />
      ) : null}
    </Stack>
  );
}
