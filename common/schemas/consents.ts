/** Parents' consent: the four purposes a parent answers one by one, and the answer's shapes. */
import { z } from 'zod';

export const CONSENT_PURPOSES = ['print-photo', 'digital-photo', 'print-text', 'face-matching'] as const;
export const consentPurpose = z.enum(CONSENT_PURPOSES);
export type ConsentPurpose = z.infer<typeof consentPurpose>;

export const consentAnswer = z.enum(['yes', 'no']);
export type ConsentAnswer = z.infer<typeof consentAnswer>;

export const PARENT_RELATIONS = ['anne', 'baba', 'vasi'] as const;
export const parentRelation = z.enum(PARENT_RELATIONS);
export type ParentRelation = z.infer<typeof parentRelation>;

/**
 * Who an answer on record names: a parent, or nobody known for the answers carried over from the
 * old single photo flag staff ticked (it never said who gave the consent).
 */
export const RECORDED_RELATIONS = [...PARENT_RELATIONS, 'belirsiz'] as const;
