/**
 * Real-looking long Turkish data for layout tests: every answer a signed-in page reads under
 * /api/{level}/ comes back with long school, branch and person names, a long district, e-mail
 * and message text in place of the demo's short ones. Nothing is written: only the page sees it.
 */
import type { Page } from '@playwright/test';

/** The long value for a field, by the field's name (and, for a bare `name`, the list it is in). */
function lengthened(key: string, value: string, url: string): string {
  if (/email/i.test(key)) return 'aysegul.nurdan.karacalioglu-buyuksahin@sehit-omer-halisdemir-anadolu-lisesi.k12.tr';
  if (/^(body|text|title)$/.test(key))
    return `${value} Seni hiç unutmayacağım; birlikte geçen dört yılın her gününü, kantindeki sohbetleri ve sınav haftalarını özleyeceğim.`;
  if (key === 'district') return 'Kahramankazan Organize Sanayi Bölgesi';
  if (/school/i.test(key) || (key === 'name' && /\/schools(\/\d+)?(\?|$)/.test(url)))
    return `${value} Şehit Piyade Er Ömer Halisdemir Mesleki ve Teknik Anadolu Lisesi Çok Programlı Kampüsü`;
  if (/branch/i.test(key) || (key === 'name' && /\/branches(\/\d+)?(\?|$)/.test(url))) return `${value} Fen Bilimleri ve Matematik Alanı`;
  if (/name$/i.test(key)) return `${value} Nurdan Karaçalıoğlu-Büyükşahin`;
  return value;
}

function lengthen(record: Record<string, unknown>, url: string): void {
  for (const [key, value] of Object.entries(record)) if (typeof value === 'string') record[key] = lengthened(key, value, url);
}

/** From now on the page reads long names and texts in every list (`items`) and record (`item`). */
export async function withLongTurkishData(page: Page, level: 'panel' | 'school' | 'branch'): Promise<void> {
  await page.route(new RegExp(`/api/${level}/`), async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = response.headers()['content-type']?.includes('json') ? await response.json() : null;
    if (!body || typeof body !== 'object') return route.fulfill({ response });
    const url = route.request().url();
    if (Array.isArray(body.items)) for (const item of body.items) if (item && typeof item === 'object') lengthen(item, url);
    if (body.item && typeof body.item === 'object') lengthen(body.item, url);
    return route.fulfill({ response, json: body });
  });
}
