import { Text } from '@mantine/core';
import { useState } from 'react';
import { tr } from '../../../common/tr';
import { FormDialog } from './FormDialog';
import { TextCounterField, textProblem } from './TextCounterField';

/** Edits one text with its counter; a moderator sees the writer's first version above it (it stays stored). */
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
    const problem = textProblem(text, props.max);
    setError(problem);
    if (!problem) props.onSave(text.trim());
  };
  return (
    <FormDialog title={tr.words.edit} size="lg" onClose={props.onClose} onSubmit={save} busy={props.busy} dirty={text !== props.initial}>
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
    </FormDialog>
  );
}
