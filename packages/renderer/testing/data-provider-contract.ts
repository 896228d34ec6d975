import { isAbort, type DataProvider } from '../core/data-provider.js';
import { HttpError, type ListParams } from '../core/rest.js';

/**
 * A record's id, as the provider's records carry it.
 * @example const missing: RecordId = 'no-such-client';
 */
export type RecordId = string | number;

/**
 * What the contract reads and writes, described for one backend: a resource, its records and bodies for it.
 * @example
 * const fixture: DataProviderFixture = {
 *   resource: 'clients',
 *   records: [{ id: 1 }, { id: 2 }, { id: 3 }], // sorted by first_name: Ada, Ben, Cleo
 *   sortField: 'first_name',
 *   filter: { params: { city: 'Leeds' }, ids: [2] },
 *   create: { body: { first_name: 'Dan' }, expect: { first_name: 'Dan' } },
 *   update: { body: { first_name: 'Dana' }, expect: { first_name: 'Dana' } },
 * };
 */
export interface DataProviderFixture {
  /** The resource the suite lists, reads and writes (its name in the provider, the manifest's `resources`). */
  resource: string;
  /**
   * Every record the resource's list holds when the suite starts (3 or more, at least their ids), in ascending order
   * of `sortField`. The suite leaves the resource as it found it: what it creates, it deletes.
   */
  records: Array<{ id: RecordId } & Record<string, unknown>>;
  /** A field the list sorts by (`sort=field`, `sort=-field`) whose values order `records` the same on any backend. */
  sortField: string;
  /** Parameters sent with every list (a tab's, a scope), if the resource needs some. */
  params?: ListParams;
  /** A search that finds some of `records` but not all: its text and the ids it finds. */
  search?: { text: string; ids: RecordId[] };
  /** List parameters that filter `records` to some but not all: the parameters and the ids they keep. */
  filter?: { params: ListParams; ids: RecordId[] };
  /** A body the resource accepts, and fields the created record then shows. */
  create: { body: unknown; expect?: Record<string, unknown> };
  /** A body an update of the created record accepts, and fields the record then shows. */
  update: { body: unknown; expect?: Record<string, unknown> };
  /** A body the resource refuses (422), for a create and for an update, and the fields it names as refused. */
  invalid?: { body: unknown; fields: string[] };
  /** A resource this provider's caller may not list (403). */
  forbidden?: string;
  /** An id no record has (default: one above every numeric id, or `'missing-0'`). */
  missingId?: RecordId;
}

/**
 * What `setup` gives the suite: the provider under test, its fixture, and what to do when the suite ends.
 * @example const ready: DataProviderSetup = { provider, fixture, teardown: () => server.close() };
 */
export interface DataProviderSetup {
  provider: DataProvider;
  fixture: DataProviderFixture;
  teardown?(): unknown;
}

/**
 * The test functions the suite declares its cases with: jest's and vitest's globals by default.
 * @example
 * // mocha names its hooks before/after
 * dataProviderContract('mine', setup, { describe, it, beforeAll: before, afterAll: after });
 */
export interface ContractRunner {
  describe(name: string, body: () => void): void;
  it(name: string, body: () => Promise<void>): void;
  beforeAll(body: () => Promise<void>): void;
  afterAll(body: () => Promise<void>): void;
}

function fail(message: string): never {
  throw new Error(`data provider contract: ${message}`);
}

const json = (value: unknown) => JSON.stringify(value);

function same(actual: unknown, expected: unknown, what: string): void {
  if (json(actual) !== json(expected)) fail(`${what}: expected ${json(expected)}, got ${json(actual)}`);
}

/** Fails unless `record` shows every field of `expected` with the same value. */
function shows(record: unknown, expected: Record<string, unknown> = {}, what: string): void {
  const fields = (record ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(expected)) same(fields[key], value, `${what}: field "${key}"`);
}

const ids = (records: Array<{ id?: unknown }>) => records.map((r) => String(r.id));
const sorted = (values: RecordId[]) => values.map(String).sort();

/** The `HttpError` an operation fails with, or a failure naming what it did instead. */
async function refusal(operation: Promise<unknown>, status: number, what: string): Promise<HttpError> {
  let error: unknown;
  try {
    await operation;
  } catch (err) {
    error = err;
  }
  if (error === undefined) fail(`${what}: expected an HttpError ${status}, but it succeeded`);
  if (!(error instanceof HttpError)) fail(`${what}: expected an HttpError ${status}, got ${String(error)}`);
  if (error.status !== status) fail(`${what}: expected status ${status}, got ${error.status} (${error.message})`);
  if (typeof error.message !== 'string' || !error.message) fail(`${what}: the HttpError has no message`);
  return error;
}

/**
 * Declares the cases every `DataProvider` must pass, for an integrator's own test runner: lists paged (page sizes,
 * the last page, `meta` totals), sorted both ways, searched and filtered as the REST dialect's `ListParams` say; a
 * create → getOne → update → delete round trip; failures as `HttpError`s — 404 for an unknown id, 422 with field
 * `errors` for the fixture's invalid body, 403 for its forbidden resource. `setup` runs once, before the cases, and
 * gives the provider and a fixture describing the backend's data. Reads take a `signal`: aborted before or after a
 * read is sent, it rejects with an `AbortError`.
 *
 * @example
 * // clients.provider.test.ts — in the integrator's jest (or vitest with globals)
 * dataProviderContract('my GraphQL provider', async () => {
 *   const provider = createGraphqlProvider(testServerUrl);
 *   const made = await seedClients(['Ada', 'Ben', 'Cleo']);
 *   return {
 *     provider,
 *     fixture: {
 *       resource: 'clients',
 *       records: made, // sorted by first_name
 *       sortField: 'first_name',
 *       search: { text: 'cle', ids: [made[2].id] },
 *       create: { body: { first_name: 'Dan' }, expect: { first_name: 'Dan' } },
 *       update: { body: { first_name: 'Dana' }, expect: { first_name: 'Dana' } },
 *       invalid: { body: { first_name: '' }, fields: ['first_name'] },
 *       forbidden: 'admin-users',
 *     },
 *   };
 * });
 */
export function dataProviderContract(
  name: string,
  setup: () => DataProviderSetup | Promise<DataProviderSetup>,
  runner: ContractRunner = globalThis as unknown as ContractRunner,
): void {
  const { describe, it, beforeAll, afterAll } = runner;
  let ready: DataProviderSetup | undefined;
  const get = () => ready ?? fail('setup has not run (or failed)');
  const list = (params: ListParams = {}) => {
    const { provider, fixture } = get();
    return provider.getList<{ id: RecordId }>(fixture.resource, { ...fixture.params, ...params });
  };
  const missing = (f: DataProviderFixture) =>
    f.missingId ??
    (f.records.every((r) => typeof r.id === 'number')
      ? Math.max(...f.records.map((r) => Number(r.id))) + 1_000_000
      : 'missing-0');

  describe(`${name}: data provider contract`, () => {
    beforeAll(async () => {
      ready = await setup();
      if (ready.fixture.records.length < 3) fail('the fixture needs 3 records or more, for two pages of 2');
    });
    afterAll(async () => {
      await ready?.teardown?.();
    });

    it('answers a first page of the default size, with meta totals', async () => {
      const { data, meta } = await list();
      const total = get().fixture.records.length;
      same(meta.current_page, 1, 'meta.current_page');
      same(meta.total, total, 'meta.total');
      same(data.length, Math.min(total, meta.per_page), 'the page’s length');
      same(meta.last_page, Math.max(1, Math.ceil(total / meta.per_page)), 'meta.last_page');
    });

    it('pages by per_page: full pages, then the rest on the last, each record once', async () => {
      const total = get().fixture.records.length;
      const lastPage = Math.ceil(total / 2);
      const seen: string[] = [];
      for (let page = 1; page <= lastPage; page++) {
        const { data, meta } = await list({ page, per_page: 2 });
        same(meta, { current_page: page, last_page: lastPage, per_page: 2, total }, `page ${page}'s meta`);
        same(data.length, page < lastPage ? 2 : total - 2 * (lastPage - 1), `page ${page}'s length`);
        seen.push(...ids(data));
      }
      same(seen.slice().sort(), sorted(get().fixture.records.map((r) => r.id)), 'the records of every page');
    });

    it('answers the lite list: every record once, unpaged, each with its id', async () => {
      const { provider, fixture } = get();
      const lite = await provider.getLite<{ id: RecordId }>(fixture.resource);
      same(Array.isArray(lite), true, 'the lite list is an array');
      same(ids(lite).sort(), sorted(fixture.records.map((r) => r.id)), 'the lite list’s ids');
    });

    it('answers a page past the last empty, with the same totals', async () => {
      const total = get().fixture.records.length;
      const page = Math.ceil(total / 2) + 1;
      const { data, meta } = await list({ page, per_page: 2 });
      same(data, [], `page ${page} of ${page - 1}`);
      same(meta, { current_page: page, last_page: page - 1, per_page: 2, total }, `page ${page}'s meta`);
    });

    it('sorts by a field ascending (sort=field) and descending (sort=-field)', async () => {
      const { fixture } = get();
      const order = ids(fixture.records);
      same(ids((await list({ sort: fixture.sortField, per_page: 100 })).data), order, `sort=${fixture.sortField}`);
      same(ids((await list({ sort: `-${fixture.sortField}`, per_page: 100 })).data), order.reverse(), 'descending');
    });

    it('searches (search=text) and filters (other parameters), with totals of what they find', async () => {
      const { fixture } = get();
      if (!fixture.search && !fixture.filter) fail('the fixture gives neither a search nor a filter');
      const asked: Array<[string, ListParams, RecordId[]]> = [];
      if (fixture.search) asked.push(['search', { search: fixture.search.text }, fixture.search.ids]);
      if (fixture.filter) asked.push(['filter', fixture.filter.params, fixture.filter.ids]);
      for (const [what, params, expected] of asked) {
        const { data, meta } = await list({ ...params, per_page: 100 });
        same(ids(data).sort(), sorted(expected), `${what} ${json(params)}`);
        same(meta.total, expected.length, `${what} ${json(params)}: meta.total`);
      }
    });

    it('fails with HttpError 404 for an id no record has: read, update and delete', async () => {
      const { provider, fixture } = get();
      const id = missing(fixture);
      await refusal(provider.getOne(fixture.resource, id), 404, `getOne(${json(id)})`);
      await refusal(provider.update(fixture.resource, id, fixture.update.body), 404, `update(${json(id)})`);
      await refusal(provider.delete(fixture.resource, id), 404, `delete(${json(id)})`);
    });

    it('fails with HttpError 422 and field messages for an invalid body, writing nothing', async () => {
      const { provider, fixture } = get();
      if (!fixture.invalid) return;
      const { body, fields } = fixture.invalid;
      const first = fixture.records[0].id;
      for (const [what, write] of [
        ['create', () => provider.create(fixture.resource, body)],
        ['update', () => provider.update(fixture.resource, first, body)],
      ] as const) {
        const error = await refusal(write(), 422, `${what} with an invalid body`);
        for (const field of fields) {
          const messages = error.errors?.[field];
          if (!messages?.length || messages.some((m) => typeof m !== 'string' || !m))
            fail(`${what} with an invalid body: no message for "${field}" in ${json(error.errors)}`);
        }
      }
      same((await list()).meta.total, fixture.records.length, 'meta.total after the refused create');
      same(String((await provider.getOne<{ id: RecordId }>(fixture.resource, first)).data.id), String(first), 'read');
    });

    it('fails with HttpError 403 for a resource the caller may not list', async () => {
      const { provider, fixture } = get();
      if (fixture.forbidden) await refusal(provider.getList(fixture.forbidden), 403, `getList(${fixture.forbidden})`);
    });

    it('cancels a read whose signal is aborted: it rejects with an AbortError, before or after it was sent', async () => {
      const { provider, fixture } = get();
      const first = fixture.records[0].id;
      const reads: Array<[string, (signal: AbortSignal) => Promise<unknown>]> = [
        ['getList', (signal) => provider.getList(fixture.resource, { ...fixture.params }, { signal })],
        ['getOne', (signal) => provider.getOne(fixture.resource, first, { signal })],
      ];
      for (const [what, read] of reads)
        for (const when of ['before', 'after'] as const) {
          const controller = new AbortController();
          if (when === 'before') controller.abort();
          const pending = read(controller.signal);
          if (when === 'after') controller.abort();
          const error = await pending.then(
            () => fail(`${what} aborted ${when} it was sent: it answered`),
            (err: unknown) => err,
          );
          if (!isAbort(error))
            fail(`${what} aborted ${when} it was sent: expected an AbortError, got ${String(error)}`);
        }
      // Cancelling one read leaves the provider as it was: the next answers.
      same(String((await provider.getOne<{ id: RecordId }>(fixture.resource, first)).data.id), String(first), 'read');
    });

    it('creates, reads, updates and deletes a record', async () => {
      const { provider, fixture } = get();
      const { resource } = fixture;
      const made = await provider.create<{ id: RecordId }>(resource, fixture.create.body);
      const id = made.data?.id ?? fail(`create answered no record with an id: ${json(made)}`);
      shows(made.data, fixture.create.expect, 'the created record');
      shows((await provider.getOne(resource, id)).data, { ...fixture.create.expect, id }, 'the created record read');
      same((await list()).meta.total, fixture.records.length + 1, 'meta.total after the create');
      const changed = await provider.update(resource, id, fixture.update.body);
      shows(changed.data, { ...fixture.update.expect, id }, 'the updated record');
      shows((await provider.getOne(resource, id)).data, fixture.update.expect, 'the updated record read');
      await provider.delete(resource, id);
      await refusal(provider.getOne(resource, id), 404, 'getOne of the deleted record');
      same((await list()).meta.total, fixture.records.length, 'meta.total after the delete');
    });
  });
}
