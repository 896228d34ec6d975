import { loggedIn, testApp, type TestApp } from '../../helpers/app';

/**
 * GET /api/v1/user/booking-settings before an address is saved: one suggested from the business's name, free, and
 * the page's full link with it; the owner's own once saved.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const owner = async (first_name: string, last_name: string) => {
  const { agent, user } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
  await t.app.db.updateTable('users').set({ first_name, last_name }).where('id', '=', user.id).execute();
  return agent;
};

describe('GET /api/v1/user/booking-settings', () => {
  it('suggests a page address from the business’s name, with the full link, before one is saved', async () => {
    const agent = await owner('Anna', 'Hart');
    const named = await agent.put('/api/v1/user/invoice-settings', {
      prefix: 'INV-',
      start_number: 1,
      due_days: 14,
      business_name: 'Hart & Co Studio',
    });
    expect(named.statusCode).toBe(200);
    const { data } = (await agent.get('/api/v1/user/booking-settings')).json();
    expect(data.slug).toBe('hart-and-co-studio');
    expect(data.page_url).toMatch(/^https?:\/\/[^/]+\/online-booking\/hart-and-co-studio$/);
  });

  it('writes a Ukrainian name in Latin letters, and numbers an address another owner has', async () => {
    const first = await owner('Юлія', 'Згурська');
    const suggested = (await first.get('/api/v1/user/booking-settings')).json().data;
    expect(suggested.slug).toBe('yuliia-zghurska');
    const saved = await first.put('/api/v1/user/booking-settings', {
      enabled: false,
      slug: suggested.slug,
      service_ids: [],
      class_ids: [],
      package_ids: [],
    });
    expect(saved.statusCode).toBe(200);

    const second = await owner('Юлія', 'Згурська');
    const { data } = (await second.get('/api/v1/user/booking-settings')).json();
    expect(data.slug).toBe('yuliia-zghurska-2');
    expect(data.page_url).toMatch(/^https?:\/\/[^/]+\/online-booking\/yuliia-zghurska-2$/);
    // The first owner keeps the address they saved.
    expect((await first.get('/api/v1/user/booking-settings')).json().data.slug).toBe('yuliia-zghurska');
  });
});
