/**
 * A property-based fuzzer driven by the app's own OpenAPI document: thousands of malformed
 * requests across every operation and every level (hostile ids, NUL bytes, lone surrogates,
 * broken JSON and multipart, unknown and prototype-named sort keys, wrong types, huge numbers).
 * Whatever comes in, the answer is never a 5xx, and every refusal has the app's shape with a
 * Turkish message. The seed is fixed so a run is repeatable; FUZZ_SEED and FUZZ_RUNS vary it.
 */
import fc from 'fast-check';
import type { InjectOptions, RouteOptions } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { schools } from '../db/schema';
import { useApiTestKit } from '../test/api';

/** Every route the app registers, as it registers it (the OpenAPI document can leave some out). */
const registered: RouteOptions[] = [];
const kit = useApiTestKit({}, { onRoute: (route) => registered.push(route) });
const RUNS = Number(process.env.FUZZ_RUNS ?? 3_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

interface Operation {
  method: string;
  path: string;
  query: string[];
  bodyFields: Record<string, { type?: string }> | null;
  multipart: boolean;
}

let operations: Operation[];
let tokens: Record<'panel' | 'school' | 'branch', string>;

beforeEach(async () => {
  const doc = (await kit.call('GET', '/api/docs/json')).body as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Array<{ in: string; name: string }>;
          requestBody?: { content: Record<string, { schema?: { properties?: Record<string, { type?: string }> } }> };
        }
      >
    >;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const content = op.requestBody?.content ?? {};
      return {
        method: method.toUpperCase(),
        path,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: content['application/json']?.schema?.properties ?? null,
        multipart: /photos|import|logo|cover/.test(path) && method === 'post',
      };
    }),
  );
  tokens = {
    panel: (await kit.as(kit.world.accounts.panel)).token,
    school: (await kit.as(kit.world.accounts.school)).token,
    branch: (await kit.as(kit.world.accounts.branch)).token,
  };
});

/** Values a careless or hostile client sends where an id, a word or a number belongs. */
const HOSTILE = [
  '0',
  '-1',
  '1',
  '2147483647',
  '2147483648',
  '-2147483649',
  '99999999999999999999',
  '1e3',
  '1.5',
  '0x10',
  'NaN',
  'Infinity',
  '１',
  'abc',
  '__proto__',
  'constructor',
  'toString',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%F0%9F',
  '%E0%A4%A',
  '%',
  '%%',
  '%C0%AF',
  'a'.repeat(300),
  '%20',
  "1' OR '1'='1",
  '<script>',
  '..%2F..%2Fetc%2Fpasswd',
];
const hostileSegment = fc.oneof(fc.constantFrom(...HOSTILE), fc.integer({ min: 1, max: 12 }).map(String));
const hostileString = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\ud83d', '\uffff', '\u202e', 'ı'.repeat(5_000), '', ' ', '\n'),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const hostileValue = fc.oneof(
  hostileString,
  fc.constantFrom(0, -1, 2147483648, 1e20, -0, 1.5, Number.MAX_SAFE_INTEGER, true, false, null),
  fc.constantFrom([], {}, [1, 2], { __proto__: { x: 1 } }, { constructor: { prototype: {} } }, [[[[[]]]]]),
);

/** A URL query string of the operation's own keys and a few others, with hostile values (raw, as a client may send). */
const queryString = (keys: string[]) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...(keys.length ? keys : ['q'])) },
          { weight: 1, arbitrary: fc.constantFrom('sort', 'order', '__proto__', 'constructor[prototype][x]', 'page[]') },
        ),
        hostileSegment,
      ),
      { maxLength: 4 },
    )
    .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));

const jsonBody = (fields: Record<string, { type?: string }> | null) =>
  fc.oneof(
    fields && Object.keys(fields).length
      ? fc.dictionary(fc.constantFrom(...Object.keys(fields), 'extra', '__proto__'), hostileValue, { maxKeys: 6 }).map((o) => JSON.stringify(o))
      : fc.constant('{}'),
    fc.constantFrom(
      '{bad',
      '',
      'null',
      '[]',
      '1',
      '"\\u0000"',
      '{"a":"\\ud800"}',
      '{"__proto__":{"polluted":1}}',
      '\ufeff{}',
      '{"a":1,"a":2}',
      `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
      '{"id": 2147483648}',
    ),
  );

const MULTIPART = [
  { type: 'multipart/form-data', body: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc' },
  { type: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.jpg"\r\n\r\nabc' },
  {
    type: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name="files"; filename="1.jpg"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
  },
  { type: 'multipart/form-data; boundary=', body: '' },
  { type: 'multipart/form-data; boundary=x', body: '--y--' },
];

const request = () =>
  fc
    .record({
      op: fc.integer({ min: 0, max: 10_000 }),
      level: fc.constantFrom('panel', 'school', 'branch', 'panel', 'none' as const),
      segment: hostileSegment,
      query: fc.boolean(),
      queryPick: fc.integer({ min: 0, max: 1_000 }),
      multipart: fc.integer({ min: 0, max: MULTIPART.length - 1 }),
    })
    .chain((r) => {
      const op = operations[r.op % operations.length]!;
      return fc.record({ r: fc.constant(r), op: fc.constant(op), query: queryString(op.query), body: jsonBody(op.bodyFields) });
    });

const TURKISH_OR_KNOWN = /[çğıöşüÇĞİÖŞÜ]|Lütfen|Kayıt|İstek|Geçerli|zorunlu/;

it(`never answers 5xx, and refuses in the app's Turkish shape, over ${RUNS} malformed requests`, async () => {
  const failures: string[] = [];
  const reached = new Set<string>();
  let sent = 0;
  await fc.assert(
    fc.asyncProperty(request(), async ({ r, op, query, body }) => {
      const level = r.level === 'none' ? 'panel' : r.level;
      const path = op.path.replace('{level}', level).replace(/\{[a-z]+\}/gi, () => r.segment);
      const url = r.query || op.method === 'GET' ? `${path}?${query}` : path;
      const headers: Record<string, string> = {};
      if (r.level !== 'none') headers.authorization = `Bearer ${tokens[r.level]}`;
      const options: InjectOptions = { method: op.method as InjectOptions['method'], url, headers };
      if (op.method !== 'GET' && op.method !== 'DELETE') {
        if (op.multipart) {
          const part = MULTIPART[r.multipart]!;
          headers['content-type'] = part.type;
          options.payload = part.body;
        } else {
          headers['content-type'] = 'application/json';
          options.payload = body;
        }
      }
      const res = await kit.app.inject(options);
      sent++;
      reached.add(`${op.method} ${op.path}`);
      const where = `${op.method} ${url} ${typeof options.payload === 'string' ? options.payload.slice(0, 120) : ''}`;
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${where} → ${res.body.slice(0, 200)}`);
      else if (res.statusCode >= 400) {
        let answer: { success?: unknown; message?: unknown } = {};
        try {
          answer = res.json();
        } catch {
          failures.push(`${res.statusCode} not JSON: ${where}`);
        }
        if (answer.success !== false || typeof answer.message !== 'string' || !TURKISH_OR_KNOWN.test(answer.message)) {
          failures.push(`${res.statusCode} shape ${where} → ${res.body.slice(0, 200)}`);
        }
      }
      return true;
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: false },
  );
  expect(failures.slice(0, 25)).toEqual([]);
  expect(sent).toBe(RUNS);
  // Every operation of the document got its share of the malformed requests.
  expect(operations.length).toBeGreaterThan(40);
  expect(operations.filter((op) => !reached.has(`${op.method} ${op.path}`)).map((op) => `${op.method} ${op.path}`)).toEqual([]);
}, 600_000);

it('never answers 5xx when every path placeholder and query key of every operation gets each hostile value', async () => {
  const failures: string[] = [];
  let sent = 0;
  const auth = { authorization: `Bearer ${tokens.panel}` };
  for (const op of operations) {
    const path = (segment: string) => op.path.replace('{level}', 'panel').replace(/\{[a-z]+\}/gi, segment);
    const tries = [
      ...(/\{(?!level)[a-z]+\}/i.test(op.path) ? HOSTILE.map((value) => path(value)) : []),
      ...op.query.flatMap((key) => HOSTILE.map((value) => `${path('1')}?${key}=${value}`)),
    ];
    for (const url of tries) {
      const payload = op.method === 'GET' || op.method === 'DELETE' ? undefined : '{}';
      const headers = payload ? { ...auth, 'content-type': 'application/json' } : auth;
      const res = await kit.app.inject({ method: op.method as InjectOptions['method'], url, headers, payload });
      sent++;
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${op.method} ${url}`);
    }
  }
  expect(sent).toBeGreaterThan(1_000);
  expect(failures.slice(0, 25)).toEqual([]);
}, 600_000);

/** Ids no row can have: out of PostgreSQL's integer range, not positive, or not a whole number. */
const BAD_IDS = ['0', '-1', '2147483648', '4294967296', '99999999999999999999', '1.5', 'abc', 'NaN', 'Infinity', '%00'];

it('refuses an out-of-range or non-numeric id in the path of every registered route with a Turkish 400', async () => {
  const student = kit.world.students[0];
  await kit.database.db.update(schools).set({ code: 'FUZZ12' }).where(eq(schools.id, kit.world.school.id));
  const { code } = (await kit.call('POST', `/api/panel/students/${student.id}/access-code`, {}, { authorization: `Bearer ${tokens.panel}` })).body;
  const login = await kit.call('POST', '/api/student/login', { schoolCode: 'FUZZ12', schoolNumber: '101', accessCode: code });
  expect(login.status, login.raw).toBe(200);
  const studentToken = login.body.token as string;
  const withIds = registered.flatMap((route) => {
    const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!).filter((name) => name !== 'level');
    const methods = [route.method].flat().filter((method) => method !== 'HEAD');
    return names.length ? methods.map((method) => ({ method, route, names })) : [];
  });
  const failures: string[] = [];
  const covered = new Set<string>();
  for (const { method, route, names } of withIds) {
    const shape = (route.schema?.params as z.ZodObject | undefined)?.shape ?? {};
    const config = (route.config ?? {}) as { public?: boolean; levels?: string[] };
    const level = config.levels?.[0] ?? 'panel';
    const token = route.url.startsWith('/api/student/') ? studentToken : tokens[level as keyof typeof tokens];
    const headers: Record<string, string> = config.public ? {} : { authorization: `Bearer ${token}` };
    // One id at a time is hostile; every other placeholder gets a value its route accepts.
    const fine = (name: string) => (shape[name] instanceof z.ZodEnum ? String(shape[name].options[0]) : '1');
    for (const target of names.filter((name) => !(shape[name] instanceof z.ZodEnum))) {
      covered.add(`${method} ${route.url}`);
      for (const bad of BAD_IDS) {
        const url = route.url.replace(':level', level).replace(/:(\w+)/g, (_all, name: string) => (name === target ? bad : fine(name)));
        const payload = method === 'GET' || method === 'DELETE' ? undefined : '{}';
        if (payload) headers['content-type'] = 'application/json';
        const res = await kit.app.inject({ method: method as InjectOptions['method'], url, headers, payload });
        const answer = res.json<{ success?: unknown; message?: unknown }>();
        if (res.statusCode !== 400 || answer.success !== false || !TURKISH_OR_KNOWN.test(String(answer.message))) {
          failures.push(`${res.statusCode} ${method} ${url} → ${res.body.slice(0, 160)}`);
        }
      }
    }
  }
  expect(failures.slice(0, 25)).toEqual([]);
  // The photo files (by token and by signed URL) and the logos are among them.
  for (const route of [
    'GET /api/:level/photos/:id/file/:size',
    'GET /api/:level/photo-files/:id/:size',
    'GET /api/student/photo-files/:id/:size',
    'GET /api/files/:kind/:id',
  ]) {
    expect(covered).toContain(route);
  }
}, 600_000);
