import { Text } from '@mantine/core';
import { tr } from '../../../common/tr';
import { FormDialog } from './FormDialog';
import { TextCounterField, useCountedText } from './TextCounterField';

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
  const { text, setText, error, checked } = useCountedText(props.initial, props.max);
  const save = () => {
    const trimmed = checked();
    if (trimmed) props.onSave(trimmed);
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
