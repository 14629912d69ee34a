/** The Home dashboard figures beyond the counts of user info (GET statistics). */
import { z } from 'zod';
import { answerWith } from './answers';
import { statistics } from './auth';
import { consentCounts } from './consentStaff';

const progressRow = z.object({
  id: z.number().int(),
  name: z.string(),
  students: z.number().int(),
  /** Students who have written at least one approved message. */
  wrote: z.number().int(),
  /** Students who have received at least one approved message. */
  received: z.number().int(),
  withPhoto: z.number().int(),
  /** Student messages to the unit's students that wait for moderation. */
  pendingMessages: z.number().int(),
});

const deadlineRow = z.object({
  schoolId: z.number().int(),
  name: z.string(),
  deadline: z.string().nullable(),
  daysLeft: z.number().int().nullable(),
});

/** A student the school still waits for, with what is needed to open the student's list. */
const studentToChase = z.object({
  id: z.number().int(),
  name: z.string(),
  schoolNumber: z.string(),
  branchId: z.number().int(),
  branchName: z.string(),
  schoolName: z.string(),
});

/** The first few of a longer list, and how many there are in all. */
const firstOf = z.object({ total: z.number().int(), items: z.array(studentToChase) });

const dashboard = z.object({
  /** 'school' for level panel (one row per school), 'branch' below it. */
  progressBy: z.enum(['school', 'branch']),
  progress: z.array(progressRow),
  deadlines: z.array(deadlineRow),
  /** The last 30 days, oldest first, every day present ('yyyy-mm-dd', UTC days). */
  messagesPerDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
  /** Students with no portrait yet. */
  withoutPhoto: firstOf,
  /** Students who have written no message (none waiting, none approved). */
  wroteNothing: firstOf,
  /** Per consent purpose, the scope's active students whose parents gave it, refused it, or have not answered. */
  consents: consentCounts,
});
export type Dashboard = z.infer<typeof dashboard>;

/** GET statistics: the caller's counts and the dashboard. */
export const statisticsAnswer = answerWith({ statistics, dashboard });
