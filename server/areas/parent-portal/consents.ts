/** A parent's answers: read with the texts in force, and written as evidence until the school's book is final. */
import { eq } from 'drizzle-orm';
import type { ConsentPurpose } from '../../../common/schemas/consents';
import { CONSENT_PURPOSES } from '../../../common/schemas/consents';
import type { parentConsentBody, ParentConsents } from '../../../common/schemas/parent';
import { branchName } from '../../../common/text';
import { tr } from '../../../common/tr';
import type { ParentCaller } from '../../auth/caller';
import { recordStudentAudit } from '../../core/audit';
import { HttpError } from '../../core/errors';
import type { Db, Tx } from '../../db/client';
import { yearbookFinals } from '../../db/schema';
import { consentsOf, recordConsent } from '../consents/records';
import { currentText, currentTexts } from '../consents/texts';
import { placeOf } from '../student-portal/queries';
import type { z } from 'zod';

async function isFinal(db: Db | Tx, schoolId: number): Promise<boolean> {
  const rows = await db.select({ schoolId: yearbookFinals.schoolId }).from(yearbookFinals).where(eq(yearbookFinals.schoolId, schoolId));
  return rows.length > 0;
}

type Answer = Awaited<ReturnType<typeof consentsOf>>[number];

const itemOf = (purpose: ConsentPurpose, row: Answer | undefined) => ({
  purpose,
  answer: row?.answer ?? null,
  answeredAt: row?.answeredAt.toISOString() ?? null,
  textVersion: row?.textVersion ?? null,
});

/** Every purpose with its answer in force (null when unanswered), the texts to read, and whether answers are still open. */
export async function parentConsents(db: Db, me: ParentCaller): Promise<Omit<ParentConsents, 'success'>> {
  const [answers, texts, final, place] = await Promise.all([
    consentsOf(db, me.studentId),
    currentTexts(db, me.studioId),
    isFinal(db, me.schoolId),
    placeOf(db, me),
  ]);
  const latest = [...answers].sort((a, b) => b.recordId - a.recordId)[0];
  return {
    student: { name: me.studentName, schoolName: place.schoolName, branchName: branchName(place) },
    final,
    // A record carried over from the old photo flag names no parent: nothing to fill the form with.
    lastAnswerer: latest && latest.relation !== 'belirsiz' ? { name: latest.givenByName, relation: latest.relation } : null,
    items: CONSENT_PURPOSES.map((purpose) =>
      itemOf(
        purpose,
        answers.find((a) => a.purpose === purpose),
      ),
    ),
    texts,
  };
}

/**
 * Records the parent's answer for one purpose with its evidence (name and relation as given,
 * address, browser, the version of the text in force), refused once the book is final.
 */
export async function answerConsent(
  db: Db,
  me: ParentCaller,
  purpose: ConsentPurpose,
  input: z.output<typeof parentConsentBody>,
  origin: { ip: string; userAgent: string },
) {
  const text = await currentText(db, me.studioId, purpose);
  return db.transaction(async (tx) => {
    if (await isFinal(tx, me.schoolId)) throw new HttpError(409, tr.parent.consents.locked);
    const subject = { id: me.studentId, studioId: me.studioId, schoolId: me.schoolId, branchId: me.branchId };
    const record = await recordConsent(tx, subject, {
      purpose,
      answer: input.answer,
      givenByName: input.name,
      relation: input.relation,
      channel: 'online',
      textVersion: text.version,
      ...origin,
    });
    await recordStudentAudit(tx, me, 'consent', 'student', me.studentId, { purpose, answer: input.answer, relation: input.relation, record: record.id });
    return { purpose, answer: record.answer, answeredAt: record.answeredAt.toISOString(), textVersion: record.textVersion };
  });
}
