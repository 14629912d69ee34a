/**
 * What can be done at once to the students ticked on the list: record their photo consent (with
 * its date), give them new access codes (their login cards open with them picked), move them to
 * another branch of the school, or delete them (with a short "Geri al" window, see useDeferredDelete).
 */
import { Button, Checkbox, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconKey, IconShieldCheck, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { todayInTurkey } from '../../../common/dates';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { confirmAction } from '../../components/confirm';
import { DateField } from '../../components/DateField';
import type { Selection } from '../../components/list/selection';
import type { Level } from '../../../common/levels';
import { useBulkConsent, useBulkMove } from './api';
import { MoveTargetDialog } from './MoveDialog';

const t = tr.students.bulk;

export function StudentsBulkBar(props: { branchId: number; level: Level | undefined; selection: Selection; onDelete(ids: number[]): void }) {
  const { branchId, selection } = props;
  const [dialog, setDialog] = useState<'consent' | 'move' | null>(null);
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
          <Button size="compact-md" variant="light" leftSection={<IconShieldCheck size={16} />} onClick={() => setDialog('consent')}>
            {t.consent}
          </Button>
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
      {dialog === 'consent' ? <ConsentDialog branchId={branchId} ids={ids} onDone={selection.clear} onClose={() => setDialog(null)} /> : null}
      {dialog === 'move' ? <BulkMoveDialog branchId={branchId} ids={ids} onDone={selection.clear} onClose={() => setDialog(null)} /> : null}
    </Paper>
  );
}

function ConsentDialog({ branchId, ids, onDone, onClose }: { branchId: number; ids: number[]; onDone(): void; onClose(): void }) {
  const save = useBulkConsent(branchId);
  const [given, setGiven] = useState(true);
  const [date, setDate] = useState<string | null>(() => todayInTurkey());
  const submit = async () => {
    const body = { studentIds: ids, photoConsent: given, photoConsentDate: given ? date : null };
    if (await attempt(() => save.mutateAsync(body), t.consentSaved(ids.length))) {
      onDone();
      onClose();
    }
  };
  return (
    <Modal opened onClose={onClose} title={t.consentTitle(ids.length)}>
      <Stack gap="sm">
        <Checkbox label={t.consentGiven} checked={given} onChange={(e) => setGiven(e.currentTarget.checked)} />
        {given ? <DateField label={tr.students.fields.photoConsentDate} value={date} onChange={setDate} required clearable={false} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {tr.words.cancel}
          </Button>
          <Button onClick={() => void submit()} disabled={given && !date} loading={save.isPending}>
            {tr.words.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
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
