import { callUrl, isAbort, type CallOptions, type DataProvider, type ReadOptions } from '../core/data-provider.js';
import { UnknownNameError } from '../core/registry.js';
import { HttpError, type ListParams } from '../core/rest.js';
import type { CallInfo } from '../core/generated/schema-language.js';
import type { Paged } from '../core/types.js';

/**
 * A record as the memory provider keeps it: JSON data with an `id` (a number or a string).
 * @example const ada: MemoryRecord = { id: 1, first_name: 'Ada', archived: false };
 */
export type MemoryRecord = Record<string, unknown> & { id?: string | number };

/**
 * An operation on a resource, as `forbidden` names those refused with 403.
 * @example const readOnly: MemoryResource = { records, forbidden: ['create', 'update', 'delete'] };
 */
export type MemoryOperation = 'list' | 'show' | 'create' | 'update' | 'delete';

/**
 * One resource of the memory provider: its records and how its lists answer (as the REST dialect's server does).
 * @example
 * const clients: MemoryResource = {
 *   records: [{ id: 1, first_name: 'Ada', city: 'Leeds' }],
 *   search: ['first_name'],
 *   sort: ['first_name'],
 *   filters: ['city'],
 * };
 */
export interface MemoryResource {
  /**
   * The records it starts with (copied: the caller's array is never changed); one without an id gets the next number.
   */
  records?: MemoryRecord[];
  /** The fields `search` looks in: every word must be in one of them, in any case. Default: every string field. */
  search?: string[];
  /** The fields a list may sort by (`sort=name`, `sort=-name`); another sort falls back to `defaultSort`. Default: any. */
  sort?: string[];
  /** The order of a list without a sort (or with a refused one). Default: `id`. */
  defaultSort?: string;
  /**
   * The list parameters that filter by equality (booleans as 1/0, as they travel in a query string). Default: every
   * parameter but the dialect's own (page, per_page, sort, search, archived, is_lite, scope).
   */
  filters?: string[];
  /** Lists show the records whose `archived` is true only with `archived=1`, the others without it. */
  archivable?: boolean;
  /** Operations answered with 403 (`true`: all of them), as the server answers a caller without the permission. */
  forbidden?: boolean | MemoryOperation[];
  /**
   * Field messages for a write the server would refuse (422), or nothing when it is valid. `record` is the record as
   * it would be kept (an update's body over the record it changes); `existing` is that record (none for a create).
   */
  validate?(record: MemoryRecord, existing?: MemoryRecord): Record<string, string[]> | undefined | void;
}

/**
 * A named call (the manifest's `calls[name]`): where it answers (default `GET /{name}`), and what it answers.
 * @example
 * const slots: MemoryCall = {
 *   method: 'GET',
 *   path: '/booking/:slug/slots',
 *   answer: ({ params }) => ({ data: [], slug: params?.slug }),
 * };
 */
export interface MemoryCall extends Partial<CallInfo> {
  /** The call's answer; an `HttpError` thrown is the call's failure (any other error is status 0, as unreached). */
  answer(options: CallOptions): unknown;
}

/**
 * The memory provider's resources by name (as the manifest's `resources`) and its named calls (as its `calls`).
 * @example const options: MemoryProviderOptions = { resources: { clients: { records: [] } }, calls: {} };
 */
export interface MemoryProviderOptions {
  resources: Record<string, MemoryResource>;
  calls?: Record<string, MemoryCall>;
}

/**
 * The memory provider: a `DataProvider`, and what a test reads of it.
 * @example
 * await provider.create('clients', { first_name: 'Ben' });
 * expect(provider.records('clients')).toContainEqual(expect.objectContaining({ first_name: 'Ben' }));
 */
export interface MemoryDataProvider extends DataProvider {
  /** A copy of a resource's records as they are now, in the order they were made. */
  records(resource: string): MemoryRecord[];
}

/** The dialect's own list parameters: never a filter. */
const LIST_WORDS = new Set(['page', 'per_page', 'sort', 'search', 'archived', 'is_lite', 'scope']);
const DEFAULT_PER_PAGE = 25;

const copy = <T>(value: T): T => (value === undefined ? value : JSON.parse(JSON.stringify(value)));

/** One above the highest numeric id. */
const nextId = (records: MemoryRecord[]) =>
  records.reduce((max, r) => (typeof r.id === 'number' && r.id > max ? r.id : max), 0) + 1;

/** A value as a query string carries it: booleans as 1/0, everything as text. */
const asParam = (value: unknown) => String(typeof value === 'boolean' ? Number(value) : (value ?? ''));

function positive(params: ListParams, name: string, fallback: number): number {
  const raw = params[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new HttpError(422, {
      message: `The ${name} must be at least 1.`,
      errors: { [name]: ['must be at least 1'] },
    });
  return value;
}

/** Orders two values as a database does: nulls first, numbers as numbers, the rest as text. */
function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [asParam(a), asParam(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

function words(search: unknown): string[] {
  return String(search ?? '')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);
}

/** One page of `records` as the REST dialect's server answers `GET {path}?params`. */
function page(def: MemoryResource, records: MemoryRecord[], params: ListParams): Paged<MemoryRecord> {
  const current = positive(params, 'page', 1);
  const perPage = positive(params, 'per_page', DEFAULT_PER_PAGE);
  const archived = asParam(params.archived) === '1';
  const filters = Object.entries(params).filter(
    ([name, value]) =>
      value !== undefined && value !== '' && (def.filters ? def.filters.includes(name) : !LIST_WORDS.has(name)),
  );
  const sought = words(params.search);
  const found = records.filter((record) => {
    if (def.archivable && Boolean(record.archived) !== archived) return false;
    if (filters.some(([name, value]) => asParam(record[name]) !== asParam(value))) return false;
    const fields = def.search ?? Object.keys(record).filter((k) => typeof record[k] === 'string');
    return sought.every((word) => fields.some((f) => asParam(record[f]).toLowerCase().includes(word)));
  });
  const asked = typeof params.sort === 'string' ? params.sort : '';
  const allowed = asked && (!def.sort || def.sort.includes(asked.replace(/^-/, '')));
  const sort = allowed ? asked : (def.defaultSort ?? 'id');
  const field = sort.replace(/^-/, '');
  const sign = sort.startsWith('-') ? -1 : 1;
  found.sort((a, b) => sign * compare(a[field], b[field]) || compare(a.id, b.id));
  const total = found.length;
  return {
    data: found.slice((current - 1) * perPage, current * perPage).map(copy),
    meta: { current_page: current, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total },
  };
}

/**
 * A `DataProvider` over records in memory, answering as the REST dialect's server does: lists paged
 * (`page`, `per_page`, `{ data, meta }`), sorted (`sort=field`, `sort=-field`), searched (`search`: every word in
 * one of the search fields) and filtered (other parameters, by equality); failures as `HttpError`s — 404 for an
 * unknown id, 422 with field `errors` for a body `validate` refuses, 403 for a `forbidden` operation. For tests and
 * demos of a renderer app without a server; every answer is a copy, so a test cannot change the store by accident.
 *
 * @example
 * const provider = createMemoryDataProvider({
 *   resources: {
 *     clients: {
 *       records: [{ id: 1, first_name: 'Ada' }, { id: 2, first_name: 'Ben' }],
 *       search: ['first_name'],
 *       validate: (client) => (client.first_name ? undefined : { first_name: ['The first name field is required.'] }),
 *     },
 *     users: { forbidden: true },
 *   },
 *   calls: { 'clients.count': { answer: () => ({ count: provider.records('clients').length }) } },
 * });
 * await provider.getList('clients', { search: 'ad', sort: '-first_name', per_page: 10 }); // { data: [Ada], meta }
 * <SchemaApp dataProvider={() => provider} … />
 */
export function createMemoryDataProvider(options: MemoryProviderOptions): MemoryDataProvider {
  const stores = new Map<string, MemoryRecord[]>();
  for (const [name, def] of Object.entries(options.resources)) {
    const records = copy(def.records ?? []);
    for (const record of records) record.id ??= nextId(records);
    stores.set(name, records);
  }
  const calls = options.calls ?? {};

  /** The resource and its records, or the caller's mistake thrown as it is (as the REST dialect does). */
  const resourceOf = (name: string) => {
    const def = options.resources[name];
    if (!def) throw new UnknownNameError('resource', name, 'resources', Object.keys(options.resources));
    return { def, records: stores.get(name)! };
  };
  const callOf = (name: string): CallInfo & MemoryCall => {
    const call = calls[name];
    if (!call) throw new UnknownNameError('call', name, 'calls', Object.keys(calls));
    return { method: 'GET', path: `/${name}`, ...call };
  };
  /** Runs an operation as a request would: the permission first, then the work; failures as `HttpError`s. */
  const run = <T>(
    name: string,
    operation: MemoryOperation,
    work: (def: MemoryResource, records: MemoryRecord[]) => T,
    signal?: AbortSignal,
  ) => {
    const { def, records } = resourceOf(name);
    // Answered a turn later, as a request is: a signal aborted before then cancels it (fetch's AbortError).
    return Promise.resolve().then(() => {
      signal?.throwIfAborted();
      const refused = def.forbidden === true || (Array.isArray(def.forbidden) && def.forbidden.includes(operation));
      if (refused) throw new HttpError(403, { message: 'This action is unauthorized.' });
      return work(def, records);
    });
  };
  const indexOf = (records: MemoryRecord[], id: string | number) => {
    const index = records.findIndex((r) => String(r.id) === String(id));
    if (index < 0) throw new HttpError(404, { message: 'Not found.' });
    return index;
  };
  /** The record a write would keep (the body over `existing`, its id kept), or the 422 `validate` answers for it. */
  const written = (def: MemoryResource, body: unknown, id: string | number, existing?: MemoryRecord) => {
    const record = { ...existing, ...(body && typeof body === 'object' ? copy(body) : {}), id } as MemoryRecord;
    const errors = def.validate?.(copy(record), existing && copy(existing));
    const messages = Object.values(errors ?? {}).flat();
    if (errors && messages.length) throw new HttpError(422, { message: messages[0], errors });
    return record;
  };

  return {
    getList: <T>(resource: string, params: ListParams = {}, read: ReadOptions = {}) =>
      run(resource, 'list', (def, records) => page(def, records, params) as Paged<T>, read.signal),
    getLite: <T>(resource: string, read: ReadOptions = {}) =>
      run(
        resource,
        'list',
        (def, records) => copy(records.filter((r) => !def.archivable || !r.archived)) as T[],
        read.signal,
      ),
    getOne: <T>(resource: string, id: string | number, read: ReadOptions = {}) =>
      run(resource, 'show', (_, records) => ({ data: copy(records[indexOf(records, id)]) as T }), read.signal),
    create: <T>(resource: string, body: unknown) =>
      run(resource, 'create', (def, records) => {
        const record = written(def, body, nextId(records));
        records.push(record);
        return { data: copy(record) as T };
      }),
    update: <T>(resource: string, id: string | number, body: unknown) =>
      run(resource, 'update', (def, records) => {
        const index = indexOf(records, id);
        records[index] = written(def, body, records[index].id!, records[index]);
        return { data: copy(records[index]) as T };
      }),
    delete: (resource: string, id: string | number) =>
      run(resource, 'delete', (_, records) => {
        records.splice(indexOf(records, id), 1);
        return {};
      }),
    call: <T>(name: string, { signal, ...callOptions }: CallOptions = {}) => {
      const call = callOf(name);
      return Promise.resolve()
        .then(() => {
          signal?.throwIfAborted();
          return call.answer(copy(callOptions));
        })
        .then(
          (answer) => copy(answer) as T,
          (err: unknown) => {
            if (err instanceof HttpError || isAbort(err)) throw err;
            throw new HttpError(0, { message: err instanceof Error ? err.message : String(err) });
          },
        );
    },
    url: (name, callOptions) => callUrl(callOf(name), callOptions),
    callInfo: (name) => {
      const { method, path, resource, invalidates } = callOf(name);
      return { method, path, ...(resource ? { resource } : {}), ...(invalidates ? { invalidates } : {}) };
    },
    records: (resource) => copy(resourceOf(resource).records),
  };
}
