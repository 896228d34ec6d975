import { Agent, loggedIn, testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
  await owner.post('/api/v1/services', { title: 'Haircut', price: 2500, duration: 60 });
  await owner.post('/api/v1/clients', { first_name: 'Ann', last_name: 'Export' });
});
afterAll(async () => t.close());

describe('exports as the list screen asks for them', () => {
  it.each(['services', 'clients'])('%s export with an empty search box downloads everything', async (name) => {
    for (const format of ['csv', 'xlsx']) {
      const res = await owner.post(`/api/v1/${name}/export`, { format, search: '', archived: 0 });
      expect([format, res.statusCode, res.body.slice(0, 80)]).toEqual([format, 200, expect.any(String)]);
    }
  });
});
