import { Button, Textarea } from '@mantine/core';
import { useState } from 'react';
import { NOTE_MAX } from '../../../common/schemas/messages';
import { tr } from '../../../common/tr';
import { FormDialog } from '../../components/form/FormDialog';

/** Asks for the optional note of a rejection; each opening starts with an empty note. */
export function RejectDialog({ busy, onClose, onConfirm }: { busy: boolean; onClose(): void; onConfirm(note: string): void }) {
  const [note, setNote] = useState('');
  const error = note.trim().length > NOTE_MAX ? tr.validation.maxLength(NOTE_MAX) : undefined;
  return (
    <FormDialog
      title={tr.words.reject}
      onClose={onClose}
      dirty={note.trim() !== ''}
      onSubmit={() => (error ? undefined : onConfirm(note.trim()))}
      busy={busy}
      actions={
        <Button type="submit" color="red" loading={busy} disabled={Boolean(error)}>
          {tr.words.reject}
        </Button>
      }
    >
      <Textarea
        label={tr.messages.note}
        placeholder={tr.messages.noteHint}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        error={error}
        autosize
        minRows={2}
      />
    </FormDialog>
  );
}
