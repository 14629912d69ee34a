/**
 * An erasure of personal data (a student's, on request; photos at the end of the retention period)
 * is a legal duty that an approved yearbook's lock must not stop. The transaction that does it
 * says so here; the lock's trigger lets its deletions through (migration 0013) and the setting
 * ends with the transaction.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from './client';

export async function allowLawfulErasure(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT set_config('yillik.lawful_erasure', 'on', true)`);
}
