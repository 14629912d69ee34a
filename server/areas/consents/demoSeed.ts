/**
 * Demo consent answers, so the lists, filters and Home have something to show: most families
 * returned the paper form weeks ago (yes to the printed book's photos and texts, often to the
 * digital yearbook, seldom to face matching), a few refused photos, some have not answered yet.
 */
import { asc } from 'drizzle-orm';
import { CONSENT_PURPOSES, type ConsentAnswer, type ConsentPurpose } from '../../../common/schemas/consents';
import type { Db } from '../../db/client';
import { seededRandom } from '../../db/seed/random';
import { students } from '../../db/schema';
import { recordConsent } from './records';
import { currentTexts } from './texts';

/** How likely a family that answered says yes to each purpose. */
const YES: Record<ConsentPurpose, number> = { 'print-photo': 0.93, 'digital-photo': 0.75, 'print-text': 0.96, 'face-matching': 0.4 };

export async function seedDemoConsents(db: Db): Promise<void> {
  const rand = seededRandom(1453);
  const rows = await db
    .select({ id: students.id, studioId: students.studioId, schoolId: students.schoolId, branchId: students.branchId, lastName: students.lastName })
    .from(students)
    .orderBy(asc(students.id));
  await db.transaction(async (tx) => {
    // The paper forms were printed with the texts in force: each answer names its text's version (the default's sha256).
    const versions = new Map<number, Map<ConsentPurpose, string>>();
    const versionOf = async (studioId: number, purpose: ConsentPurpose) => {
      if (!versions.has(studioId)) versions.set(studioId, new Map((await currentTexts(tx, studioId)).map((text) => [text.purpose, text.version])));
      return versions.get(studioId)!.get(purpose)!;
    };
    for (const student of rows) {
      if (!rand.chance(0.85)) continue;
      const relation = rand.chance(0.6) ? 'anne' : 'baba';
      for (const purpose of CONSENT_PURPOSES) {
        const answer: ConsentAnswer = rand.chance(YES[purpose]) ? 'yes' : 'no';
        await recordConsent(tx, student, {
          purpose,
          answer,
          givenByName: `${relation === 'anne' ? 'Ayşe' : 'Mehmet'} ${student.lastName}`,
          relation,
          channel: 'paper',
          textVersion: await versionOf(student.studioId, purpose),
        });
      }
    }
  });
}
