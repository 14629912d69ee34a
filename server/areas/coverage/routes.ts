/**
 * Photo coverage (görünme sayısı): per branch and per school, each active student's count of
 * approved event photos they are tagged in, with the studio's goal; and the caller's scope at a
 * glance for Home.
 */
import { coverageAnswer, coverageSummaryAnswer } from '../../../common/schemas/eventPages';
import { idParams } from '../../../common/schemas/fields';
import { errorResponse } from '../../../common/schemas/list';
import { branchInScope, schoolInScope } from '../../auth/access';
import { callerOf, routeDocs, scopedRecord, type Api } from '../../http/types';
import { coverageGoalOf, coverageOf, coverageSummary } from './queries';

const docs = routeDocs('coverage');
const staff = ['panel', 'school', 'branch'] as const;

export async function coverageRoutes(app: Api) {
  const { db } = app;

  app.get(
    '/branches/:id/coverage',
    docs(
      'Şubenin her etkin öğrencisinin etiketli olduğu onaylı etkinlik fotoğrafı sayısı ve stüdyonun görünme hedefi',
      { params: idParams, response: { 200: coverageAnswer, 404: errorResponse } },
      staff,
    ),
    async (request) => {
      const [caller, branch] = await scopedRecord(request, branchInScope);
      return { success: true as const, goal: await coverageGoalOf(db, caller.studioId), items: await coverageOf(db, { branchId: branch.id }) };
    },
  );

  app.get(
    '/schools/:id/coverage',
    docs(
      'Okulun her etkin öğrencisinin etiketli olduğu onaylı etkinlik fotoğrafı sayısı ve görünme hedefi',
      { params: idParams, response: { 200: coverageAnswer, 404: errorResponse } },
      ['panel', 'school'],
    ),
    async (request) => {
      const [caller, school] = await scopedRecord(request, schoolInScope);
      return { success: true as const, goal: await coverageGoalOf(db, caller.studioId), items: await coverageOf(db, { schoolId: school.id }) };
    },
  );

  app.get(
    '/coverage',
    docs('Yetki alanındaki etkin öğrenciler ve görünme hedefinin altında kalanların sayısı', { response: { 200: coverageSummaryAnswer } }, staff),
    async (request) => ({
      success: true as const,
      ...(await coverageSummary(db, callerOf(request))),
    }),
  );
}
