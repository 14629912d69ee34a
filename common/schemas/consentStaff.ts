/** Staff's side of parents' consent: the state per purpose, a paper form's answer, the evidence, the counts. */
import { z } from 'zod';
import { answerWith } from './answers';
import { requiredText } from './fields';
import { CONSENT_PURPOSES, consentAnswer, consentPurpose, parentRelation, RECORDED_RELATIONS } from './consents';

/** Given, refused, or not answered yet. */
export const CONSENT_STATES = ['yes', 'no', 'none'] as const;
export const consentState = z.enum(CONSENT_STATES);
export type ConsentState = z.infer<typeof consentState>;

/** A student's answer in force for each purpose. */
export const consentStates = z.object(
  Object.fromEntries(CONSENT_PURPOSES.map((p) => [p, consentState])) as Record<(typeof CONSENT_PURPOSES)[number], typeof consentState>,
);
export type ConsentStates = z.infer<typeof consentStates>;

/** A list's consent filter: the purpose (print photos unless named) and the state. */
export const consentFilter = { consentPurpose: consentPurpose.optional(), consentState: consentState.optional() };

/** Where a paper form's scan waits once uploaded, for the record that names it. */
const SCAN_KEY = /^consent-scans\/\d+\/[0-9a-f]{32}\.jpg$/;

/** A paper form staff enter: the answer for one purpose, who signed it, and the scan uploaded before (if any). */
export const paperConsentBody = z
  .object({
    purpose: consentPurpose,
    answer: consentAnswer,
    givenByName: requiredText(120),
    relation: parentRelation,
    scanKey: z.string().regex(SCAN_KEY).nullable().default(null),
  })
  .strict();
export type PaperConsentBody = z.input<typeof paperConsentBody>;

const consentRecordItem = z.object({
  id: z.number().int(),
  purpose: consentPurpose,
  answer: consentAnswer,
  givenByName: z.string(),
  relation: z.enum(RECORDED_RELATIONS),
  channel: z.enum(['online', 'paper']),
  textVersion: z.string(),
  answeredAt: z.string(),
  recordedByName: z.string().nullable(),
  /** Whether the paper form's scan is kept (GET consent-records/{id}/scan). */
  hasScan: z.boolean(),
});
export type ConsentRecordItem = z.infer<typeof consentRecordItem>;

/** A student's consents: the state per purpose and every record, newest first. */
export const studentConsentsAnswer = answerWith({ states: consentStates, records: z.array(consentRecordItem) });

export const scanAnswer = answerWith({ scanKey: z.string() });

/** Per purpose, how many of the scope's students are given / refused / not answered. */
export const consentCounts = z.array(z.object({ purpose: consentPurpose, yes: z.number().int(), no: z.number().int(), none: z.number().int() }));
export type ConsentCounts = z.infer<typeof consentCounts>;

/** A branch's class-teacher list: each student and the state of each purpose. */
export const consentListAnswer = answerWith({
  branchName: z.string(),
  schoolName: z.string(),
  items: z.array(z.object({ id: z.number().int(), schoolNumber: z.string(), name: z.string(), states: consentStates })),
});
