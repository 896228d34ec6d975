import { UnknownNameError } from './registry.js';
import { HttpError, query, type ListParams, type RestClient } from './rest.js';
import type { CallInfo, ResourceInfo } from './generated/schema-language.js';
import type { Manifest, Paged } from './types.js';

/**
 * What widgets read and write through, by resource and by named call — never by URL. The REST dialect
 * (`createRestDataProvider`) is the default; a host may give `<SchemaApp dataProvider>` another one (a GraphQL
 * gateway, a test double). Every failure is an `HttpError`: its `status` (0 when the server was not reached), its
 * `message` and its field `errors`.
 *
 *   getList(resource, params)          GET    {path}?params            → { data: [...], meta }
 *   getLite(resource)                  GET    {path}?is_lite=1         → [...] (every record, its id and a few fields)
 *   getOne(resource, id)               GET    {path}/{id}, or the resource's `showPath` with its :id → { data }
 *   create(resource, body)             POST   {path}                   → { data, message }
 *   update(resource, id, body)         PUT    {path}/{id}              → { data, message }
 *   delete(resource, id)               DELETE {path}/{id}              → { message }
 *   call(name, { params, query, body }) the manifest's `calls[name]`: its method, its path with `:param`s filled
 *   url(name, { params, query })       where a call answers, for a link or a download (a file, an export)
 * @example
 * const page = await provider.getList<{ first_name: string }>('clients', { search: 'ada', per_page: 25 });
 * page.meta.total // → 1; page.data[0].first_name // → 'Ada'
 */
export interface DataProvider {
  getList<T = unknown>(resource: string, params?: ListParams, options?: ReadOptions): Promise<Paged<T>>;
  /** Every record of the resource, unpaged, with its id and the few fields a picker shows (a form's choice of client). */
  getLite<T = unknown>(resource: string, options?: ReadOptions): Promise<T[]>;
  getOne<T = unknown>(resource: string, id: string | number, options?: ReadOptions): Promise<{ data: T }>;
  create<T = unknown>(resource: string, body: unknown): Promise<{ data: T; message?: string }>;
  update<T = unknown>(resource: string, id: string | number, body: unknown): Promise<{ data: T; message?: string }>;
  delete(resource: string, id: string | number): Promise<{ message?: string }>;
  call<T = unknown>(name: string, options?: CallOptions): Promise<T>;
  /** Where a call answers, for a link or a download (a calendar entry, an export the page posts its filters to). */
  url(name: string, options?: CallOptions): string;
  /** What the manifest declares of a named call (its resource, what it invalidates). */
  callInfo(name: string): CallInfo;
  /** The answer the page carries for a GET call, if it carries one (a screen's first render), without using it. */
  peek?(name: string, options?: CallOptions): { status: number; body: unknown } | undefined;
}

/**
 * How a read may be cancelled: aborting `signal` rejects the read with an `AbortError` (a `DOMException`) instead of
 * an answer (a screen left before its list arrived).
 * @example const ctrl = new AbortController(); const page = provider.getList('clients', {}, { signal: ctrl.signal }); ctrl.abort();
 */
export interface ReadOptions {
  signal?: AbortSignal;
}

/**
 * What a named call is made with: its path's parameters, its query, its body, more headers and a `signal`.
 * @example
 * const options: CallOptions = {
 *   params: { id: 42 },
 *   body: { reason: 'Client is ill' },
 *   headers: { 'If-Match': '3' },
 * };
 */
export interface CallOptions extends ReadOptions {
  /** Fills the path's `:name` segments. */
  params?: Record<string, string | number>;
  /** The query string (empty values are left out). */
  query?: ListParams;
  body?: unknown;
  /** More request headers: `If-Match` with the version a write was made over (412 when it is stale). */
  headers?: Record<string, string>;
}

/**
 * A call's path with its `:name` segments filled (each encoded), and its query.
 * @example callUrl({ method: 'GET', path: '/api/v1/pages/:slug' }, { params: { slug: 'a b' }, query: { p: 1 } })
 *   → '/api/v1/pages/a%20b?p=1'
 */
export function callUrl(info: CallInfo, options: CallOptions = {}): string {
  const path = info.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = options.params?.[name];
    if (value === undefined || value === '') throw new Error(`call to ${info.path}: parameter "${name}" is missing`);
    return encodeURIComponent(String(value));
  });
  return `${path}${query(options.query ?? {})}`;
}

/**
 * Where one record of a resource is read: its `showPath` with the id when the API names its own address for it,
 * else `{path}/{id}`.
 * @example recordUrl({ path: '/api/v1/marketing', showPath: '/api/v1/marketing/show/:id' }, 7)
 *   → '/api/v1/marketing/show/7'
 */
export function recordUrl(info: Pick<ResourceInfo, 'path' | 'showPath'>, id: string | number): string {
  const key = encodeURIComponent(String(id));
  if (info.showPath) return info.showPath.replace(':id', key);
  if (!info.path) throw new Error('recordUrl: the resource has no generic routes and no showPath');
  return `${info.path}/${key}`;
}

/** A cancelled request's rejection: fetch's `AbortError`, a `DOMException` (perhaps of another realm, so by name). */
export function isAbort(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError';
}

/** Any failure as an `HttpError`: the server's own, or status 0 with the reason when it was not reached. */
async function normalised<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    // A cancelled request stays one: the caller asked for it, nothing failed.
    if (err instanceof HttpError || isAbort(err)) throw err;
    throw new HttpError(0, { message: err instanceof Error ? err.message : String(err) });
  }
}

/**
 * The REST dialect as a data provider: resources by the manifest's `resources[name].path`, calls by its `calls`.
 * @example
 * const provider = createRestDataProvider(createRestClient(), manifest);
 * const { data } = await provider.getOne('clients', 7); // GET /api/v1/clients/7
 */
export function createRestDataProvider(
  rest: RestClient,
  manifest: Pick<Manifest, 'resources' | 'calls'>,
): DataProvider {
  const pathOf = (resource: string): string => {
    const path = manifest.resources[resource]?.path;
    if (!path) throw new UnknownNameError('resource', resource, 'manifest#/resources', Object.keys(manifest.resources));
    return path;
  };
  const callInfo = (name: string): CallInfo => {
    const info = manifest.calls?.[name];
    if (!info) throw new UnknownNameError('call', name, 'manifest#/calls', Object.keys(manifest.calls ?? {}));
    return info;
  };
  const id = (value: string | number) => encodeURIComponent(String(value));
  // Names and parameters are resolved before the request: a wrong one is the caller's mistake, thrown as it is.
  // A call's own headers only when it has some: a host's client (or a test's stand-in) sees the three arguments it knows.
  const send = <T>(
    method: string,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
    signal?: AbortSignal,
  ) =>
    normalised(() =>
      headers || signal ? rest.send<T>(method, url, body, headers, signal) : rest.send<T>(method, url, body),
    );
  // Records through the client's own reads and writes; a signal only when there is one (a host's client, or a
  // test's stand-in, sees the arguments it knows).
  const read = <T>(run: (signal?: AbortSignal) => Promise<T>, signal?: AbortSignal) =>
    normalised(() => (signal ? run(signal) : run()));
  return {
    getList: <T>(resource: string, params: ListParams = {}, options: ReadOptions = {}) => {
      const path = pathOf(resource);
      return read((signal) => rest.getList<Paged<T>>(path, params, signal), options.signal);
    },
    getLite: <T>(resource: string, options: ReadOptions = {}) => {
      const path = pathOf(resource);
      return read((signal) => rest.getList<T[]>(path, { is_lite: 1 }, signal), options.signal);
    },
    getOne: <T>(resource: string, key: string | number, options: ReadOptions = {}) => {
      const info = { ...manifest.resources[resource], path: pathOf(resource) };
      return read(
        (signal) =>
          info.showPath
            ? rest.getJson<{ data: T }>(recordUrl(info, key), signal)
            : rest.getOne<T>(info.path, id(key), signal),
        options.signal,
      );
    },
    create: <T>(resource: string, body: unknown) => {
      const path = pathOf(resource);
      return normalised(() => rest.create<T>(path, body));
    },
    update: <T>(resource: string, key: string | number, body: unknown) => {
      const path = pathOf(resource);
      return normalised(() => rest.update<T>(path, id(key), body));
    },
    delete: (resource: string, key: string | number) => {
      const path = pathOf(resource);
      return normalised(() => rest.remove(path, id(key)));
    },
    call: <T>(name: string, options: CallOptions = {}) => {
      const info = callInfo(name);
      return send<T>(info.method, callUrl(info, options), options.body, options.headers, options.signal);
    },
    url: (name, options) => callUrl(callInfo(name), options),
    callInfo,
    peek(name, options) {
      const info = callInfo(name);
      return info.method === 'GET' ? rest.peek(callUrl(info, options)) : undefined;
    },
  };
}
