/** Runs a shared zod schema as a @mantine/form validator: the same rules and Turkish messages as the server. */
import type { z } from 'zod';

export function zodValidate<T extends z.ZodType>(schema: T) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.') || 'form';
      errors[key] ??= issue.message;
    }
    return errors;
  };
}

/** Puts the server's field errors (400 answers carry `errors`) onto the form. */
export function applyServerErrors(form: { setErrors(errors: Record<string, string>): void }, errors?: Record<string, string>) {
  if (errors) form.setErrors(errors);
}
