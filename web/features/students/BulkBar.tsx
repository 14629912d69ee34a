/**
 * What can be done at once to the students ticked on the list: give them new access codes (their login cards open with them picked), move them to
 * another branch of the school, or delete them (with a short "Geri al" window, see useDeferredDelete).
 */
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconArrowsExchange, IconKey, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { confirmAction } from '../../components/confirm';
import type { Selection } from '../../components/list/selection';
import type { Level } from '../../../common/levels';
import { useBulkMove } from './api';
import { MoveTargetDialog } from './MoveDialog';

const t = tr.students.bulk;

export function StudentsBulkBar(props: { branchId: number; level: Level | undefined; selection: Selection; onDelete(ids: number[]): void }) {
  const { branchId, selection } = props;
  const [dialog, setDialog] = useState<'move' | null>(null);
  const navigate = useNavigate();
  const ids = [...selection.ids];
  if (!ids.length) return null;
  const remove = async () => {
    if (await confirmAction({ title: t.delete, message: t.deleteConfirm(ids.length), confirmLabel: t.delete })) {
      selection.clear();
      props.onDelete(ids);
    }
  };
  return (
    <Paper withBorder p="sm" role="region" aria-label={t.region}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {t.selected(ids.length)}
          </Text>
          <Button size="compact-sm" variant="subtle" color="gray" onClick={selection.clear}>
            {t.clear}
          </Button>
        </Group>
        <Group gap="xs">
          <Button
            size="compact-md"
            variant="light"
            leftSection={<IconKey size={16} />}
            onClick={() => void navigate(`/login-cards/${branchId}?ogrenci=${ids.join(',')}`)}
          >
            {t.newCodes}
          </Button>
          {/* Moving between branches is for the studio and the school, as on a single row. */}
          {props.level !== 'branch' ? (
            <Button size="compact-md" variant="light" leftSection={<IconArrowsExchange size={16} />} onClick={() => setDialog('move')}>
              {t.move}
            </Button>
          ) : null}
          <Button size="compact-md" variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => void remove()}>
            {t.delete}
          </Button>
        </Group>
      </Group>
      {dialog === 'move' ? <BulkMoveDialog branchId={branchId} ids={ids} onDone={selection.clear} onClose={() => setDialog(null)} /> : null}
    </Paper>
  );
}

function BulkMoveDialog({ branchId, ids, onDone, onClose }: { branchId: number; ids: number[]; onDone(): void; onClose(): void }) {
  const move = useBulkMove(branchId);
  const [target, setTarget] = useState<string | null>(null);
  const submit = async () => {
    if (!target) return;
    if (await attempt(() => move.mutateAsync({ studentIds: ids, target: Number(target) }), t.moved(ids.length))) {
      onDone();
      onClose();
    }
  };
  return (
    <MoveTargetDialog
      branchId={branchId}
      opened
      title={t.moveTitle(ids.length)}
      submitLabel={t.move}
      target={[target, setTarget]}
      busy={move.isPending}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
