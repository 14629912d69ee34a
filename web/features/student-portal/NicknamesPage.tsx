/** Nickname suggestions: one per classmate, editable until approved. */
import { Button, Card, Group, Text, TextInput } from '@mantine/core';
import { NICKNAME_MAX } from '../../../common/schemas/messages';
import type { Classmate } from '../../../common/schemas/student';
import { tr } from '../../../common/tr';
import { useCountedText } from '../../components/form/TextCounterField';
import { toast } from '../../toast';
import { useClassmates, useSaveNickname } from './api';
import { CardList, PortalPage } from './PortalPage';
import { StatusBadge } from './ClassmatesPage';
import { useDeadline } from './deadline';

const p = tr.student.portal;

function NicknameRow({ mate, open }: { mate: Classmate; open: boolean }) {
  const { text, setText, error, checked } = useCountedText(mate.nickname?.text ?? '', NICKNAME_MAX);
  const save = useSaveNickname();
  const editable = open && mate.nickname?.status !== 'approved';
  const submit = async () => {
    const trimmed = checked();
    if (!trimmed) return;
    if (await save.mutateAsync({ id: mate.nickname?.id, toStudentId: mate.id, text: trimmed })) toast('success', p.saved);
  };
  return (
    <Card withBorder padding="sm" component="li" aria-label={mate.name}>
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Text fw={600}>{mate.name}</Text>
        {mate.nickname ? <StatusBadge status={mate.nickname.status} /> : null}
      </Group>
      {editable ? (
        <Group wrap="nowrap" align="flex-start" gap="xs">
          <TextInput
            style={{ flex: 1 }}
            aria-label={`${p.nicknameFor}: ${mate.name}`}
            placeholder={p.nicknameFor}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={error}
          />
          <Button onClick={() => void submit()} loading={save.isPending}>
            {p.save}
          </Button>
        </Group>
      ) : (
        <Text c={mate.nickname ? undefined : 'dimmed'}>{mate.nickname?.text ?? '—'}</Text>
      )}
    </Card>
  );
}

export function NicknamesPage() {
  const { open } = useDeadline();
  return (
    <PortalPage title={p.nicknames} query={useClassmates()}>
      {(classmates) => (
        <CardList>
          {classmates.map((mate) => (
            <NicknameRow key={`${mate.id}-${mate.nickname?.id ?? 0}`} mate={mate} open={open} />
          ))}
        </CardList>
      )}
    </PortalPage>
  );
}
