/** A student's personal data under KVKK: the erasure's answer. */
import { z } from 'zod';
import { answerWith } from './answers';

/** How many of each went with an erased student. */
const erasureCounts = z.object({
  photos: z.number(),
  messages: z.number(),
  nicknames: z.number(),
  sessions: z.number(),
  consentRecords: z.number(),
  yearbookFiles: z.number(),
  consentScans: z.number(),
});

export const erasureAnswer = answerWith({ erasureId: z.number(), counts: erasureCounts });
