import { sql } from 'kysely';
import { presentPurchase } from '../../../src/server/features/online-booking/purchases';
import type { PublicOwner } from '../../../src/server/features/online-booking/owner';
import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import {
  book,
  checkout,
  newClient,
  newGiftVoucher,
  newPackage,
  newService,
  sell,
  statusOf,
} from '../../helpers/payments-studio';

let t: TestApp;
let owner: Agent;
let ownerId: number;
let other: Agent;
let service: number;
let colour: number;
beforeAll(async () => {
  t = await testApp();
  const signed = await loggedIn(t.app, { plan_name: 'Business Monthly' });
  owner = signed.agent;
  ownerId = signed.user.id;
  ({ agent: other } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
  service = await newService(owner, 3000);
  colour = await newService(owner, 6000, 'Colour');
});
afterAll(async () => t.close());

const ledger = () => t.app.db.selectFrom('payments').selectAll().where('user_id', '=', ownerId).orderBy('id').execute();
/** A client holding a sold gift voucher worth `amount`; its code. */
const voucherFor = async (client: number, amount = 5000) => {
  const { detail } = await sell(
    owner,
    client,
    [{ kind: 'gift_voucher', id: await newGiftVoucher(owner, amount) }],
    amount,
  );
  return detail.items[0].codes[0] as string;
};
const left = async (agent: Agent, code: string) => (await agent.get(`/api/v1/gift-vouchers/code/${code}`)).json();

describe('paying with a gift voucher', () => {
  it('takes part of the amount, leaves the rest, the appointment paidWithVoucher; a refund gives it back', async () => {
    const ann = await newClient(owner, 'Ann');
    const code = await voucherFor(ann);
    const a = await book(owner, service, [ann]);
    const res = await checkout(owner, {
      client_id: ann,
      appointment_ids: [a],
      payments: [{ method: 'gift_voucher', code, amount: 3000 }],
    });
    expect(res.code).toBe(201);
    expect(res.body.data.payments).toEqual([
      expect.objectContaining({ method: 'gift_voucher', amount: 3000, voucher_sale_id: expect.any(Number) }),
    ]);
    expect(await statusOf(owner, a)).toEqual({ status: 'paidWithVoucher', left: 0 });
    expect(await left(owner, code)).toMatchObject({ amount: 5000, amount_left: 2000 });
    expect((await owner.request('DELETE', `/api/v1/payments/${res.body.data.payments[0].id}`, {})).statusCode).toBe(
      200,
    );
    expect(await left(owner, code)).toMatchObject({ amount_left: 5000 });
    expect(await statusOf(owner, a)).toEqual({ status: 'refunded', left: 0 });
  });

  it('refuses more than is left, an expired voucher, a spent one and an unknown code, writing nothing', async () => {
    const bo = await newClient(owner, 'Bo');
    const code = await voucherFor(bo, 4000);
    const a = await book(owner, colour, [bo]);
    const before = await ledger();
    const pay = (amount: number, c = code) =>
      checkout(owner, { client_id: bo, appointment_ids: [a], payments: [{ method: 'gift_voucher', code: c, amount }] });
    const over = await pay(4500);
    expect(over).toMatchObject({
      code: 422,
      body: {
        status: 'fail',
        errors: { payments: [`The amount is more than what is left on the gift voucher ${code}.`] },
      },
    });
    // Two lines of the same code count together.
    const twice = await checkout(owner, {
      client_id: bo,
      appointment_ids: [a],
      payments: [
        { method: 'gift_voucher', code, amount: 3000 },
        { method: 'gift_voucher', code, amount: 1500 },
      ],
    });
    expect(twice.code).toBe(422);
    expect((await pay(100, 'NOSUCH')).body.errors.payments).toEqual(['There is no gift voucher with the code NOSUCH.']);
    expect(await ledger()).toEqual(before);
    // Spent: all of it used, then nothing is left to take.
    expect((await pay(4000)).code).toBe(201);
    const b = await book(owner, service, [bo]);
    const spent = await checkout(owner, {
      client_id: bo,
      appointment_ids: [b],
      payments: [{ method: 'gift_voucher', code, amount: 1 }],
    });
    expect(spent.body.errors.payments).toEqual([`The gift voucher ${code} has been used up.`]);
    expect((await owner.get(`/api/v1/gift-vouchers/code/${code}`)).json()).toMatchObject({
      message: `The gift voucher ${code} has been used up.`,
    });
    // Expired.
    const old = await voucherFor(bo, 1000);
    await t.app.db.updateTable('voucher_sales').set({ expires_on: '2000-01-01' }).where('code', '=', old).execute();
    const expired = await checkout(owner, {
      client_id: bo,
      appointment_ids: [b],
      payments: [{ method: 'gift_voucher', code: old, amount: 500 }],
    });
    expect(expired.body.errors.payments).toEqual([`The gift voucher ${old} has expired.`]);
    expect((await owner.get(`/api/v1/gift-vouchers/code/${old}`)).statusCode).toBe(422);
  });

  it('another owner’s code is unknown to them: at the till and by code', async () => {
    const cy = await newClient(owner, 'Cy');
    const code = await voucherFor(cy);
    const theirs = await newClient(other, 'Theirs');
    const res = await checkout(other, { client_id: theirs, payments: [{ method: 'gift_voucher', code, amount: 100 }] });
    expect(res).toMatchObject({
      code: 422,
      body: { errors: { payments: [expect.stringContaining('no gift voucher')] } },
    });
    const read = await other.get(`/api/v1/gift-vouchers/code/${code}`);
    expect(read.statusCode).toBe(422);
    expect(read.body).not.toContain('Gift 50');
    expect(await left(owner, code)).toMatchObject({ amount_left: 5000 });
  });

  it('the purchase shown to the client reads the amount left from the ledger', async () => {
    const di = await newClient(owner, 'Di');
    const code = await voucherFor(di);
    const a = await book(owner, service, [di]);
    await checkout(owner, {
      client_id: di,
      appointment_ids: [a],
      payments: [{ method: 'gift_voucher', code, amount: 1200 }],
    });
    const sale = await t.app.db
      .selectFrom('voucher_sales')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    const shown = await presentPurchase(t.app.db, { name: 'Studio' } as PublicOwner, 'voucher', sale.id);
    expect(shown).toMatchObject({ code, amount: 5000, amount_left: 3800 });
  });
});

describe('paying with a package session', () => {
  const packageFor = async (client: number, quantity = 2, expiry: number | null = null) => {
    const pack = await newPackage(owner, 5000, [{ service_id: service, quantity }], expiry);
    const { detail } = await sell(owner, client, [{ kind: 'package', id: pack }], 5000);
    return detail.items[0].package_sale_ids[0] as number;
  };
  const usePackage = (client: number, appointment: number, package_sale_id: number | null) =>
    checkout(owner, {
      client_id: client,
      appointment_ids: [appointment],
      payments: [{ method: 'package', package_sale_id, appointment_id: appointment }],
    });

  it('one session pays the appointment: paidWithPackage; sessions count down, then are refused; a refund gives one back', async () => {
    const el = await newClient(owner, 'El');
    const ps = await packageFor(el);
    const [a, b, c] = [
      await book(owner, service, [el]),
      await book(owner, service, [el]),
      await book(owner, service, [el]),
    ];
    const first = await usePackage(el, a, ps);
    expect(first.code).toBe(201);
    expect(first.body.data.payments).toEqual([
      expect.objectContaining({ method: 'package', amount: 3000, package_sale_id: ps, appointment_id: a }),
    ]);
    expect(await statusOf(owner, a)).toEqual({ status: 'paidWithPackage', left: 0 });
    const redeemable = async () => (await owner.get(`/api/v1/payments/redeemable?client_id=${el}`)).json().packages;
    expect((await redeemable())[0].services[0]).toMatchObject({ quantity: 2, left: 1 });
    expect((await usePackage(el, b, ps)).code).toBe(201);
    expect(await redeemable()).toEqual([]);
    const before = await ledger();
    const none = await usePackage(el, c, ps);
    expect(none.body.errors.payments).toEqual(['No Haircut sessions are left in this package.']);
    expect(await ledger()).toEqual(before);
    await owner.request('DELETE', `/api/v1/payments/${first.body.data.payments[0].id}`, {});
    expect((await redeemable())[0].services[0]).toMatchObject({ left: 1 });
    expect((await usePackage(el, c, ps)).code).toBe(201);
  });

  it('refuses in the spec’s words: no package chosen, a service the package does not include', async () => {
    const fi = await newClient(owner, 'Fi');
    const ps = await packageFor(fi);
    const a = await book(owner, colour, [fi]);
    expect((await usePackage(fi, a, null)).body).toMatchObject({
      status: 'fail',
      errors: { payments: ['You need to choose package first!'] },
    });
    expect((await usePackage(fi, a, ps)).body.errors.payments).toEqual(['You need to choose type of service!']);
  });

  it('refuses another client’s package, an expired one, and another owner’s (404), writing nothing', async () => {
    const gu = await newClient(owner, 'Gu');
    const hu = await newClient(owner, 'Hu');
    const ps = await packageFor(gu, 3, 10);
    const a = await book(owner, service, [hu]);
    const before = await ledger();
    expect((await usePackage(hu, a, ps)).body.errors.payments).toEqual(['This package belongs to another client.']);
    const b = await book(owner, service, [gu]);
    await t.app.db.updateTable('package_sales').set({ expires_on: '2000-01-01' }).where('id', '=', ps).execute();
    expect((await usePackage(gu, b, ps)).body.errors.payments).toEqual(['This package has expired.']);
    expect((await owner.get(`/api/v1/payments/redeemable?client_id=${gu}`)).json().packages).toEqual([]);
    const theirs = await newClient(other, 'Theirs');
    const service2 = await newService(other, 1000);
    const c = await book(other, service2, [theirs]);
    const res = await checkout(other, {
      client_id: theirs,
      appointment_ids: [c],
      payments: [{ method: 'package', package_sale_id: ps, appointment_id: c }],
    });
    expect(res.code).toBe(404);
    expect((await other.get(`/api/v1/payments/redeemable?client_id=${gu}`)).statusCode).toBe(404);
    expect(await ledger()).toEqual(before);
  });
});

describe('the ledger stays append-only with the new columns', () => {
  it('refuses an UPDATE of a payment, of its amount or of the voucher it redeemed', async () => {
    const io = await newClient(owner, 'Io');
    const code = await voucherFor(io);
    const a = await book(owner, service, [io]);
    const res = await checkout(owner, {
      client_id: io,
      appointment_ids: [a],
      payments: [{ method: 'gift_voucher', code, amount: 1000 }],
    });
    const id = res.body.data.payments[0].id as number;
    // The database's refusal (compared by its message: a driver's error may come from another realm than Error).
    const refused = (statement: { execute(db: typeof t.app.db): Promise<unknown> }) =>
      statement.execute(t.app.db).then(
        () => 'written',
        (err: { message: string }) => err.message,
      );
    expect(await refused(sql`update payments set amount = 1 where id = ${id}`)).toMatch(/append-only/);
    expect(await refused(sql`update payments set voucher_sale_id = voucher_sale_id + 1 where id = ${id}`)).toMatch(
      /append-only/,
    );
    expect(await refused(sql`update payments set sale_id = 1 where id = ${id}`)).toMatch(/append-only/);
    expect(await left(owner, code)).toMatchObject({ amount_left: 4000 });
  });

  it('deleting a sold voucher’s template keeps the money recorded (the link becomes empty)', async () => {
    const jo = await newClient(owner, 'Jo');
    const template = await newGiftVoucher(owner, 2000, 'Short-lived');
    const { detail } = await sell(owner, jo, [{ kind: 'gift_voucher', id: template }], 2000);
    const a = await book(owner, service, [jo]);
    const code = detail.items[0].codes[0];
    const paid = await checkout(owner, {
      client_id: jo,
      appointment_ids: [a],
      payments: [{ method: 'gift_voucher', code, amount: 2000 }],
    });
    expect(paid.code).toBe(201);
    const deleted = await owner.request('DELETE', `/api/v1/gift-voucher/${template}`);
    expect(deleted.statusCode).toBeLessThan(300);
    const row = await t.app.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paid.body.data.payments[0].id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ amount: 2000, method: 'gift_voucher', voucher_sale_id: null });
  });
});
