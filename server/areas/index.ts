/**
 * The areas, wired from the top: every area's routes under /api/{level}/, /api/student/ and /api/veli/, and
 * the background work they do (job handlers and recurring jobs). The mechanism folders (http, jobs) take these lists from app.ts
 * and never import an area themselves.
 */
import type { FastifyInstance } from 'fastify';
import type { Api } from '../http/types';
import type { RecurringJob } from '../jobs/app';
import type { JobHandler } from '../jobs/runner';
import type { WorkerPool } from '../workers/pool';
import { accountRoutes } from './account/routes';
import { citiesRoutes } from './cities/routes';
import { messagesRoutes } from './messages/routes';
import { nicknamesRoutes } from './nicknames/routes';
import { statisticsRoutes } from './statistics/routes';
import { schoolsRoutes } from './schools/routes';
import { managersRoutes } from './managers/routes';
import { branchesRoutes } from './branches/routes';
import { auditRoutes } from './audit/routes';
import { studentsRoutes } from './students/routes';
import { photosRoutes } from './photos/routes';
import { importRoutes } from './imports/routes';
import { brandingRoutes } from './branding/routes';
import { designRoutes } from './design/routes';
import { notificationsRoutes } from './notifications/routes';
import { studioRoutes } from './studio/routes';
import { studentPortalRoutes } from './student-portal/routes';
import { studentPortalStaffRoutes } from './student-portal/staffRoutes';
import { yearbookRoutes } from './yearbook/routes';
import { parentPortalRoutes } from './parent-portal/routes';
import { parentPortalStaffRoutes } from './parent-portal/staffRoutes';
import { kvkkRoutes } from './kvkk/routes';
import { retentionJob } from './kvkk/retention';
import { sweepJob } from './photos/orphans';
import { consentStaffRoutes } from './consents/staffRoutes';
import { albumsRoutes } from './albums/routes';
import { eventPagesRoutes } from './event-pages/routes';
import { coverageRoutes } from './coverage/routes';
import { yearbookJob, YEARBOOK_JOB } from './yearbook/job';
import { sendNotificationsJob } from './notifications/sendJob';
import { digitalYearbookJob, DIGITAL_YEARBOOK_JOB } from './digital-yearbook/job';
import { digitalYearbookReaderRoutes, digitalYearbookStaffRoutes } from './digital-yearbook/routes';
import { parentReader, studentReader } from './digital-yearbook/readers';
import { facesRoutes } from './faces/routes';
import { faceScanJob } from './faces/job';
import { purgeSchoolFaceData } from './faces/faceData';
import { FACE_SCAN_JOB } from './faces/scanQueue';

export type AreaRoutes = (app: Api) => Promise<void>;

/** Under /api/{level}/: each area adds its route module here. */
export const staffRoutes: AreaRoutes[] = [
  accountRoutes,
  citiesRoutes,
  statisticsRoutes,
  schoolsRoutes,
  managersRoutes,
  branchesRoutes,
  auditRoutes,
  messagesRoutes,
  nicknamesRoutes,
  studentsRoutes,
  photosRoutes,
  importRoutes,
  notificationsRoutes,
  studioRoutes,
  designRoutes,
  brandingRoutes,
  studentPortalStaffRoutes,
  parentPortalStaffRoutes,
  yearbookRoutes,
  kvkkRoutes,
  digitalYearbookStaffRoutes,
  consentStaffRoutes,
  facesRoutes,
  albumsRoutes,
  eventPagesRoutes,
  coverageRoutes,
];

/** Under /api/student/. */
export const studentRoutes: AreaRoutes[] = [studentPortalRoutes, digitalYearbookReaderRoutes('student', studentReader)];

/** Under /api/veli/. */
export const parentRoutes: AreaRoutes[] = [parentPortalRoutes, digitalYearbookReaderRoutes('veli', parentReader)];

/** The handler of each kind of job, by kind. */
export function jobHandlers(app: FastifyInstance, pool: WorkerPool): Record<string, JobHandler> {
  return {
    [YEARBOOK_JOB]: yearbookJob(app.db, app.storage, pool),
    [DIGITAL_YEARBOOK_JOB]: digitalYearbookJob(app.db, app.storage, pool),
    [FACE_SCAN_JOB]: faceScanJob(app.db, app.storage.photos, pool),
  };
}

/** Repeated on a clock for every studio, in the server process. */
export function recurringJobs(app: FastifyInstance): RecurringJob[] {
  return [
    sendNotificationsJob(app.db, app.log),
    retentionJob(app.db, app.storage.photos, { faceData: purgeSchoolFaceData }),
    sweepJob(app.db, app.storage.photos),
  ];
}
