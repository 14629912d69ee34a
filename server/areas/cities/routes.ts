import { city } from '../../../common/schemas/auth';
import { itemsAnswer } from '../../../common/schemas/answers';
import { routeDocs, type Api } from '../../http/types';
import { listCities } from './queries';

const docs = routeDocs('cities');

export async function citiesRoutes(app: Api) {
  app.get('/cities', docs('Türkiye’nin 81 ili (A–Z)', { response: { 200: itemsAnswer(city) } }), async () => ({
    success: true as const,
    items: await listCities(app.db),
  }));
}
