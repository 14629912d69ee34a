/**
 * Who may read the digital yearbook: the signed-in student (their own portrait follows their
 * parents' answers inside the edition), or a parent who said yes to the digital yearbook's
 * photos; a parent who did not is told why instead.
 */
import type { FastifyRequest } from 'fastify';
import { tr } from '../../../common/tr';
import { forbidden, unauthorized } from '../../core/errors';
import type { Db } from '../../db/client';
import { consentedStudentIds } from '../consents/records';
import type { DigitalReader } from './queries';

export type ReaderOf = (request: FastifyRequest, db: Db) => DigitalReader | Promise<DigitalReader>;

export const studentReader: ReaderOf = (request) => {
  if (!request.student) throw unauthorized();
  return request.student;
};

export const parentReader: ReaderOf = async (request, db) => {
  const parent = request.parent;
  if (!parent) throw unauthorized();
  if (!(await consentedStudentIds(db, 'digital-photo', [parent.studentId])).has(parent.studentId)) throw forbidden(tr.digitalYearbook.parentNeedsConsent);
  return parent;
};
