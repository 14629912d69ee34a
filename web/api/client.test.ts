import { describe, expect, it, vi } from 'vitest';
import { createApiClient, REQUEST_TIMEOUT_MS, type ApiClientDeps } from './client';

const GENERIC = 'İşlemde hata oluştu. Lütfen tekrar deneyiniz!';
const SESSION_ENDED = 'Oturumunuz sonlandırıldı. Tekrar giriş yapınız!';

function setup(response: () => Promise<Response>, overrides: Partial<ApiClientDeps> = {}) {
  const fetchMock = vi.fn((_url: string, _init: RequestInit) => response());
  const deps = {
    baseUrl: '/api',
    getLevel: () => 'school' as const,
    getToken: () => 'tok123',
    hasUser: () => true,
    onSessionEnded: vi.fn(),
    toast: vi.fn(),
    fetch: fetchMock as unknown as typeof fetch,
    ...overrides,
  };
  return { client: createApiClient(deps), fetchMock, deps };
}

/** The arguments of the first fetch a test made. */
function firstCall(fetchMock: ReturnType<typeof setup>['fetchMock']) {
  const call = fetchMock.mock.calls[0];
  if (!call) throw new Error('fetch was not called');
  return call;
}
const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('the call helper', () => {
  it('calls API_BASE + /{level}/{path} with JSON headers and the Bearer token', async () => {
    const { client, fetchMock } = setup(() => json(200, { success: true, x: 1 }));
    const result = await client.call('schools', { method: 'POST', body: { name: 'Işık' } });
    expect(result).toEqual({ success: true, x: 1 });
    const [url, init] = firstCall(fetchMock);
    expect(url).toBe('/api/school/schools');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json', Authorization: 'Bearer tok123' });
    expect(init.body).toBe(JSON.stringify({ name: 'Işık' }));
  });

  it('uses a full URL as it is', async () => {
    const { client, fetchMock } = setup(() => json(200, { success: true }));
    await client.call('https://cdn.example.test/data.json');
    expect(firstCall(fetchMock)[0]).toBe('https://cdn.example.test/data.json');
  });

  it('adds query values, leaving out empty ones', async () => {
    const { client, fetchMock } = setup(() => json(200, { success: true }));
    await client.call('schools', { query: { page: 2, q: 'şule', city: '', status: undefined } });
    expect(firstCall(fetchMock)[0]).toBe('/api/school/schools?page=2&q=%C5%9Fule');
  });

  it('form-data mode sends the body raw without Content-Type', async () => {
    const { client, fetchMock } = setup(() => json(200, { success: true }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.jpg');
    await client.call('students/1/photos', { method: 'POST', body: form, formData: true });
    const init = firstCall(fetchMock)[1];
    expect(init.body).toBe(form);
    expect(init.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer tok123' });
  });

  it('sends no Authorization without a token', async () => {
    const { client, fetchMock } = setup(() => json(200, { success: true }), { getToken: () => null });
    await client.call('user');
    expect(firstCall(fetchMock)[1].headers).not.toHaveProperty('Authorization');
  });
});

describe('downloads', () => {
  it('name the file by the Turkish filename* when the answer carries one, else by filename', async () => {
    const file = (disposition: string) => () =>
      Promise.resolve(new Response('a;b', { status: 200, headers: { 'content-type': 'text/csv', 'content-disposition': disposition } }));
    const turkish = setup(file(`attachment; filename="ogrenciler-12-C.csv"; filename*=UTF-8''${encodeURIComponent('öğrenciler-12-Ç.csv')}`));
    expect(await turkish.client.download('branches/3/students/export')).toMatchObject({ filename: 'öğrenciler-12-Ç.csv' });
    const plain = setup(file('attachment; filename="okullar.csv"'));
    expect(await plain.client.download('schools/export')).toMatchObject({ filename: 'okullar.csv' });
    const broken = setup(file(`attachment; filename="x.csv"; filename*=UTF-8''%E0%A4%A`));
    expect(await broken.client.download('schools/export')).toMatchObject({ filename: 'x.csv' });
  });
});

describe('the error toasts', () => {
  it('401 with a held user: the session-ended toast, logout and redirect, false', async () => {
    const { client, deps } = setup(() => json(401, { success: false, message: 'x' }));
    expect(await client.call('schools')).toBe(false);
    expect(deps.toast).toHaveBeenCalledWith('error', SESSION_ENDED);
    expect(deps.onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('calls under way with one token that all answer 401: one toast, one logout', async () => {
    const { client, deps } = setup(() => json(401, { success: false, message: 'x' }));
    expect(
      await Promise.all([
        client.call('design'),
        client.call('design/preview'),
        client.call('design/cover', { method: 'POST', body: new FormData(), formData: true }),
      ]),
    ).toEqual([false, false, false]);
    expect(deps.toast).toHaveBeenCalledTimes(1);
    expect(deps.onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('a 403 without a message says it is not allowed, not "try again"', async () => {
    const { client, deps } = setup(() => json(403, { success: false }));
    expect(await client.call('studio')).toBe(false);
    expect(deps.toast).toHaveBeenCalledWith('error', 'Bu işlem için yetkiniz yok.');
  });

  it('a call for another level goes to that level’s prefix', async () => {
    const { client, fetchMock } = setup(() => json(200, { success: true }));
    await client.call('login', { method: 'POST', body: {}, level: 'branch' });
    expect(firstCall(fetchMock)[0]).toBe('/api/branch/login');
  });

  it('401 with no user: silent, false', async () => {
    const { client, deps } = setup(() => json(401, { success: false, message: 'x' }), { hasUser: () => false });
    expect(await client.call('user')).toBe(false);
    expect(deps.toast).not.toHaveBeenCalled();
    expect(deps.onSessionEnded).not.toHaveBeenCalled();
  });

  it('another non-ok answer: a toast of the server’s message field', async () => {
    const { client, deps } = setup(() => json(400, { success: false, message: 'E-posta veya şifre hatalı.' }));
    expect(await client.call('login', { method: 'POST', body: {} })).toBe(false);
    expect(deps.toast).toHaveBeenCalledWith('error', 'E-posta veya şifre hatalı.');
  });

  it('a non-ok answer without a message: the generic toast', async () => {
    const { client, deps } = setup(() => Promise.resolve(new Response('<html>bad gateway</html>', { status: 502 })));
    expect(await client.call('schools')).toBe(false);
    expect(deps.toast).toHaveBeenCalledWith('error', GENERIC);
  });

  it('a network failure: the generic toast, false', async () => {
    const { client, deps } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await client.call('schools')).toBe(false);
    expect(deps.toast).toHaveBeenCalledWith('error', GENERIC);
  });

  it('aborts after 30 000 ms with the generic toast', async () => {
    vi.useFakeTimers();
    try {
      let signal: AbortSignal | undefined;
      const { client, deps, fetchMock } = setup(
        () =>
          new Promise<Response>((_resolve, reject) => {
            signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      fetchMock.mockImplementationOnce((_url, init) => {
        signal = init.signal as AbortSignal;
        return new Promise<Response>((_resolve, reject) => {
          signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      });
      const pending = client.call('slow');
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      expect(signal!.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toBe(false);
      expect(signal!.aborted).toBe(true);
      expect(deps.toast).toHaveBeenCalledWith('error', GENERIC);
      expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('quiet calls neither toast nor end the session', async () => {
    const { client, deps } = setup(() => json(401, {}));
    expect(await client.call('logout', { method: 'POST', quiet: true })).toBe(false);
    expect(deps.toast).not.toHaveBeenCalled();
    expect(deps.onSessionEnded).not.toHaveBeenCalled();
  });
});
