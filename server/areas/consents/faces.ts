/** What face matching may touch: only students whose parents consented to it (biometric data, KVKK art. 6). */
import type { Db, Tx } from '../../db/client';
import { consentedStudentIds } from './records';

/** Of these students, the ones whose faces may be detected, stored and matched; every other face stays unknown. */
export function faceMatchable(db: Db | Tx, studentIds: number[]): Promise<Set<number>> {
  return consentedStudentIds(db, 'face-matching', studentIds);
}
