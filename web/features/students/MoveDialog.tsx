import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { StudentItem } from '../../../common/schemas/students';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { recordOptions, SelectField } from '../../components/SelectField';
import { useMoveStudent, useSiblings } from './api';

const t = tr.students;

/** Move a student to another branch of the same school. */
export function MoveDialog({ branchId, student, onClose }: { branchId: number; student: StudentItem | null; onClose(): void }) {
  const move = useMoveStudent(branchId);
  const [target, setTarget] = useState<string | null>(null);
  // Each student starts with no target: the previous student's choice is no answer for this one.
  const [shownFor, setShownFor] = useState(student);
  if (shownFor !== student) {
    setShownFor(student);
    setTarget(null);
  }
  const submit = async () => {
    if (!student || !target) return;
    if (await attempt(() => move.mutateAsync({ id: student.id, target: Number(target) }), t.moved)) onClose();
  };
  return (
    <MoveTargetDialog
      branchId={branchId}
      opened={student !== null}
      title={t.move}
      submitLabel={t.move}
      target={[target, setTarget]}
      busy={move.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {student ? <Text size="sm">{`${student.schoolNumber} · ${student.firstName} ${student.lastName}`}</Text> : null}
    </MoveTargetDialog>
  );
}

/** The dialog of both moves (one student, or those ticked): another branch of the school to choose, then the move. */
export function MoveTargetDialog(props: {
  branchId: number;
  opened: boolean;
  title: string;
  submitLabel: string;
  /** The branch chosen, and the way to choose another. */
  target: [string | null, (target: string | null) => void];
  busy: boolean;
  onSubmit(): Promise<void>;
  onClose(): void;
  /** What the dialog says above the choice (the student moved). */
  children?: ReactNode;
}) {
  const { branchId, onClose } = props;
  const [target, setTarget] = props.target;
  const siblings = useSiblings(branchId);
  const options = recordOptions((siblings.data?.items ?? []).filter((b) => b.id !== branchId));
  return (
    <Modal opened={props.opened} onClose={onClose} title={props.title}>
      <Stack gap="sm">
        {props.children}
        <SelectField label={t.moveTarget} data={options} value={target} onChange={setTarget} disabled={siblings.isLoading} required />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={props.busy}>
            {tr.words.cancel}
          </Button>
          <Button onClick={() => void props.onSubmit()} disabled={!target} loading={props.busy}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
