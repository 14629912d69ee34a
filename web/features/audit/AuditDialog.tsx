/** İşlem geçmişi of one record: who changed what and when (GET audit?entity=&entityId=). */
import { Alert, Center, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { displayDate } from '../../../common/dates';
import { tr } from '../../../common/tr';
import { useApiGet } from '../../api/query';
import { EmptyState } from '../../components/EmptyState';

const t = tr.organisation.audit;

interface Entry {
  id: number;
  userName: string;
  action: string;
  createdAt: string;
  /** { field: [before, after] } for edits; { field: value } for some creations and removals. */
  changes: Record<string, unknown> | null;
}

const show = (v: unknown): string =>
  v === null || v === undefined || v === '' ? '—' : v === true ? t.yes : v === false ? t.no : typeof v === 'object' ? JSON.stringify(v) : String(v);
const time = (iso: string) => `${displayDate(iso)} ${new Date(iso).toLocaleTimeString('tr-TR', { hour: '2-digit', minute: '2-digit' })}`;

/** An entry's changes: "field: before → after" for edits, "field: value" for what was created or removed. */
function Changes({ changes }: { changes: Entry['changes'] }) {
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

export function AuditDialog({ entity, entityId, title, onClose }: { entity: string; entityId: number; title: string; onClose(): void }) {
  const { data, isLoading, isError } = useApiGet<{ items: Entry[] }>(
    ['audit', entity, entityId],
    'audit',
    { entity, entityId, page: 1, perPage: 50 },
    { alwaysFresh: true },
  );
  let body;
  if (isLoading)
    body = (
      <Center py="lg">
        <Loader aria-label={tr.loading} />
      </Center>
    );
  else if (isError) body = <Alert color="red">{tr.error.description}</Alert>;
  else if (!data?.items.length) body = <EmptyState />;
  else
    body = (
      <Table.ScrollContainer minWidth={520}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.when}</Table.Th>
              <Table.Th>{t.who}</Table.Th>
              <Table.Th>{t.what}</Table.Th>
              <Table.Th>{t.changes}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{time(e.createdAt)}</Table.Td>
                <Table.Td>{e.userName}</Table.Td>
                <Table.Td>{t.actions[e.action] ?? e.action}</Table.Td>
                <Table.Td>
                  <Changes changes={e.changes} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return (
    <Modal opened onClose={onClose} title={`${t.title}: ${title}`} size="xl">
      {body}
    </Modal>
  );
}
