/**
 * The error type every layer throws when a request cannot be answered as asked: a status, a
 * Turkish message and, for bad input, the fields it is about. http/errors.ts answers it.
 */
import { tr } from '../../common/tr';
import { isUniqueViolation } from '../db/faults';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = () => new HttpError(404, tr.notFound);
/** A 403 that says what is not allowed (who may do it), not just that something failed. */
export const forbidden = (message: string = tr.forbidden) => new HttpError(403, message);
export const unauthorized = () => new HttpError(401, tr.unauthorized);
/** Bad input: one field (or none) with its Turkish message. */
export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const fieldError = (field: string, message: string) => new HttpError(400, message, { [field]: message });
export const conflict = (field: string, message: string) => new HttpError(409, message, { [field]: message });

/**
 * Runs a write whose uniqueness was checked before it; when a unique index refuses the row all
 * the same (two writes raced past the check), the answer is the same conflict the check gives.
 */
export async function conflictOnDuplicate<T>(duplicate: () => HttpError, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}
