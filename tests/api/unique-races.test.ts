import { Agent, loggedIn, testApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const registration = (email: string) => ({
  first_name: 'Rita',
  last_name: 'Stone',
  email,
  password: 'Strong-pass-1',
  password_confirmation: 'Strong-pass-1',
});

describe('a unique value claimed by concurrent requests', () => {
  it('10 sign-ups with one email at once: one account, nine 422s in the spec’s words, no 500', async () => {
    const guests = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const guest = new Agent(t.app);
        guest.ip = `198.51.100.${i + 1}`;
        await guest.get('/sanctum/csrf-cookie');
        return guest;
      }),
    );
    const results = await Promise.all(guests.map((g) => g.post('/api/register', registration('Race@Example.com'))));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(422)]);
    for (const r of results.filter((x) => x.statusCode === 422)) {
      expect(r.json()).toEqual({
        message: 'The email has already been taken.',
        errors: { email: ['The email has already been taken.'] },
      });
    }
    expect(
      await t.app.db.selectFrom('users').select('id').where('email', '=', 'race@example.com').execute(),
    ).toHaveLength(1);
  });

  it('concurrent gift vouchers with one code: one is created, the others answer 422 on the code', async () => {
    const { agent: owner } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        owner.post('/api/v1/gift-voucher', { title: 'Spa', amount: 5000, code: 'SAMECODE' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    for (const r of results.filter((x) => x.statusCode === 422))
      expect(r.json().errors).toEqual({ code: [expect.stringMatching(/has already been taken\.$/)] });
  });

  it('two owners taking one booking page address at once: one keeps it, the other gets 422 on the slug', async () => {
    const a = (await loggedIn(t.app, { plan_name: 'Business Monthly' })).agent;
    const b = (await loggedIn(t.app, { plan_name: 'Business Monthly' })).agent;
    const body = {
      enabled: false,
      slug: 'same-studio',
      service_ids: [],
      class_ids: [],
      package_ids: [],
      existing_clients_only: false,
      block_new_bookings: false,
      remember_days: 30,
      deposit_mode: 'none',
    };
    const results = await Promise.all([
      a.put('/api/v1/user/booking-settings', body),
      b.put('/api/v1/user/booking-settings', body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json().errors).toEqual({ slug: [expect.any(String)] });
  });
});

describe('an affiliate code asked for twice at once', () => {
  it('both answers carry the one code the affiliate has', async () => {
    const { agent, user } = await loggedIn(t.app);
    await t.app.db.updateTable('users').set({ is_affiliate: 1, plan_name: null }).where('id', '=', user.id).execute();
    const results = await Promise.all(Array.from({ length: 4 }, () => agent.post('/api/v1/affiliate/create-code')));
    const stored = (
      await t.app.db.selectFrom('users').select('affiliate_code').where('id', '=', user.id).executeTakeFirstOrThrow()
    ).affiliate_code;
    expect(stored).toMatch(/^[A-Z2-9]{8}$/);
    expect(results.map((r) => [r.statusCode, r.json().data.code])).toEqual(Array(4).fill([201, stored]));
  });
});
