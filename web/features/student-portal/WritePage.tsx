/** Writing to one classmate (/student/write/{id}): its messages to them, editable while pending and open. */
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { MESSAGE_MAX } from '../../../common/schemas/messages';
import type { MyMessage } from '../../../common/schemas/student';
import { tr } from '../../../common/tr';
import { confirmAction } from '../../components/confirm';
import { TextCounterField, useCountedText } from '../../components/form/TextCounterField';
import { LoadFailed, Loading } from '../../components/QueryState';
import { toast } from '../../toast';
import { useClassmates, useDeleteMessage, useWriteMessage } from './api';
import { StatusBadge } from './ClassmatesPage';
import { useDeadline } from './deadline';

const p = tr.student.portal;

function MessageForm({ toStudentId, editing, onDone }: { toStudentId: number; editing?: MyMessage; onDone(): void }) {
  const { text: body, setText: setBody, error, checked } = useCountedText(editing?.body ?? '', MESSAGE_MAX);
  const write = useWriteMessage();
  const save = async () => {
    const trimmed = checked();
    if (!trimmed) return;
    const result = await write.mutateAsync({ id: editing?.id, toStudentId, text: trimmed });
    if (result) {
      toast('success', p.saved);
      onDone();
    }
  };
  return (
    <Stack gap="xs">
      <TextCounterField label={p.yourMessage} value={body} onChange={setBody} max={MESSAGE_MAX} error={error} multiline autoFocus />
      <Button onClick={() => void save()} loading={write.isPending} size="md">
        {editing ? p.save : p.send}
      </Button>
    </Stack>
  );
}

export function WritePage() {
  const id = Number(useParams().id);
  const classmates = useClassmates();
  const { open, line } = useDeadline();
  const remove = useDeleteMessage();
  const [editing, setEditing] = useState<MyMessage | null>(null);
  if (classmates.isPending) return <Loading />;
  if (classmates.isError) return <LoadFailed />;
  const mate = classmates.data.find((c) => c.id === id);
  if (!mate) return <LoadFailed />;
  const canWriteNew = open && !editing && mate.messages.every((m) => m.status === 'rejected');

  const askDelete = async (m: MyMessage) => {
    if (!(await confirmAction({ message: p.delete }))) return;
    if (await remove.mutateAsync(m.id)) toast('success', p.deleted);
  };

  // The student frame has no dialog host (its pages load light on a phone): this page, the one that
  // asks before deleting, brings its own.
  return (
    <ModalsProvider>
      <Stack>
        <Button component={Link} to="/student/classmates" variant="subtle" size="compact-sm" w="fit-content">
          ← {p.classmates}
        </Button>
        <Title order={2} size="h3">
          {p.messageTo(mate.name)}
        </Title>
        {mate.messages.map((m) =>
          editing?.id === m.id ? (
            <MessageForm key={m.id} toStudentId={id} editing={m} onDone={() => setEditing(null)} />
          ) : (
            <Card key={m.id} withBorder aria-label={p.yourMessage}>
              <Group justify="space-between" mb="xs">
                <StatusBadge status={m.status} />
              </Group>
              <Text className="pre-wrap">{m.body}</Text>
              {open && m.status === 'pending' ? (
                <Group mt="sm">
                  <Button variant="default" size="compact-md" onClick={() => setEditing(m)}>
                    {p.edit}
                  </Button>
                  <Button variant="subtle" color="red" size="compact-md" onClick={() => void askDelete(m)}>
                    {p.delete}
                  </Button>
                </Group>
              ) : null}
            </Card>
          ),
        )}
        {canWriteNew ? <MessageForm toStudentId={id} onDone={() => undefined} /> : null}
        {!open ? <Alert color="orange">{line}</Alert> : null}
      </Stack>
    </ModalsProvider>
  );
}
