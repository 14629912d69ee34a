/**
 * The wrappers of the routes' answers, one place for both sides: the routes declare their answers
 * with these, and web/api/calls.ts types the same answers from them, so a field renamed here (or
 * in the record inside) changes what the web's typecheck expects.
 */
import { z } from 'zod';

/** `{ success: true, …fields }`: a successful answer with the given fields. */
export function answerWith<S extends z.ZodRawShape>(fields: S) {
  return z.object({ success: z.literal(true), ...fields });
}

/** The answer of a read or a write of one record: `{ success, item }`. */
export function itemAnswer<T extends z.ZodType>(item: T) {
  return answerWith({ item });
}

/** A moderated record's write: the record and, for a decision, the token that undoes it. */
export function moderatedAnswer<T extends z.ZodType>(item: T) {
  return answerWith({ item, undoToken: z.number().nullable().optional() });
}

/** A short list answered whole, without pages: `{ success, items }`. */
export function itemsAnswer<T extends z.ZodType>(item: T) {
  return answerWith({ items: z.array(item) });
}

/** How many records a bulk step or an undo touched. */
export const countAnswer = answerWith({ count: z.number() });
