import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { book, checkout, newClient, newService, sell } from '../../helpers/payments-studio';

/**
 * Gift vouchers by period type (spec §4): ongoing ones pay as long as their amount lasts; a one-time voucher pays once,
 * whatever it leaves; a fixed period's voucher pays from its first day to its last — at the till and online alike,
 * refused in words; a fixed period needs both its dates. A voucher sold keeps the rules it was sold with.
 */
let t: TestApp;
let owner: Agent;
let service: number;
let client: number;
beforeAll(async () => {
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
  service = await newService(owner, 3000);
  client = await newClient(owner, 'Gift');
});
afterAll(async () => t.close());

const shift = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const voucher = async (body: Record<string, unknown>) => {
  const res = await owner.post('/api/v1/gift-voucher', { title: 'Gift', amount: 5000, ...body });
  if (res.statusCode !== 201) throw new Error(`voucher: ${res.body}`);
  return res.json().data.id as number;
};
const soldCode = async (id: number) =>
  (await sell(owner, client, [{ kind: 'gift_voucher', id }], 5000)).detail.items[0].codes[0] as string;
const pay = async (code: string, amount: number) => {
  const appointment = await book(owner, service, [client]);
  return checkout(owner, {
    client_id: client,
    appointment_ids: [appointment],
    payments: [{ method: 'gift_voucher', code, amount }],
  });
};

describe('gift vouchers by period type', () => {
  it('ongoing: pays again and again while its amount lasts', async () => {
    const code = await soldCode(await voucher({ period_type: 'ongoing' }));
    expect((await pay(code, 3000)).code).toBe(201);
    expect((await pay(code, 2000)).code).toBe(201);
  });

  it('one time: pays once, and is refused after, even with money left on it', async () => {
    const code = await soldCode(await voucher({ title: 'Once', period_type: 'one_time' }));
    expect((await pay(code, 3000)).code).toBe(201);
    const again = await pay(code, 1000);
    expect(again.code).toBe(422);
    expect(again.body.errors.payments).toEqual([`The gift voucher ${code} was for one use, and it has been used.`]);
    expect((await owner.get(`/api/v1/gift-vouchers/code/${code}`)).statusCode).toBe(422);
  });

  it('fixed period: refused before its first day, in words, and needs both dates', async () => {
    const later = await voucher({
      title: 'Summer',
      period_type: 'fixed_period',
      starts_on: shift(5),
      expires_on: shift(30),
    });
    const code = await soldCode(later);
    const early = await pay(code, 1000);
    expect(early.code).toBe(422);
    expect(early.body.errors.payments[0]).toMatch(
      new RegExp(`^The gift voucher ${code} can be used from \\d{1,2} \\w+`),
    );
    // The voucher sold keeps its rules: moving the template's dates does not open it.
    await t.app.db
      .updateTable('gift_vouchers')
      .set({ starts_on: shift(-1) })
      .where('id', '=', later)
      .execute();
    expect((await pay(code, 1000)).code).toBe(422);
    const open = await soldCode(
      await voucher({ title: 'Now', period_type: 'fixed_period', starts_on: shift(-1), expires_on: shift(3) }),
    );
    expect((await pay(open, 1000)).code).toBe(201);
    const undated = await owner.post('/api/v1/gift-voucher', {
      title: 'No dates',
      amount: 5000,
      period_type: 'fixed_period',
    });
    expect(undated.statusCode).toBe(422);
    expect(Object.keys(undated.json().errors).sort()).toEqual(['expires_on', 'starts_on']);
  });
});
