import { z } from 'zod';
import { city } from '../../../common/schemas/auth';
import { routeDocs, type Api } from '../../http/types';
import { listCities } from './queries';

const docs = routeDocs('cities');

export async function citiesRoutes(app: Api) {
  app.get('/cities', docs('Türkiye’nin 81 ili (A–Z)', { response: { 200: z.object({ success: z.literal(true), items: z.array(city) }) } }), async () => ({
    success: true as const,
    items: await listCities(app.db),
  }));
}
