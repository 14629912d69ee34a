/** The one list convention of every call: ?page=&perPage=&q=&sort=&order= → { items, total, page, perPage }. */
import { z } from 'zod';

export const PER_PAGE_CHOICES = [10, 25, 50, 100] as const;
export const DEFAULT_PER_PAGE = 25;

export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(DEFAULT_PER_PAGE),
  q: z.string().trim().max(100).default(''),
  sort: z.string().max(40).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ListQuery = z.infer<typeof listQuery>;

export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    perPage: z.number().int(),
  });
}

export const okResponse = z.object({ success: z.literal(true) });
export const errorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
