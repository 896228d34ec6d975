import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { book, checkout, newClient, newService } from '../../helpers/payments-studio';

/**
 * A checkout takes one of the owner's saved discounts (spec §4 period types): ongoing any day, fixed period only
 * between its dates (the owner's days), one time once per client, even when two checkouts race; a refusal names
 * `discount_id` in words and writes nothing.
 */
let t: TestApp;
let owner: Agent;
let service: number;
beforeAll(async () => {
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app, { plan_name: 'Premium Monthly' }));
  service = await newService(owner, 4000);
});
afterAll(async () => t.close());

const today = () => new Date().toISOString().slice(0, 10);
const shift = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const saved = async (agent: Agent, body: Record<string, unknown>) => {
  const res = await agent.post('/api/v1/discounts', { title: 'Saved', kind: 'percentage', value: 10, ...body });
  if (res.statusCode !== 201) throw new Error(`discount: ${res.body}`);
  return res.json().data.id as number;
};
/** A client with one appointment of 40.00 to pay, and the checkout of it with the saved discount. */
const visit = async (name: string) => {
  const client = await newClient(owner, name);
  const appointment = await book(owner, service, [client]);
  const pay = (discount_id: number, extra: Record<string, unknown> = {}) =>
    checkout(owner, { client_id: client, appointment_ids: [appointment], discount_id, payments: [], ...extra });
  return { client, appointment, pay };
};
const checkouts = async () => (await t.app.db.selectFrom('checkouts').select('id').execute()).length;

describe('a saved discount at checkout', () => {
  it('ongoing: takes its percent or fixed amount and names itself on the checkout', async () => {
    const percent = await saved(owner, { title: 'Regulars', value: 10, period_type: 'ongoing' });
    const res = await (await visit('Olga')).pay(percent, { payments: [{ method: 'cash', amount: 3600 }] });
    expect(res.code).toBe(201);
    expect(res.body.data).toMatchObject({ discount: 400, discount_kind: 'percent', discount_value: 10 });
    const fixed = await saved(owner, { title: 'Fiver off', kind: 'fixed', value: 500 });
    const second = await (await visit('Petra')).pay(fixed, { payments: [{ method: 'cash', amount: 3500 }] });
    expect(second.body.data).toMatchObject({ discount: 500, discount_kind: 'fixed' });
    const row = await t.app.db
      .selectFrom('checkouts')
      .select('discount_id')
      .where('id', '=', second.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.discount_id).toBe(fixed);
  });

  it('fixed period: refused before and after its dates, in words, and taken within them', async () => {
    const later = await saved(owner, { period_type: 'fixed_period', starts_on: shift(10), ends_on: shift(20) });
    const before = await checkouts();
    const refused = await (await visit('Quinn')).pay(later);
    expect(refused.code).toBe(422);
    expect(refused.body.errors.discount_id[0]).toMatch(/^This discount can be used from \d{1,2} \w+( \d{4})? to /);
    expect(await checkouts()).toBe(before);
    const past = await saved(owner, { period_type: 'fixed_period', starts_on: shift(-20), ends_on: shift(-1) });
    expect((await (await visit('Rita')).pay(past)).code).toBe(422);
    const now = await saved(owner, { period_type: 'fixed_period', starts_on: today(), ends_on: shift(3) });
    expect((await (await visit('Sam')).pay(now)).code).toBe(201);
  });

  it('one time: once per client, whoever else takes it, and only one of two checkouts racing', async () => {
    const welcome = await saved(owner, { title: 'Welcome', period_type: 'one_time', value: 20 });
    const tess = await visit('Tess');
    expect((await tess.pay(welcome)).code).toBe(201);
    const again = await book(owner, service, [tess.client]);
    const twice = await checkout(owner, {
      client_id: tess.client,
      appointment_ids: [again],
      discount_id: welcome,
      payments: [],
    });
    expect(twice.code).toBe(422);
    expect(twice.body.errors.discount_id).toEqual(['This client has already had this one-time discount.']);
    expect((await (await visit('Uma')).pay(welcome)).code).toBe(201);
    const vic = await visit('Vic');
    const other = await book(owner, service, [vic.client]);
    const race = await Promise.all([
      vic.pay(welcome),
      checkout(owner, { client_id: vic.client, appointment_ids: [other], discount_id: welcome, payments: [] }),
    ]);
    expect(race.map((r) => r.code).sort()).toEqual([201, 422]);
  });

  it('refuses an archived discount, another owner’s, and two discounts at once', async () => {
    const archived = await saved(owner, { title: 'Old' });
    await owner.put(`/api/v1/discounts/${archived}`, { title: 'Old', kind: 'percentage', value: 10, archived: true });
    const wendy = await visit('Wendy');
    expect((await wendy.pay(archived)).body.errors.discount_id).toEqual([
      'Choose one of your discounts that is not archived.',
    ]);
    const { agent: stranger } = await loggedIn(t.app, { plan_name: 'Premium Monthly' });
    const theirs = await saved(stranger, { title: 'Theirs' });
    expect((await wendy.pay(theirs)).code).toBe(422);
    const ongoing = await saved(owner, { title: 'Both' });
    const both = await wendy.pay(ongoing, { discount: { kind: 'percent', value: 5 } });
    expect(both.body.errors.discount_id).toEqual(['Choose a saved discount or type one, not both.']);
  });
});
