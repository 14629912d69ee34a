/** The studio profile (Stüdyo) and the public white label of the login page. */
import { z } from 'zod';
import { tr } from '../tr';
import { answerWith } from './answers';
import { studioInfo } from './auth';
import { email, phone, requiredText, versioned } from './fields';

const website = z
  .string()
  .trim()
  .max(200)
  .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]{2,}$/i.test(value), { message: tr.studio.websiteInvalid });

export const studioBody = z
  .object({
    name: requiredText(120),
    phone,
    email: z.literal('').or(email),
    address: z.string().trim().max(300),
    cityId: z.number().int().min(1).max(81).nullable(),
    website,
    /** Absent: kept. */
    retentionMonths: z.number().int().min(1).max(120).optional(),
    /** Approved event photos each student should be tagged in (absent: kept). */
    coverageGoal: z.number().int().min(1).max(100).optional(),
  })
  .strict();
export type StudioBody = z.infer<typeof studioBody>;
export const studioUpdateBody = versioned(studioBody);
export type StudioUpdateBody = z.infer<typeof studioUpdateBody>;

export const brandingResponse = z.object({
  success: z.literal(true),
  name: z.string(),
  logoUrl: z.string().nullable(),
  primaryColor: z.string(),
});
export type Branding = z.infer<typeof brandingResponse>;

/** Size limits of logos and cover images (a school's logo travels inside its JSON form, so it is smaller). */
export const IMAGE_MAX_MB = { logo: 2, cover: 5, schoolLogo: 0.5 } as const;

/** The studio profile as GET, PUT and the logo upload answer it. */
export const studioAnswer = answerWith({ studio: studioInfo });
