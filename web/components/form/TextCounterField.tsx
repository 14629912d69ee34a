import { Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { tr } from '../../../common/tr';

/** The rule of every counted text: required, and at most `max` characters once trimmed. */
export function textProblem(text: string, max: number): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return tr.validation.required;
  return trimmed.length > max ? tr.validation.maxLength(max) : undefined;
}

/**
 * A counted text being edited and its error: `checked()` shows the text's problem, if any, and
 * answers the trimmed text to save, or undefined while there is a problem.
 */
export function useCountedText(initial: string, max: number) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string>();
  const checked = () => {
    const problem = textProblem(text, max);
    setError(problem);
    return problem ? undefined : text.trim();
  };
  return { text, setText, error, checked };
}

/** Within this many characters of the limit the counter is read out as it changes. */
const NEAR_LIMIT = 0.9;

/**
 * Plain text with a length counter under it, tied to the field as its description (a screen
 * reader reads it with the field); it turns red past the limit, and is read out on change only
 * near the limit, not at every key.
 */
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
    <Text
      span
      display="block"
      size="xs"
      c={length > props.max ? 'red.9' : 'dimmed'}
      ta="right"
      aria-live={length >= props.max * NEAR_LIMIT ? 'polite' : 'off'}
      data-testid="length-counter"
    >
      {tr.messages.counter(length, props.max)}
    </Text>
  );
  const common = {
    label: props.label,
    value: props.value,
    onChange: (e: { currentTarget: { value: string } }) => props.onChange(e.currentTarget.value),
    error: props.error,
    autoFocus: props.autoFocus,
    description: counter,
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as Array<'label' | 'input' | 'description' | 'error'>,
  };
  return props.multiline ? <Textarea {...common} autosize minRows={4} maxRows={12} /> : <TextInput {...common} />;
}
