/** School messages and branch messages: what the management / the teacher writes to the class. */
import { ActionIcon, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { MESSAGE_MAX, type Message } from '../../../common/schemas/messages';
import { displayDate } from '../../../common/dates';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { confirmAction } from '../../components/confirm';
import { PageHeader } from '../../components/PageHeader';
import { DataTable, type Column } from '../../components/list/DataTable';
import { SearchBox } from '../../components/list/SearchBox';
import { useListState } from '../../components/list/useListState';
import { useCreateStaffMessage, useDeleteMessage, useStaffMessages, useUpdateMessage } from './api';
import { TextCounterField } from './TextCounterField';

const tooLong = (text: string) =>
  text.trim().length === 0 ? tr.validation.required : text.trim().length > MESSAGE_MAX ? tr.validation.maxLength(MESSAGE_MAX) : undefined;

function Composer({ kind, id }: { kind: 'school' | 'branch'; id: string }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const create = useCreateStaffMessage(kind, id);
  const submit = async () => {
    const problem = tooLong(body);
    setError(problem);
    if (problem) return;
    if (await attempt(() => create.mutateAsync({ body: body.trim() }), tr.saved)) setBody('');
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <TextCounterField label={tr.messages.newMessage} value={body} onChange={setBody} max={MESSAGE_MAX} error={error} multiline />
        <Group justify="flex-end">
          <Button onClick={submit} loading={create.isPending}>
            {tr.words.save}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function EditDialog({ message, onClose }: { message: Message; onClose(): void }) {
  const [body, setBody] = useState(message.body);
  const [error, setError] = useState<string>();
  const update = useUpdateMessage();
  const save = async () => {
    const problem = tooLong(body);
    setError(problem);
    if (problem) return;
    if (await attempt(() => update.mutateAsync({ id: message.id, body: body.trim() }), tr.saved)) onClose();
  };
  return (
    <Modal opened onClose={onClose} title={tr.words.edit} size="lg">
      <Stack>
        <TextCounterField label={tr.messages.body} value={body} onChange={setBody} max={MESSAGE_MAX} error={error} multiline autoFocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tr.words.cancel}
          </Button>
          <Button onClick={save} loading={update.isPending}>
            {tr.words.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function StaffMessagesScreen({ kind, id, title }: { kind: 'school' | 'branch'; id: string; title: string }) {
  const list = useListState({ sort: 'date', order: 'desc' });
  const { data, isFetching, isError } = useStaffMessages(kind, id, list.query);
  const remove = useDeleteMessage();
  const [editing, setEditing] = useState<Message | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  const del = async (message: Message) => {
    if (!(await confirmAction({ message: tr.messages.deleteQuestion }))) return;
    setDeleting(message.id);
    await attempt(() => remove.mutateAsync(message.id), tr.deleted).finally(() => setDeleting(null));
  };

  const columns: Column<Message>[] = [
    {
      key: 'body',
      header: tr.messages.body,
      render: (m) => (
        <Text size="sm" className="pre-wrap">
          {m.body}
        </Text>
      ),
    },
    { key: 'author', header: tr.messages.author, render: (m) => m.authorName, width: 180 },
    { key: 'date', header: tr.messages.date, sortKey: 'date', render: (m) => displayDate(m.createdAt), width: 120 },
    {
      key: 'actions',
      header: '',
      width: 90,
      render: (m) => (
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={tr.words.edit} onClick={() => setEditing(m)}>
            <IconEdit size={18} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={tr.words.delete} loading={deleting === m.id} onClick={() => del(m)}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ),
    },
  ];

  return (
    <Stack>
      <PageHeader title={title} />
      <Composer kind={kind} id={id} />
      <Group>
        <SearchBox value={list.state.q} onChange={(q) => list.update({ q })} />
      </Group>
      <DataTable
        caption={title}
        columns={columns}
        rows={data?.items}
        total={data?.total ?? 0}
        state={list.state}
        onChange={list.update}
        rowKey={(m) => m.id}
        loading={isFetching}
        error={isError}
        emptyTitle={tr.messages.emptyList}
      />
      {editing ? <EditDialog message={editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
