/** The parents' calls (/api/veli/…) and the studio's consent texts, shared by the server and the web. */
import { z } from 'zod';
import { consentAnswer, consentPurpose, parentRelation } from './consents';
import { codeLoginBody } from './student';

export const parentLoginBody = codeLoginBody('parentCode');

export const purposeParams = z.object({ purpose: consentPurpose });

/** The text a parent reads for one purpose: the studio's latest, or the default; `version` is sha256 of the body. */
const consentText = z.object({
  purpose: consentPurpose,
  body: z.string(),
  version: z.string(),
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type ConsentText = z.infer<typeof consentText>;

/** A purpose's answer in force; all null while nobody answered. `textVersion` is the text the answer was given to. */
const parentConsentItem = z.object({
  purpose: consentPurpose,
  answer: consentAnswer.nullable(),
  answeredAt: z.string().nullable(),
  textVersion: z.string().nullable(),
});

export const parentConsentsResponse = z.object({
  success: z.literal(true),
  student: z.object({ name: z.string(), schoolName: z.string(), branchName: z.string() }),
  /** The school's book is final: answers can no longer be changed here. */
  final: z.boolean(),
  /** Who answered last, so the form need not be filled in again. */
  lastAnswerer: z.object({ name: z.string(), relation: parentRelation }).nullable(),
  items: z.array(parentConsentItem),
  texts: z.array(consentText),
});
export type ParentConsents = z.infer<typeof parentConsentsResponse>;

export const parentConsentBody = z
  .object({
    answer: consentAnswer,
    name: z.string().trim().min(3).max(100),
    relation: parentRelation,
  })
  .strict();

export const parentConsentResponse = z.object({ success: z.literal(true), item: parentConsentItem });

export const consentTextBody = z.object({ body: z.string().trim().min(20).max(4000) }).strict();
export const consentTextsResponse = z.object({ success: z.literal(true), items: z.array(consentText) });
export const consentTextResponse = z.object({ success: z.literal(true), item: consentText });
