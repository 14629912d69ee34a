import { z } from 'zod';
import { wholeNumber } from './fields';
import { LEVELS } from '../levels';
import { itemsAnswer } from './answers';
import { errorResponse } from './list';

export const loginBody = z
  .object({
    email: z.string().trim().min(1).max(254).pipe(z.email()),
    password: z.string().min(1).max(200),
  })
  .strict();

export const loginResponse = z.object({ success: z.literal(true), token: z.string() });
/** What a sign-in answers, staff or student: a token, a refusal that names nothing, or wait (429). */
export const loginAnswers = { 200: loginResponse, 400: errorResponse, 429: errorResponse };

/** A new password: at least 8 characters, as for manager accounts. */
export const newPassword = z.string().min(8).max(200);

export const changePasswordBody = z.object({ currentPassword: z.string().min(1).max(200), newPassword }).strict();

const sessionItem = z.object({
  id: wholeNumber,
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  /** The session of this call. */
  current: z.boolean(),
});
export const sessionsResponse = itemsAnswer(sessionItem);

export const city = z.object({ id: wholeNumber, name: z.string() });

export const statistics = z.object({
  schools: wholeNumber,
  branches: wholeNumber,
  students: wholeNumber,
  studentsWithPhoto: wholeNumber,
  managers: wholeNumber,
  messages: z.object({ pending: wholeNumber, approved: wholeNumber, rejected: wholeNumber }),
  nicknames: z.object({ pending: wholeNumber, approved: wholeNumber, rejected: wholeNumber }),
  notifications: wholeNumber,
});
export type Statistics = z.infer<typeof statistics>;

export const studioInfo = z.object({
  id: wholeNumber,
  name: z.string(),
  logoUrl: z.string().nullable(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  cityId: wholeNumber.nullable(),
  website: z.string(),
  /** Months after a school's delivery date when its photos are purged. */
  retentionMonths: wholeNumber,
  /** Approved event photos each student should be tagged in; below it a student is highlighted. */
  coverageGoal: wholeNumber,
  version: wholeNumber,
});
export type StudioInfo = z.infer<typeof studioInfo>;

const schoolInfo = z.object({ id: wholeNumber, name: z.string(), cityId: wholeNumber.nullable() });
const branchInfo = z.object({ id: wholeNumber, schoolId: wholeNumber, name: z.string() });

const designInfo = z.object({ primaryColor: z.string(), accentColor: z.string() }).passthrough();

/** GET {level}/user: the account, its studio, school and branch, the design, cities and figures. */
export const userResponse = z.object({
  success: z.literal(true),
  userInfo: z.object({ id: wholeNumber, name: z.string(), email: z.string(), level: z.enum(LEVELS) }),
  design: designInfo,
  cities: z.array(city),
  studio: studioInfo,
  school: schoolInfo.nullable(),
  branch: branchInfo.nullable(),
  statistics,
  level: z.enum(LEVELS),
});
export type UserResponse = z.infer<typeof userResponse>;
