/** School messages and branch messages: what the management / the teacher writes to the class. */
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { MESSAGE_MAX, type Message } from '../../../common/schemas/messages';
import { displayDate } from '../../../common/dates';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { deleteAfterConfirm } from '../../components/confirm';
import { EditTextDialog } from '../../components/form/EditTextDialog';
import { TextCounterField, useCountedText } from '../../components/form/TextCounterField';
import { PageHeader } from '../../components/PageHeader';
import { DataTable, type Column } from '../../components/list/DataTable';
import { RowActionGroup } from '../../components/list/RowActionGroup';
import { RowIconButton } from '../../components/list/RowIconButton';
import { ListToolbar } from '../../components/list/ListToolbar';
import { useListState } from '../../components/list/useListState';
import { UnprintableNote } from '../moderation/ModerationList';
import { useCreateStaffMessage, useMessageCalls, useStaffMessages } from './api';

function Composer({ kind, id }: { kind: 'school' | 'branch'; id: string }) {
  const { text: body, setText: setBody, error, checked } = useCountedText('', MESSAGE_MAX);
  const create = useCreateStaffMessage(kind, id);
  const submit = async () => {
    const trimmed = checked();
    if (!trimmed) return;
    if (await attempt(() => create.mutateAsync({ body: trimmed }), tr.saved)) setBody('');
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

export function StaffMessagesPage({ kind, id, title }: { kind: 'school' | 'branch'; id: string; title: string }) {
  const list = useListState({ sort: 'date', order: 'desc' });
  const messages = useStaffMessages(kind, id, list.query);
  const { update, remove } = useMessageCalls();
  const [editing, setEditing] = useState<Message | null>(null);

  const del = (message: Message) => deleteAfterConfirm(tr.messages.deleteQuestion, () => remove.mutateAsync(message.id));

  const columns: Column<Message>[] = [
    {
      key: 'body',
      header: tr.messages.body,
      render: (m) => (
        <>
          <Text size="sm" className="pre-wrap">
            {m.body}
          </Text>
          <UnprintableNote characters={m.unprintable} />
        </>
      ),
    },
    { key: 'author', header: tr.messages.author, render: (m) => m.authorName, width: 180 },
    { key: 'date', header: tr.messages.date, sortKey: 'date', render: (m) => displayDate(m.createdAt), width: 120 },
    {
      key: 'actions',
      header: '',
      width: 90,
      render: (m) => (
        <RowActionGroup>
          <RowIconButton icon={IconEdit} label={tr.words.edit} onClick={() => setEditing(m)} />
          <RowIconButton icon={IconTrash} color="red" label={tr.words.delete} loading={remove.isPending && remove.variables === m.id} onClick={() => del(m)} />
        </RowActionGroup>
      ),
    },
  ];

  return (
    <Stack>
      <PageHeader title={title} />
      <Composer kind={kind} id={id} />
      <ListToolbar list={list} />
      <DataTable
        caption={title}
        columns={columns}
        list={list}
        result={messages}
        empty={{ title: tr.messages.emptyList }}
        filteredEmpty={{ title: tr.messages.emptyList }}
      />
      {editing ? (
        <EditTextDialog
          label={tr.messages.body}
          initial={editing.body}
          max={MESSAGE_MAX}
          multiline
          busy={update.isPending}
          onClose={() => setEditing(null)}
          onSave={async (body) => {
            if (await attempt(() => update.mutateAsync({ id: editing.id, version: editing.version, text: body }), tr.saved)) setEditing(null);
          }}
        />
      ) : null}
    </Stack>
  );
}
