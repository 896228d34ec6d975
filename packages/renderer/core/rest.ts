/**
 * The renderer's REST dialect — the only module that talks to the server. Every call it makes:
 *
 *   getList(path, params)   GET  {path}?page=&per_page=&search=&sort=&archived=&is_lite=   → { data: [...], meta }
 *   getOne(path, id)        GET  {path}/{id}                                                → { data: {...} }
 *   create(path, body)      POST {path}                                                     → { data, message }
 *   update(path, id, body)  PUT  {path}/{id}                                                → { data, message }
 *   remove(path, id)        DELETE {path}/{id}                                              → { message }
 *   send(method, path, body) any JSON call (login, actions)                                 → body
 *   upload(file, kind?)     POST {uploadPath}[?kind=document] multipart "file"             → { data: { url } }
 *   download(path, body, m) POST {path} (exports), or GET a file (an invoice's PDF)          → a Blob + file name
 *   getJson(url)            GET any JSON (manifest, screens, locales)
 *
 * `preloaded` answers a first GET of a URL without the network: the host's page may carry the answers its first
 * screen asks for (manifest, screen, user), each used once, exactly as the server would have sent it.
 *
 * Every call sends cookies, `X-XSRF-TOKEN` from the XSRF-TOKEN cookie and `X-Locale`. A GET sends the token when the
 * cookie is there (a few GETs change something: disconnecting an integration) but never fetches a fresh one, nor is
 * it tried again on a 419. A non-2xx answer throws an `HttpError` carrying the status and the body
 * (`{ message, errors }`); `onError` sees it first, so a host can log out on 401/419 and leave on 403.
 */

/**
 * A non-2xx answer: its status, its body (`{ message, errors }`) and the refused fields' messages.
 * @example
 * const err = new HttpError(422, { message: 'The email is taken.', errors: { email: ['The email is taken.'] } });
 * err.status // → 422; err.message // → 'The email is taken.'; err.errors // → { email: ['The email is taken.'] }
 */
export class HttpError extends Error {
  /** The refused fields' messages by field name (a 422's), if any. */
  readonly errors?: Record<string, string[]>;

  constructor(
    readonly status: number,
    readonly body: { message?: string; errors?: Record<string, string[]> },
  ) {
    super(body.message ?? `HTTP ${status}`);
    this.errors = body.errors;
  }
}

/**
 * An answer to a GET, as the server gave it: its status and its JSON body.
 * @example const preloaded: Preloaded = { '/api/v1/ui/manifest': { status: 200, body: manifest } };
 */
export type Preloaded = Record<string, { status: number; body: unknown }>;

/**
 * How `createRestClient` reaches the server: a base URL, the CSRF and upload paths, the locale, a `fetch`.
 * @example
 * const options: RestOptions = { locale: () => 'en-GB', onError: (err) => console.warn(err.status) };
 * const rest = createRestClient(options);
 */
export interface RestOptions {
  /** Prefix for relative paths; '' for same origin. */
  baseUrl?: string;
  uploadPath?: string;
  csrfPath?: string;
  locale?: () => string;
  onError?: (error: HttpError) => void;
  fetch?: typeof fetch;
  /** Answers to first GETs by path, each used once (see above). */
  preloaded?: Preloaded;
}

export type ListParams = Record<string, string | number | boolean | undefined>;

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/**
 * A query string from parameters: empty ones left out, booleans as 1 and 0.
 * @example query({ page: 2, search: 'ann', archived: false, city: '' }) // '?page=2&search=ann&archived=0'
 */
export function query(params: ListParams): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== '') q.set(k, String(typeof v === 'boolean' ? Number(v) : v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * A client of the REST dialect: JSON in and out, the CSRF token on writes, `HttpError`s for failures (422 with field
 * messages, 401, 403, 404), uploads and downloads.
 * @example const rest = createRestClient({ baseUrl: 'https://api.example.com' }); await rest.getList('/api/v1/clients', { page: 1 });
 */
export function createRestClient(options: RestOptions = {}) {
  const base = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const csrfPath = options.csrfPath ?? '/sanctum/csrf-cookie';

  async function raw(
    method: string,
    path: string,
    body?: unknown,
    freshToken = false,
    extra: Record<string, string> = {},
    signal?: AbortSignal,
  ): Promise<Response> {
    const headers: Record<string, string> = {
      ...extra,
      Accept: 'application/json',
      'X-Locale': options.locale?.() ?? 'en',
    };
    if (method !== 'GET') {
      if (freshToken || !readCookie('XSRF-TOKEN')) await doFetch(`${base}${csrfPath}`, { credentials: 'include' });
      headers['X-XSRF-TOKEN'] = readCookie('XSRF-TOKEN') ?? '';
    } else {
      const token = readCookie('XSRF-TOKEN');
      if (token) headers['X-XSRF-TOKEN'] = token;
    }
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await doFetch(`${base}${path}`, {
      method,
      headers,
      body: payload,
      credentials: 'include',
      ...(signal ? { signal } : {}),
    });
    // 419: the token belonged to a session that has ended (expired, logged out elsewhere): one more try with a fresh
    // token, so logging in again works; a call whose session is gone then answers 401 and the host logs out.
    if (res.status === 419 && method !== 'GET' && !freshToken) return raw(method, path, body, true, extra, signal);
    if (!res.ok) {
      const errBody = await res.json().catch(() => ({}));
      const error = new HttpError(res.status, errBody as HttpError['body']);
      options.onError?.(error);
      throw error;
    }
    return res;
  }

  const preloaded = { ...options.preloaded };

  /**
   * `headers`: more for this call, such as `If-Match` with the version a write was made over; `signal`: aborting it
   * cancels the request, which then rejects with the `AbortError` fetch gives.
   */
  async function send<T>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<T> {
    signal?.throwIfAborted();
    const ready = method === 'GET' ? preloaded[path] : undefined;
    if (ready) {
      delete preloaded[path];
      if (ready.status >= 200 && ready.status < 300) return ready.body as T;
      const error = new HttpError(ready.status, (ready.body ?? {}) as HttpError['body']);
      options.onError?.(error);
      throw error;
    }
    const res = await raw(method, path, body, false, headers, signal);
    return (res.status === 204 ? undefined : await res.json()) as T;
  }

  return {
    send,
    /** The page's answer for a GET of `path`, if it carries one and it has not been used: a screen's first render. */
    peek: (path: string): { status: number; body: unknown } | undefined => preloaded[path],
    getJson: <T>(path: string, signal?: AbortSignal) => send<T>('GET', path, undefined, undefined, signal),
    getList: <T>(path: string, params: ListParams, signal?: AbortSignal) =>
      send<T>('GET', `${path}${query(params)}`, undefined, undefined, signal),
    getOne: <T>(path: string, id: string | number, signal?: AbortSignal) =>
      send<{ data: T }>('GET', `${path}/${id}`, undefined, undefined, signal),
    create: <T>(path: string, body: unknown) => send<{ data: T; message?: string }>('POST', path, body),
    update: <T>(path: string, id: string | number, body: unknown) =>
      send<{ data: T; message?: string }>('PUT', `${path}/${id}`, body),
    remove: (path: string, id: string | number) => send<{ message?: string }>('DELETE', `${path}/${id}`),
    /** An image; `document`: an image or a PDF (a receipt). */
    async upload(file: File, kind: 'image' | 'document' = 'image'): Promise<string> {
      const form = new FormData();
      form.append('file', file);
      const path = options.uploadPath ?? '/api/v1/uploads';
      const res = await send<{ data: { url: string } }>(
        'POST',
        kind === 'document' ? `${path}?kind=document` : path,
        form,
      );
      return res.data.url;
    },
    async download(path: string, body: unknown, method = 'POST'): Promise<{ blob: Blob; filename: string }> {
      const res = await raw(method, path, method === 'GET' ? undefined : body);
      const disposition = res.headers.get('content-disposition') ?? '';
      const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'export';
      return { blob: await res.blob(), filename };
    },
  };
}

/**
 * What `createRestClient` returns.
 * @example
 * const rest: RestClient = createRestClient({ locale: () => 'en-GB' });
 * const { data } = await rest.getOne('/api/v1/clients', 7);
 */
export type RestClient = ReturnType<typeof createRestClient>;
