/**
 * A student's personal data, in the student's form: "Verilerini indir" (a zip, every staff level)
 * and "Verilerini sil" (the studio and the school), which asks for the student's name to be typed
 * before it erases for good.
 */
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconFileZip, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { Level } from '../../../common/levels';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { downloadStudentData, useEraseStudent } from './api';

const t = tr.kvkk;

/** The name as typed matches the student's, whatever the case (Turkish casing) and spacing. */
const sameName = (typed: string, name: string) => typed.trim().replace(/\s+/g, ' ').toLocaleLowerCase('tr') === name.toLocaleLowerCase('tr');

function EraseDialog({ branchId, student, onClose, onErased }: { branchId: number; student: { id: number; name: string }; onClose(): void; onErased(): void }) {
  const [typed, setTyped] = useState('');
  const erase = useEraseStudent(branchId);
  const matches = sameName(typed, student.name);
  const run = async () => {
    const done = await attempt(() => erase.mutateAsync(student.id), t.erased);
    if (done) onErased();
  };
  return (
    <Modal opened onClose={onClose} title={t.eraseTitle(student.name)} closeButtonProps={{ 'aria-label': tr.words.close }}>
      <Stack gap="sm">
        <Alert color="red" variant="light">
          <Text size="sm">{t.eraseWarning}</Text>
        </Alert>
        <Text size="xs" c="dimmed">
          {t.eraseLocked}
        </Text>
        <TextInput
          label={t.eraseConfirmLabel}
          description={student.name}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          error={typed && !matches ? t.eraseConfirmMismatch : undefined}
          autoComplete="off"
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {tr.words.cancel}
          </Button>
          <Button color="red" leftSection={<IconTrash size={16} />} disabled={!matches} loading={erase.isPending} onClick={() => void run()}>
            {t.eraseButton}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function StudentDataActions({
  branchId,
  student,
  level,
  onErased,
}: {
  branchId: number;
  student: { id: number; name: string };
  level: Level | undefined;
  onErased(): void;
}) {
  const [downloading, setDownloading] = useState(false);
  const [erasing, setErasing] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadStudentData(student.id);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Group gap="xs" wrap="wrap">
      <Button variant="light" size="xs" leftSection={<IconFileZip size={16} />} loading={downloading} onClick={() => void download()}>
        {t.exportAction}
      </Button>
      {level === 'panel' || level === 'school' ? (
        <Button variant="light" color="red" size="xs" leftSection={<IconTrash size={16} />} onClick={() => setErasing(true)}>
          {t.eraseAction}
        </Button>
      ) : null}
      {erasing ? <EraseDialog branchId={branchId} student={student} onClose={() => setErasing(false)} onErased={onErased} /> : null}
    </Group>
  );
}
