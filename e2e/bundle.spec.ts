/**
 * The weight of a first visit: the JavaScript and CSS that /panel/login loads, gzip-compressed as
 * the server sends them, printed and held under its limits. Everything else loads by route.
 */
import zlib from 'node:zlib';
import { expect, test } from './fixtures';

// 155 kB: the login form takes the same form library as every other form (about 6 kB gzip of
// it, measured at 152.6 kB in all); one way to write a form is worth more than those kilobytes.
const JS_LIMIT = 155 * 1024;
const CSS_LIMIT = 20 * 1024;

test('first load of /panel/login stays within 155 kB gzip JavaScript and 20 kB gzip CSS', async ({ page }) => {
  const loaded: Array<Promise<{ url: string; kind: 'js' | 'css'; gzip: number }>> = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    const kind = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : null;
    if (!kind) return;
    loaded.push(response.body().then((body) => ({ url: url.pathname, kind, gzip: zlib.gzipSync(body, { level: 9 }).length })));
  });
  await page.goto('/panel/login');
  await expect(page.getByRole('button', { name: 'Giriş yap' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const files = await Promise.all(loaded);
  const sum = (kind: 'js' | 'css') => files.filter((f) => f.kind === kind).reduce((total, f) => total + f.gzip, 0);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  for (const f of [...files].sort((a, b) => b.gzip - a.gzip)) console.log(`  ${f.kind} ${kb(f.gzip).padStart(9)}  ${f.url}`);
  console.log(`/panel/login first load: ${kb(sum('js'))} gzip JavaScript in ${files.filter((f) => f.kind === 'js').length} files, ${kb(sum('css'))} gzip CSS`);
  expect(sum('js')).toBeLessThanOrEqual(JS_LIMIT);
  expect(sum('css')).toBeLessThanOrEqual(CSS_LIMIT);
});
