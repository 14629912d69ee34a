/**
 * The consent text a parent reads per purpose: the studio's latest version, or the product's
 * default while the studio has written none. A version is the sha256 of the body, so an answer
 * names exactly the words it was given to, and the default has a version like any other.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { CONSENT_PURPOSES, type ConsentPurpose } from '../../../common/schemas/consents';
import type { ConsentText } from '../../../common/schemas/parent';
import { tr } from '../../../common/tr';
import type { Caller } from '../../auth/caller';
import { recordAudit } from '../../core/audit';
import type { Db, Tx } from '../../db/client';
import { insertOne } from '../../db/rows';
import { consentTexts } from '../../db/schema';

const textVersion = (body: string) => createHash('sha256').update(body, 'utf8').digest('hex');

function defaultText(purpose: ConsentPurpose): ConsentText {
  const body = tr.parent.defaultTexts[purpose];
  return { purpose, body, version: textVersion(body), isDefault: true, updatedAt: null };
}

/** The text in force for each purpose, in the purposes' order. */
export async function currentTexts(db: Db | Tx, studioId: number): Promise<ConsentText[]> {
  // Only the newest row per purpose matters; DISTINCT ON picks it with the (studio, purpose, id) index.
  const rows = await db
    .selectDistinctOn([consentTexts.purpose])
    .from(consentTexts)
    .where(eq(consentTexts.studioId, studioId))
    .orderBy(consentTexts.purpose, desc(consentTexts.id));
  return CONSENT_PURPOSES.map((purpose) => {
    const row = rows.find((r) => r.purpose === purpose);
    return row ? { purpose, body: row.body, version: row.version, isDefault: false, updatedAt: row.createdAt.toISOString() } : defaultText(purpose);
  });
}

export async function currentText(db: Db | Tx, studioId: number, purpose: ConsentPurpose): Promise<ConsentText> {
  const [row] = await db
    .select()
    .from(consentTexts)
    .where(and(eq(consentTexts.studioId, studioId), eq(consentTexts.purpose, purpose)))
    .orderBy(desc(consentTexts.id))
    .limit(1);
  return row ? { purpose, body: row.body, version: row.version, isDefault: false, updatedAt: row.createdAt.toISOString() } : defaultText(purpose);
}

/** A new version of the studio's text (the old ones stay: answers point at them); the same words again change nothing. */
export async function saveText(db: Db, caller: Caller, purpose: ConsentPurpose, body: string): Promise<ConsentText> {
  const current = await currentText(db, caller.studioId, purpose);
  const version = textVersion(body);
  if (current.version === version) return current;
  const row = await db.transaction(async (tx) => {
    const saved = await insertOne(tx, consentTexts, { studioId: caller.studioId, purpose, body, version, createdBy: caller.userId });
    await recordAudit(tx, caller, 'update', 'consent-text', { id: saved.id, schoolId: null }, { purpose, version: [current.version, version] });
    return saved;
  });
  return { purpose, body, version, isDefault: false, updatedAt: row.createdAt.toISOString() };
}
