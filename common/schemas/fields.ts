/** Field schemas reused by every area's request schemas. */
import { z } from 'zod';
import { isApiDate } from '../dates';
import { tr } from '../tr';

/** A trimmed required text of at most `max` characters. */
export const requiredText = (max: number) => z.string().trim().min(1).max(max);
/** A trimmed optional text; '' is stored as ''. */
export const optionalText = (max: number) => z.string().trim().max(max).default('');

export const email = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** 'yyyy-mm-dd' and a real calendar date: dates travel in this form. */
export const apiDate = z.string().refine(isApiDate, { message: tr.validation.date });

/** Turkish phone numbers: 10 digits after an optional 0 / +90 (e.g. 0 (212) 555 12 34). */
export const phone = z
  .string()
  .trim()
  .max(30)
  .refine((value) => value === '' || /^(\+?90|0)?[2-5]\d{9}$/.test(value.replace(/[\s()-]/g, '')), {
    message: 'Geçerli bir telefon numarası giriniz (ör. 0212 555 12 34).',
  });

/** A whole number in an answer or a body: an id, a count, a grade or a version the server sends. */
export const wholeNumber = z.number().int();

/** Largest value of a PostgreSQL integer column: an id above it cannot exist, and would not fit a query. */
const MAX_ID = 2_147_483_647;
export const id = z.coerce.number().int().positive().max(MAX_ID, { message: tr.validation.invalid });
/** Not strict: the route's params also hold `level` from the /api/:level prefix. */
export const idParams = z.object({ id });

/** The version of a record an edit is based on (answers carry it; a stale one is refused with 409). */
export const version = z.number().int().min(0).max(MAX_ID);
/** A PUT body: the record's fields and the version they were read at. */
export const versioned = <Shape extends z.ZodRawShape>(body: z.ZodObject<Shape>) => body.extend({ version });
