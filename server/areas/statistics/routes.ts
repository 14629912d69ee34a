import { statisticsAnswer } from '../../../common/schemas/dashboard';
import { callerOf, routeDocs, type Api } from '../../http/types';
import { dashboardFor } from './dashboard';
import { statisticsFor } from './queries';

const docs = routeDocs('statistics');

export async function statisticsRoutes(app: Api) {
  app.get('/statistics', docs('Ana sayfa sayıları ve panosu (çağıranın kapsamı)', { response: { 200: statisticsAnswer } }), async (request) => {
    const caller = callerOf(request);
    const [counts, board] = await Promise.all([statisticsFor(app.db, caller), dashboardFor(app.db, caller)]);
    return { success: true as const, statistics: counts, dashboard: board };
  });
}
