import { expect, it } from 'vitest';
import { useApiTestKit } from '../../test/api';

const kit = useApiTestKit();

it('documents the organisation calls in the served OpenAPI document', async () => {
  const res = await kit.call('GET', '/api/docs/json');
  expect(res.status).toBe(200);
  const paths = Object.keys(res.body.paths);
  for (const p of [
    '/api/{level}/schools',
    '/api/{level}/schools/export',
    '/api/{level}/schools/{id}',
    '/api/{level}/schools/{id}/managers',
    '/api/{level}/school-managers/{id}',
    '/api/{level}/schools/{id}/branches',
    '/api/{level}/schools/{id}/branches/range',
    '/api/{level}/branches/{id}',
    '/api/{level}/branches/{id}/managers',
    '/api/{level}/branch-managers/{id}',
    '/api/{level}/audit',
  ]) {
    expect(paths, p).toContain(p);
  }
  expect(res.body.paths['/api/{level}/schools'].get.summary).toMatch(/Okullar/);
});
