import { createRestDataProvider } from '../../packages/renderer/core/data-provider';
import { createRestClient } from '../../packages/renderer/core/rest';
import type { Manifest } from '../../packages/renderer/core/types';
import { dataProviderContract } from '../../packages/renderer/testing/data-provider-contract';
import { createUser, testApp, type TestApp } from '../helpers/app';
import { HttpSession } from '../helpers/http-session';

/**
 * The renderer's data provider contract over the REST dialect as the browser speaks it: `createRestDataProvider`
 * with the manifest the app serves, over real HTTP to the real app and database, as a signed-in owner. The client's
 * fetch carries the session's cookies and its `X-XSRF-TOKEN` (what a browser's cookie jar and `document.cookie` do).
 */
let t: TestApp;

dataProviderContract('the REST provider on the real app', async () => {
  t = await testApp();
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const owner = await createUser(t.app);
  const session = new HttpSession(url);
  await session.login(owner.email, owner.password);
  const fetchInSession = (async (input: string, init: RequestInit = {}) => {
    const headers = { ...(init.headers as Record<string, string>) };
    delete headers['X-XSRF-TOKEN'];
    const res = await fetch(input, {
      ...init,
      headers: { ...headers, cookie: session.cookieHeader, 'x-xsrf-token': session.xsrf },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      session.cookies[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1);
    }
    return res;
  }) as typeof fetch;
  const rest = createRestClient({ baseUrl: url, fetch: fetchInSession });
  const manifest = (await rest.getJson<{ data: Manifest }>('/api/v1/ui/manifest')).data;
  const provider = createRestDataProvider(rest, manifest);

  const people = [
    { first_name: 'Ada', last_name: 'Lovelace', city: 'London', opt_out: false },
    { first_name: 'Ben', last_name: 'Okri', city: 'Leeds', opt_out: true },
    { first_name: 'Cleo', last_name: 'Laine', city: 'London', opt_out: false },
    { first_name: 'Dan', last_name: 'Lovell', city: 'York', opt_out: false },
    { first_name: 'Eve', last_name: 'Arden', city: 'Leeds', opt_out: true },
  ];
  const records: Array<{ id: number }> = [];
  for (const person of people) records.push((await provider.create<{ id: number }>('clients', person)).data);
  return {
    provider,
    fixture: {
      resource: 'clients',
      records,
      sortField: 'first_name',
      search: { text: 'lov AD', ids: [records[0].id] },
      filter: { params: { city: 'Leeds', opt_out: 1 }, ids: [records[1].id, records[4].id] },
      create: { body: { first_name: 'Finn', city: 'Bath' }, expect: { first_name: 'Finn', city: 'Bath' } },
      update: {
        body: { first_name: 'Finn', last_name: 'Cole', city: 'Bath' },
        expect: { first_name: 'Finn', last_name: 'Cole' },
      },
      invalid: { body: { first_name: '', email: 'nope' }, fields: ['first_name', 'email'] },
      forbidden: 'admin-users',
    },
    teardown: () => t.close(),
  };
});
