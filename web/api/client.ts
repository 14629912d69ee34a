/**
 * The call helper: every call goes to API_BASE + /{level}/{path} with JSON and a
 * Bearer token; full URLs are used as they are; a form-data mode sends the body raw without
 * Content-Type; calls abort after 30 s. On any error it shows the catalogue's toast and
 * returns false.
 */
import type { ApiLevel } from '../../common/levels';
// Only the core texts: this module is part of the first load (the login page).
import { core as tr } from '../../common/tr/core';

export const REQUEST_TIMEOUT_MS = 30_000;
export type ToastClass = 'success' | 'error' | 'warning' | 'info';

export interface ApiClientDeps {
  baseUrl: string;
  getLevel(): ApiLevel;
  getToken(): string | null;
  /** Whether user info is held (a 401 without a user is silent: nobody was signed in). */
  hasUser(): boolean;
  /** 401 with a held user: log out and go to /{level}/login. */
  onSessionEnded(): void;
  toast(cls: ToastClass, message: string): void;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send `body` (a FormData) raw, without Content-Type, so the browser sets the boundary. */
  formData?: boolean;
  /** Query string values; empty ones are left out. */
  query?: Record<string, string | number | boolean | undefined | null>;
  /** No toasts, no 401 handling (logout uses it). */
  quiet?: boolean;
  signal?: AbortSignal;
  /** The request outlives the page (sent as the tab closes). */
  keepalive?: boolean;
  /** Another level's prefix than the session's (signing in at another level's login page). */
  level?: ApiLevel;
  /** Sees the error body of a non-ok answer (forms put its field `errors` on their fields). */
  onErrorBody?: (body: { message?: string; errors?: Record<string, string> }) => void;
}

const isFullUrl = (path: string) => /^https?:\/\//i.test(path);

function buildUrl(baseUrl: string, level: ApiLevel, path: string, query?: CallOptions['query']): string {
  const url = isFullUrl(path) ? path : `${baseUrl.replace(/\/$/, '')}/${level}/${path.replace(/^\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

/** Hands a downloaded file to the browser, which saves it under its name. */
export function saveDownload(file: { blob: Blob; filename: string }): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  link.click();
  // Revoked a moment later, not at once: some browsers would cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A download's file name from its Content-Disposition: the Turkish `filename*` when there is one, else the ASCII `filename`. */
export function downloadName(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;\s]+)/i.exec(disposition)?.[1];
  if (utf8) {
    try {
      return decodeURIComponent(utf8);
    } catch {
      // A broken encoding falls back to the plain name.
    }
  }
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
}

export function createApiClient(deps: ApiClientDeps) {
  const doFetch = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  // The token whose end has been announced: calls that were under way with it answer 401 too,
  // and one toast and one logout are enough for them all.
  let endedToken: string | null = null;
  /** A 401: with a held user, the session has ended (once per token); without one, silence. */
  function sessionEnded(token: string | null): void {
    if (!deps.hasUser() || (token !== null && token === endedToken)) return;
    endedToken = token;
    deps.toast('error', tr.sessionEnded);
    deps.onSessionEnded();
  }
  /** The message of a refused call: the server's, or for a 403 without one, that it is not allowed. */
  const refusal = (status: number, data: unknown): string => {
    const message = data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' ? data.message : '';
    return message || (status === 403 ? tr.forbidden : tr.genericError);
  };

  async function call<T = Record<string, unknown>>(path: string, options: CallOptions = {}): Promise<T | false> {
    const { method = 'GET', body, formData = false, query, quiet = false } = options;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (!formData) headers['Content-Type'] = 'application/json';
    const token = deps.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    options.signal?.addEventListener('abort', () => controller.abort());
    const fail = (message: string = tr.genericError): false => {
      if (!quiet) deps.toast('error', message);
      return false;
    };

    let response: Response;
    try {
      response = await doFetch(buildUrl(deps.baseUrl, options.level ?? deps.getLevel(), path, query), {
        method,
        headers,
        body: body === undefined ? undefined : formData ? (body as BodyInit) : JSON.stringify(body),
        signal: controller.signal,
        keepalive: options.keepalive,
      });
    } catch {
      // Network failure or the 30 s timeout: the generic toast.
      if (options.signal?.aborted) return false;
      return fail();
    } finally {
      clearTimeout(timer);
    }

    if (response.status === 401) {
      if (!quiet) sessionEnded(token);
      return false;
    }
    const data = await response.json().catch(() => null);
    if (!response.ok) {
      if (data && typeof data === 'object') options.onErrorBody?.(data);
      return fail(refusal(response.status, data));
    }
    return data as T;
  }

  /** Downloads a file (exports) with the session's token; answers the Blob and its file name. */
  async function download(path: string, query?: CallOptions['query']): Promise<{ blob: Blob; filename: string } | false> {
    const headers: Record<string, string> = {};
    const token = deps.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await doFetch(buildUrl(deps.baseUrl, deps.getLevel(), path, query), { headers, signal: controller.signal });
      if (response.status === 401) {
        sessionEnded(token);
        return false;
      }
      if (!response.ok) {
        const data = await response.json().catch(() => null);
        deps.toast('error', refusal(response.status, data));
        return false;
      }
      return { blob: await response.blob(), filename: downloadName(response, 'indirme') };
    } catch {
      deps.toast('error', tr.genericError);
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The form-data mode over XMLHttpRequest, for uploads that show a progress bar (fetch cannot
   * report upload progress). Same rules as `call`: Bearer token, toasts, false on error; but the
   * time limit counts from the last progress, so a large file on a slow line is not cut off while
   * it is still moving. `signal` aborts it quietly; `onError` takes an error instead of a toast
   * (status 0: the network or the time limit).
   */
  function uploadWithProgress<T = Record<string, unknown>>(
    path: string,
    form: FormData,
    onProgress: (fraction: number) => void,
    options: { signal?: AbortSignal; onError?(message: string, status: number): void } = {},
  ): Promise<T | false> {
    return new Promise((resolve) => {
      const { signal, onError } = options;
      if (signal?.aborted) return resolve(false);
      const xhr = new XMLHttpRequest();
      xhr.open('POST', buildUrl(deps.baseUrl, deps.getLevel(), path));
      xhr.setRequestHeader('Accept', 'application/json');
      const token = deps.getToken();
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      let idle: ReturnType<typeof setTimeout> | undefined;
      let settled = false;
      const settle = (value: T | false) => {
        if (settled) return;
        settled = true;
        clearTimeout(idle);
        signal?.removeEventListener('abort', abort);
        resolve(value);
      };
      const fail = (message: string = tr.genericError, status = 0) => {
        if (onError) onError(message, status);
        else deps.toast('error', message);
        settle(false);
      };
      const stillMoving = () => {
        clearTimeout(idle);
        idle = setTimeout(() => {
          xhr.abort();
          fail();
        }, timeoutMs);
      };
      const abort = () => {
        xhr.abort();
        settle(false);
      };
      signal?.addEventListener('abort', abort);
      xhr.upload.onprogress = (event) => {
        stillMoving();
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      xhr.onerror = () => fail();
      xhr.onload = () => {
        if (xhr.status === 401) {
          sessionEnded(token);
          return settle(false);
        }
        let data: { message?: unknown } | null;
        try {
          data = JSON.parse(xhr.responseText);
        } catch {
          data = null;
        }
        if (xhr.status < 200 || xhr.status >= 300) return fail(refusal(xhr.status, data), xhr.status);
        onProgress(1);
        settle(data as T);
      };
      stillMoving();
      xhr.send(form);
    });
  }

  return {
    call,
    download,
    uploadWithProgress,
  };
}

/** An api client: staff's (web/api) or the student portal's. */
export type ApiClient = ReturnType<typeof createApiClient>;
