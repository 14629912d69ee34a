/**
 * Turkish messages for every schema error, on the server and in forms. zod's bundled Turkish
 * locale speaks of types ("beklenen string"); people need "Bu alan zorunludur." instead.
 */
import { z } from 'zod';
import type { $ZodRawIssue } from 'zod/v4/core';
// The core texts alone: the web app's first load (the login page) carries this module.
import { core as tr } from './tr/core';

type Issue = $ZodRawIssue;

/** The Turkish message of one schema error (zod's `customError`). */
export function turkishMessage(issue: Issue): string {
  const v = tr.validation;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return v.required;
      return issue.expected === 'number' || issue.expected === 'int' ? v.number : v.invalid;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? v.required : v.minLength(min);
      if (issue.origin === 'number' || issue.origin === 'int') return v.minNumber(min);
      return v.invalid;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return v.maxLength(max);
      if (issue.origin === 'number' || issue.origin === 'int') return v.maxNumber(max);
      return v.invalid;
    }
    case 'invalid_format':
      return issue.format === 'email' ? v.email : v.invalid;
    case 'invalid_value':
      return v.choice;
    case 'unrecognized_keys':
      return v.unknownField(issue.keys.join(', '));
    default:
      return v.invalid;
  }
}

let installed = false;
/** Installs the Turkish messages once per process (both the server and the web app call it). */
export function installTurkishZodMessages(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: (issue) => turkishMessage(issue) });
}
