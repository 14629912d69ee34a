import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { tr } from '../../../common/tr';
import { TextCounterField } from './TextCounterField';

/** A moderator edits a student's text; the first version stays visible (and stored). */
export function EditTextDialog(props: {
  label: string;
  initial: string;
  original?: string | null;
  max: number;
  multiline?: boolean;
  busy: boolean;
  onClose(): void;
  onSave(text: string): void;
}) {
  const [text, setText] = useState(props.initial);
  const [error, setError] = useState<string>();
  const save = () => {
    const t = text.trim();
    const problem = !t ? tr.validation.required : t.length > props.max ? tr.validation.maxLength(props.max) : undefined;
    setError(problem);
    if (!problem) props.onSave(t);
  };
  return (
    <Modal opened onClose={props.onClose} title={tr.words.edit} size="lg">
      <Stack>
        {props.original ? (
          <div>
            <Text size="xs" c="dimmed">
              {tr.messages.original}
            </Text>
            <Text size="sm" className="pre-wrap">
              {props.original}
            </Text>
          </div>
        ) : null}
        <TextCounterField label={props.label} value={text} onChange={setText} max={props.max} error={error} multiline={props.multiline} autoFocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {tr.words.cancel}
          </Button>
          <Button onClick={save} loading={props.busy}>
            {tr.words.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
