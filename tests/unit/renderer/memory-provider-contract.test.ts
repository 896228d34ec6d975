import { UnknownNameError } from '../../../packages/renderer/core/registry';
import { HttpError } from '../../../packages/renderer/core/rest';
import {
  dataProviderContract,
  type ContractRunner,
  type DataProviderSetup,
} from '../../../packages/renderer/testing/data-provider-contract';
import { createMemoryDataProvider } from '../../../packages/renderer/testing/memory-provider';

const clients = [
  { id: 1, first_name: 'Ada', last_name: 'Lovelace', city: 'London', opt_out: false },
  { id: 2, first_name: 'Ben', last_name: 'Okri', city: 'Leeds', opt_out: true },
  { id: 3, first_name: 'Cleo', last_name: 'Laine', city: 'London', opt_out: false },
  { id: 4, first_name: 'Dan', last_name: 'Lovell', city: 'York', opt_out: false },
  { id: 5, first_name: 'Eve', last_name: 'Arden', city: 'Leeds', opt_out: true },
];

const provider = () =>
  createMemoryDataProvider({
    resources: {
      clients: {
        records: clients,
        search: ['first_name', 'last_name'],
        sort: ['first_name', 'last_name'],
        defaultSort: 'first_name',
        filters: ['city', 'opt_out'],
        validate: (client) => (client.first_name ? undefined : { first_name: ['The first name field is required.'] }),
      },
      users: { forbidden: true },
    },
    calls: {
      'clients.count': {
        method: 'GET',
        path: '/clients/count/:city',
        answer: ({ params }) => ({ city: params?.city }),
      },
      'clients.fail': { answer: () => Promise.reject(new Error('down')) },
    },
  });

const fixture: DataProviderSetup['fixture'] = {
  resource: 'clients',
  records: clients,
  sortField: 'first_name',
  search: { text: 'lov AD', ids: [1] },
  filter: { params: { city: 'Leeds', opt_out: 1 }, ids: [2, 5] },
  create: { body: { first_name: 'Finn' }, expect: { first_name: 'Finn' } },
  update: { body: { last_name: 'Cole' }, expect: { first_name: 'Finn', last_name: 'Cole' } },
  invalid: { body: { first_name: '' }, fields: ['first_name'] },
  forbidden: 'users',
};

dataProviderContract('the memory provider', () => ({ provider: provider(), fixture }));

/** The contract's cases for `setup`, run one by one: the name of each that fails, with its reason. */
async function failures(setup: () => DataProviderSetup): Promise<string[]> {
  const cases: Array<{ name: string; run: () => Promise<void> }> = [];
  const hooks: Array<() => Promise<void>> = [];
  const runner: ContractRunner = {
    describe: (_, body) => body(),
    it: (name, run) => cases.push({ name, run }),
    beforeAll: (body) => hooks.push(body),
    afterAll: () => undefined,
  };
  dataProviderContract('a broken provider', setup, runner);
  for (const hook of hooks) await hook();
  const failed: string[] = [];
  for (const c of cases) await c.run().catch((e: Error) => failed.push(`${c.name} — ${e.message}`));
  return failed;
}

describe('the data provider contract', () => {
  it('fails a provider that cuts the lite list, ignores the sort or a signal, or fails with errors of its own', async () => {
    const good = provider();
    const broken = {
      ...good,
      getList: (resource: string, params: Record<string, string | number | boolean | undefined> = {}) =>
        good.getList(resource, { ...params, sort: undefined }),
      getOne: (resource: string, id: string | number) =>
        good.getOne(resource, id).catch(() => Promise.reject(new Error('no such record'))),
      // A lite list cut to a page's worth.
      getLite: async (resource: string) => (await good.getLite(resource)).slice(0, 2),
    } as typeof good;
    expect(await failures(() => ({ provider: broken, fixture }))).toEqual([
      expect.stringMatching(
        /^answers the lite list.*the lite list’s ids: expected \["1","2","3","4","5"\], got \["1","2"\]/,
      ),
      expect.stringMatching(
        /^sorts by a field .*descending: expected \["5","4","3","2","1"\], got \["1","2","3","4","5"\]/,
      ),
      expect.stringMatching(
        /^fails with HttpError 404 .*getOne\(1000005\): expected an HttpError 404, got Error: no such/,
      ),
      // It drops the read's options: an aborted read still answers.
      expect.stringMatching(/^cancels a read .*getList aborted before it was sent: it answered/),
      expect.stringMatching(/^creates, reads, updates and deletes .*deleted record: expected an HttpError 404/),
    ]);
  });
});

describe('the memory provider', () => {
  it('searches in any case, every word in one of the search fields', async () => {
    const { data } = await provider().getList<{ id: number }>('clients', { search: 'L', sort: '-last_name' });
    expect(data.map((c) => c.id)).toEqual([4, 1, 3]);
  });

  it('falls back to the default order for a sort field it does not offer', async () => {
    const { data } = await provider().getList<{ id: number }>('clients', { sort: '-city' });
    expect(data.map((c) => c.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses a page or a page size below 1, as the server does', async () => {
    await expect(provider().getList('clients', { per_page: 0 })).rejects.toMatchObject({ status: 422 });
  });

  it('answers copies: changing an answer changes nothing kept', async () => {
    const p = provider();
    const { data } = await p.getOne<{ first_name: string }>('clients', 1);
    data.first_name = 'Changed';
    expect((await p.getOne<{ first_name: string }>('clients', 1)).data.first_name).toBe('Ada');
    expect(clients[0].first_name).toBe('Ada');
  });

  it('answers named calls, with their address and what the manifest would say of them', async () => {
    const p = provider();
    await expect(p.call('clients.count', { params: { city: 'York' } })).resolves.toEqual({ city: 'York' });
    expect(p.url('clients.count', { params: { city: 'St Ives' }, query: { a: 1 } })).toBe(
      '/clients/count/St%20Ives?a=1',
    );
    expect(p.callInfo('clients.fail')).toEqual({ method: 'GET', path: '/clients.fail' });
    const error = await p.call('clients.fail').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 0, message: 'down' });
  });

  it('throws an unknown resource or call as the caller’s mistake, as the REST dialect does', () => {
    expect(() => provider().getList('nope')).toThrow(UnknownNameError);
    expect(() => provider().call('nope')).toThrow(UnknownNameError);
  });

  it('shows archived records only when asked for them, for an archivable resource', async () => {
    const p = createMemoryDataProvider({
      resources: { notes: { archivable: true, records: [{ text: 'a' }, { text: 'b', archived: true }] } },
    });
    expect((await p.getList('notes')).data).toEqual([{ id: 1, text: 'a' }]);
    expect((await p.getList('notes', { archived: true })).data).toEqual([{ id: 2, text: 'b', archived: true }]);
  });
});
