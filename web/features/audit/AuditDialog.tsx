/** İşlem geçmişi of one record: who changed what and when (GET audit?entity=&entityId=). */
import { Modal, Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { displayDateTime } from '../../../common/dates';
import { tr } from '../../../common/tr';
import { EmptyState } from '../../components/EmptyState';
import { RecordTable, type Column } from '../../components/list/RecordTable';
import { RowButton } from '../../components/list/RowButton';
import { LoadFailed, Loading } from '../../components/QueryState';
import { useAuditLog, type AuditEntry } from './api';

const t = tr.organisation.audit;

const show = (v: unknown): string =>
  v === null || v === undefined || v === '' ? '—' : v === true ? t.yes : v === false ? t.no : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** An entry's changes: "field: before → after" for edits, "field: value" for what was created or removed. */
function Changes({ changes }: { changes: AuditEntry['changes'] }) {
  if (!changes || typeof changes !== 'object') return null;
  return (
    <Stack gap={0}>
      {Object.entries(changes).map(([field, value]) => (
        <Text size="xs" key={field}>
          {`${t.fields[field] ?? field}: ${Array.isArray(value) && value.length === 2 ? `${show(value[0])} → ${show(value[1])}` : show(value)}`}
        </Text>
      ))}
    </Stack>
  );
}

const columns: Column<AuditEntry>[] = [
  { key: 'when', header: t.when, render: (e) => displayDateTime(e.createdAt) },
  { key: 'who', header: t.who, render: (e) => e.userName },
  { key: 'what', header: t.what, render: (e) => t.actions[e.action] ?? e.action },
  { key: 'changes', header: t.changes, render: (e) => <Changes changes={e.changes} /> },
];

function AuditDialog({ entity, entityId, title, onClose }: { entity: string; entityId: number; title: string; onClose(): void }) {
  const { data, isLoading, isError } = useAuditLog(entity, entityId);
  let body;
  if (isLoading) body = <Loading />;
  else if (isError) body = <LoadFailed />;
  else if (!data?.items.length) body = <EmptyState />;
  else body = <RecordTable columns={columns} rows={data.items} caption={`${t.title}: ${title}`} minWidth={520} />;
  return (
    <Modal opened onClose={onClose} title={`${t.title}: ${title}`} size="xl">
      {body}
    </Modal>
  );
}

/** A list's İşlem geçmişi: `open` shows one record's history, `dialog` is where the list renders it. */
export function useAuditHistory(entity: string) {
  const [shown, setShown] = useState<{ id: number; title: string } | null>(null);
  // The same function from one drawing to the next, so rows whose buttons call it need not be drawn again.
  const open = useCallback((id: number, title: string) => setShown({ id, title }), []);
  return {
    open,
    dialog: shown ? <AuditDialog entity={entity} entityId={shown.id} title={shown.title} onClose={() => setShown(null)} /> : null,
  };
}

/** The row button that opens a record's İşlem geçmişi. */
export function AuditButton({ row, onClick }: { row: string; onClick(): void }) {
  return <RowButton label={t.title} row={row} color="gray" onClick={onClick} />;
}
