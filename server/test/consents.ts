/** Tests record a parent's answer the one way the product does: through recordConsent, as a paper form. */
import { eq } from 'drizzle-orm';
import type { ConsentAnswer, ConsentPurpose } from '../../common/schemas/consents';
import { recordConsent } from '../areas/consents/records';
import type { Db } from '../db/client';
import { single } from '../db/rows';
import { students } from '../db/schema';

export async function answerConsent(db: Db, student: { id: number }, purpose: ConsentPurpose, answer: ConsentAnswer = 'yes') {
  const row = single(await db.select().from(students).where(eq(students.id, student.id)));
  await db.transaction((tx) =>
    recordConsent(tx, row, { purpose, answer, givenByName: 'Test Velisi', relation: 'anne', channel: 'paper', textVersion: 'test' }),
  );
}
