/** Notifications: request and answer shapes shared by server and web. */
import { z } from 'zod';
import { apiDate, id, requiredText, versioned, wholeNumber } from './fields';
import { listQuery } from './list';

export const NOTIFICATION_STATUSES = ['draft', 'scheduled', 'sent', 'cancelled'] as const;
export const TARGET_TYPES = ['all', 'school', 'branch'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

/** What a person writes; `status` moves draft → scheduled (→ cancelled); 'sent' only the job sets. */
export const notificationBody = z
  .object({
    title: requiredText(150),
    body: requiredText(2000),
    targetType: z.enum(TARGET_TYPES),
    targetId: id.nullable().default(null),
    sendDate: apiDate,
    status: z.enum(['draft', 'scheduled', 'cancelled']).default('draft'),
  })
  .strict();
export type NotificationBody = z.input<typeof notificationBody>;
export const notificationUpdateBody = versioned(notificationBody);
export type NotificationUpdateBody = z.input<typeof notificationUpdateBody>;

export const notificationListQuery = listQuery
  .extend({
    status: z.enum(NOTIFICATION_STATUSES).optional(),
    targetType: z.enum(TARGET_TYPES).optional(),
    schoolId: id.optional(),
  })
  .strict();

export const notificationItem = z.object({
  id: wholeNumber,
  title: z.string(),
  body: z.string(),
  targetType: z.enum(TARGET_TYPES),
  targetId: wholeNumber.nullable(),
  /** The school the target lies in (for branch targets, the branch's school). */
  schoolId: wholeNumber.nullable(),
  targetName: z.string(),
  sendDate: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  /** Students reached: counted when sent; the students the target holds now before that. */
  recipientCount: wholeNumber,
  sentAt: z.string().nullable(),
  authorName: z.string(),
  createdAt: z.string(),
  version: wholeNumber,
});
export type NotificationItem = z.infer<typeof notificationItem>;

/** GET notifications/targets?schoolId= : the schools in scope, and the branches of one of them. */
export const targetsQuery = z.object({ schoolId: id.optional() }).strict();
export const targetsResponse = z.object({
  success: z.literal(true),
  schools: z.array(z.object({ id: wholeNumber, name: z.string() })),
  branches: z.array(z.object({ id: wholeNumber, schoolId: wholeNumber, name: z.string() })),
});
