import { Text, Textarea, TextInput } from '@mantine/core';
import { tr } from '../../../common/tr';

/** The rule of every counted text: required, and at most `max` characters once trimmed. */
export function textProblem(text: string, max: number): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return tr.validation.required;
  return trimmed.length > max ? tr.validation.maxLength(max) : undefined;
}

/** Plain text with a live length counter; the counter turns red past the limit. */
export function TextCounterField(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  max: number;
  error?: string;
  multiline?: boolean;
  autoFocus?: boolean;
}) {
  const length = props.value.length;
  const counter = (
    <Text size="xs" c={length > props.max ? 'red' : 'dimmed'} ta="right" aria-live="polite" data-testid="length-counter">
      {tr.messages.counter(length, props.max)}
    </Text>
  );
  const common = {
    label: props.label,
    value: props.value,
    onChange: (e: { currentTarget: { value: string } }) => props.onChange(e.currentTarget.value),
    error: props.error,
    autoFocus: props.autoFocus,
  };
  return (
    <div>
      {props.multiline ? <Textarea {...common} autosize minRows={4} maxRows={12} /> : <TextInput {...common} />}
      {counter}
    </div>
  );
}
