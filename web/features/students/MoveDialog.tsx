import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { StudentItem } from '../../../common/schemas/students';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { recordOptions, SelectField } from '../../components/SelectField';
import { useMoveStudent, useSiblings } from './api';

const t = tr.students;

/** Move a student to another branch of the same school. */
export function MoveDialog({ branchId, student, onClose }: { branchId: number; student: StudentItem | null; onClose(): void }) {
  const siblings = useSiblings(branchId);
  const move = useMoveStudent(branchId);
  const [target, setTarget] = useState<string | null>(null);
  // Each student starts with no target: the previous student's choice is no answer for this one.
  const [shownFor, setShownFor] = useState(student);
  if (shownFor !== student) {
    setShownFor(student);
    setTarget(null);
  }
  const options = recordOptions((siblings.data?.items ?? []).filter((b) => b.id !== branchId));
  const submit = async () => {
    if (!student || !target) return;
    if (await attempt(() => move.mutateAsync({ id: student.id, target: Number(target) }), t.moved)) onClose();
  };
  return (
    <Modal opened={student !== null} onClose={onClose} title={t.move}>
      <Stack gap="sm">
        {student ? <Text size="sm">{`${student.schoolNumber} · ${student.firstName} ${student.lastName}`}</Text> : null}
        <SelectField label={t.moveTarget} data={options} value={target} onChange={setTarget} disabled={siblings.isLoading} required />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={move.isPending}>
            {tr.words.cancel}
          </Button>
          <Button onClick={() => void submit()} disabled={!target} loading={move.isPending}>
            {t.move}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
