import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';

/** Mileage: rates in up to three levels, trips priced by the tax year's running miles. */
let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await testApp();
  owner = (await loggedIn(t.app, { plan_name: 'Business Monthly' })).agent;
});
afterAll(async () => t.close());

const trip = async (date: string, miles: number, over: Record<string, unknown> = {}) => {
  const res = await owner.post('/api/v1/expenses', {
    type: 'mileage',
    from_location: 'Studio',
    to_location: 'Client’s home',
    miles,
    date,
    ...over,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as { id: number; amount: number; category: string; amount_per_mile: number };
};
const amountOf = async (id: number) => (await owner.get(`/api/v1/expenses/${id}`)).json().data.amount as number;

describe('mileage', () => {
  it('starts at the GB approved rates and takes up to three levels, refusing limits out of order', async () => {
    expect((await owner.get('/api/v1/user/mileage-settings')).json().data).toEqual({
      first_rate: 45,
      first_up_to: 10000,
      second_rate: 25,
      second_up_to: null,
      third_rate: null,
    });
    const bad = await owner.put('/api/v1/user/mileage-settings', {
      first_rate: 45,
      first_up_to: 100,
      second_rate: 30,
      second_up_to: 100,
      third_rate: 20,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.second_up_to).toEqual(['Each limit must be above the one before it.']);
    const noLimit = await owner.put('/api/v1/user/mileage-settings', { first_rate: 45, third_rate: 20 });
    expect(noLimit.statusCode).toBe(422);
    const ok = await owner.put('/api/v1/user/mileage-settings', {
      first_rate: 45,
      first_up_to: 100,
      second_rate: 30,
      second_up_to: 150,
      third_rate: 20,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('prices trips by the level the tax year’s miles have reached, splitting one across a limit', async () => {
    const lastYear = await trip('2026-04-05', 50);
    expect(lastYear.amount).toBe(2250);
    const first = await trip('2026-04-06', 90);
    expect(first).toMatchObject({ amount: 4050, category: 'travel', amount_per_mile: 45 });
    // 90 driven: 10 miles at 45p, then 10 at 30p.
    const second = await trip('2026-05-01', 20);
    expect(second.amount).toBe(750);
    // 110 driven: 40 miles at 30p up to 150, then 20 at 20p.
    const third = await trip('2026-06-01', 60);
    expect(third.amount).toBe(1600);
    expect(await amountOf(lastYear.id)).toBe(2250);

    // The first trip goes: the later ones are priced again from the year's start.
    expect((await owner.delete(`/api/v1/expenses/${first.id}`)).statusCode).toBe(200);
    expect(await amountOf(second.id)).toBe(900);
    expect(await amountOf(third.id)).toBe(2700);
    // 80 driven: 20 miles at 45p, then 10 at 30p.
    const fourth = await trip('2026-07-01', 30);
    expect(fourth.amount).toBe(1200);
    // Moved into the next tax year, a trip starts that year's count; this one's count drops.
    const moved = await owner.put(`/api/v1/expenses/${second.id}`, {
      type: 'mileage',
      from_location: 'Studio',
      to_location: 'Client’s home',
      miles: 20,
      date: '2027-04-06',
    });
    expect(moved.statusCode).toBe(200);
    expect(await amountOf(second.id)).toBe(900);
    expect(await amountOf(third.id)).toBe(2700);
    expect(await amountOf(fourth.id)).toBe(1350);
  });

  it('refuses a repeating trip and a trip without its miles, in words', async () => {
    const repeating = await owner.post('/api/v1/expenses', {
      type: 'mileage',
      from_location: 'A',
      to_location: 'B',
      miles: 3,
      date: '2026-07-01',
      recurrence: 'weekly',
    });
    expect(repeating.statusCode).toBe(422);
    expect(repeating.json().errors.recurrence).toEqual(['A trip does not repeat: record each one.']);
    const noMiles = await owner.post('/api/v1/expenses', {
      type: 'mileage',
      from_location: 'A',
      to_location: 'B',
      date: '2026-07-01',
    });
    expect(noMiles.statusCode).toBe(422);
    expect(noMiles.json().errors).toHaveProperty('miles');
  });

  it('is for the Business and Premium plans: a Lite owner is refused trips and rates, naming the plan', async () => {
    const lite = (await loggedIn(t.app, { plan_name: 'Lite Monthly' })).agent;
    const refused = await lite.post('/api/v1/expenses', {
      type: 'mileage',
      from_location: 'A',
      to_location: 'B',
      miles: 3,
      date: '2026-07-01',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Business/);
    expect((await lite.get('/api/v1/user/mileage-settings')).statusCode).toBe(403);
    // Expenses themselves are every plan's.
    expect(
      (await lite.post('/api/v1/expenses', { category: 'supplies', amount: 500, date: '2026-07-01' })).statusCode,
    ).toBe(201);
  });

  it('prices the current tax year’s trips again when the rates change, and leaves earlier years', async () => {
    const { agent } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
    const go = async (date: string) =>
      (
        await agent.post('/api/v1/expenses', { type: 'mileage', from_location: 'A', to_location: 'B', miles: 10, date })
      ).json().data.id as number;
    const now = await go(today);
    const old = await go('2020-05-01');
    const amount = async (id: number) => (await agent.get(`/api/v1/expenses/${id}`)).json().data.amount as number;
    expect([await amount(now), await amount(old)]).toEqual([450, 450]);
    expect((await agent.put('/api/v1/user/mileage-settings', { first_rate: 50 })).statusCode).toBe(200);
    expect([await amount(now), await amount(old)]).toEqual([500, 450]);
  });
});
