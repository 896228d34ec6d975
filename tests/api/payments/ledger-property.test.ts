import fc from 'fast-check';
import { isRedemption, PAYMENT_STATUSES } from '../../../src/domain/payments';
import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import {
  book,
  newClient,
  newGiftVoucher,
  newPackage,
  newProduct,
  newService,
  sell,
  statusOf,
} from '../../helpers/payments-studio';

let t: TestApp;
let owner: Agent;
let ownerId: number;
let service: number;
let client: number;
let voucher: number;
let pack: number;
let product: number;
const PRICE = 3000;
/** Little enough to run out over the runs: a sale beyond it is refused. */
const STOCK = 12;
beforeAll(async () => {
  t = await testApp();
  const signed = await loggedIn(t.app, { plan_name: 'Business Monthly' });
  owner = signed.agent;
  ownerId = signed.user.id;
  service = await newService(owner, PRICE);
  client = await newClient(owner, 'Prop');
  voucher = await newGiftVoucher(owner, 4000);
  pack = await newPackage(owner, 5000, [{ service_id: service, quantity: 2 }]);
  product = await newProduct(owner, 700, STOCK, 'Balm');
});
afterAll(async () => t.close());

type Step =
  | {
      kind: 'checkout';
      which: number[];
      amounts: number[];
      discount: null | { kind: 'percent' | 'fixed'; value: number };
    }
  | { kind: 'refund'; pick: number }
  | { kind: 'partRefund'; pick: number; amount: number }
  | { kind: 'refundCheckout'; pick: number }
  | { kind: 'voucher'; which: number; amount: number }
  | { kind: 'package'; which: number }
  | { kind: 'sale'; quantity: number; amount: number }
  | { kind: 'refundSale'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('checkout' as const),
      which: fc.uniqueArray(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 3 }),
      amounts: fc.array(fc.integer({ min: 1, max: 4000 }), { minLength: 1, maxLength: 2 }),
      discount: fc.option(
        fc.oneof(
          fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 0, max: 100 }) }),
          fc.record({ kind: fc.constant('fixed' as const), value: fc.integer({ min: 0, max: 5000 }) }),
        ),
        { nil: null },
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('partRefund' as const),
      pick: fc.nat(),
      amount: fc.integer({ min: -10, max: 4000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refundCheckout' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('voucher' as const),
      which: fc.integer({ min: 0, max: 2 }),
      amount: fc.integer({ min: 1, max: 4500 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('package' as const), which: fc.integer({ min: 0, max: 2 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('sale' as const),
      quantity: fc.integer({ min: 1, max: 3 }),
      amount: fc.integer({ min: 0, max: 2500 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refundSale' as const), pick: fc.nat() }) },
);

const ledgerRows = () =>
  t.app.db.selectFrom('payments').selectAll().where('user_id', '=', ownerId).orderBy('id').execute();

describe('the ledger under random checkouts, part payments and refunds', () => {
  it('keeps income = the money of the ledger (redemptions settle, they are not income), left to pay ≥ 0, vouchers and packages never below nothing, one of the eight statuses', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const appointments = [
          await book(owner, service, [client]),
          await book(owner, service, [client]),
          await book(owner, service, [client]),
        ];
        // The client's gift voucher and package for this run, and the sales made in it.
        const { detail } = await sell(
          owner,
          client,
          [
            { kind: 'gift_voucher', id: voucher },
            { kind: 'package', id: pack },
          ],
          9000,
        );
        const voucherCode = detail.items[0].codes[0] as string;
        const packageSale = detail.items[1].package_sale_ids[0] as number;
        const sales: number[] = [detail.id];
        for (const s of steps) {
          const before = (await ledgerRows()).length;
          let code: number;
          if (s.kind === 'voucher' || s.kind === 'package') {
            const id = appointments[s.which];
            code = (
              await owner.post('/api/v1/payments', {
                client_id: client,
                appointment_ids: [id],
                payments: [
                  s.kind === 'voucher'
                    ? { method: 'gift_voucher', code: voucherCode, amount: s.amount }
                    : { method: 'package', package_sale_id: packageSale, appointment_id: id },
                ],
              })
            ).statusCode;
          } else if (s.kind === 'sale') {
            const res = await owner.post('/api/v1/payments', {
              client_id: client,
              items: [{ kind: 'product', id: product, quantity: s.quantity }],
              payments: s.amount ? [{ method: 'card', amount: s.amount }] : [],
            });
            code = res.statusCode;
            if (code === 201) sales.push(res.json().data.sale_id);
          } else if (s.kind === 'refundSale') {
            const sale = sales[s.pick % sales.length];
            code = (await owner.request('DELETE', `/api/v1/sales/${sale}`, { reason: 'property' })).statusCode;
          } else if (s.kind === 'checkout') {
            code = (
              await owner.post('/api/v1/payments', {
                client_id: client,
                appointment_ids: s.which.map((i) => appointments[i]),
                discount: s.discount,
                payments: s.amounts.map((amount, i) => ({ method: i % 2 ? 'card' : 'cash', amount })),
              })
            ).statusCode;
          } else {
            const mine = (await ledgerRows()).filter(
              (r) => r.refund_of === null && appointments.includes(r.appointment_id!),
            );
            if (mine.length === 0) continue;
            const row = mine[s.pick % mine.length];
            const url =
              s.kind === 'refundCheckout'
                ? `/api/v1/payments/checkout/${row.checkout_id}`
                : `/api/v1/payments/${row.id}`;
            const body = s.kind === 'partRefund' ? { reason: 'property', amount: s.amount } : { reason: 'property' };
            code = (await owner.request('DELETE', url, body)).statusCode;
          }
          expect([200, 201, 422]).toContain(code);
          // A refusal records nothing.
          if (code === 422) expect((await ledgerRows()).length).toBe(before);
        }
        const rows = await ledgerRows();
        // A sale is refunded when each of its payments has its refund row; what it created is void then.
        const refundedSale = (id: number) => {
          const paid = rows.filter((r) => r.sale_id === id && r.refund_of === null);
          return paid.length > 0 && paid.every((p) => rows.some((r) => r.refund_of === p.id));
        };
        const voided = refundedSale(detail.id);
        // A voucher's amount left and a package's sessions left are sums over the ledger, never below nothing.
        const voucherSale = await t.app.db
          .selectFrom('voucher_sales')
          .select(['id', 'amount'])
          .where('code', '=', voucherCode)
          .executeTakeFirstOrThrow();
        const redeemed = rows.filter((r) => r.voucher_sale_id === voucherSale.id).reduce((s, r) => s + r.amount, 0);
        expect(voucherSale.amount - redeemed).toBeGreaterThanOrEqual(0);
        const byCode = await owner.get(`/api/v1/gift-vouchers/code/${voucherCode}`);
        // A sale whose voucher or package is used is not refunded: a void voucher was never spent from.
        if (voided) expect(redeemed).toBe(0);
        if (!voided && voucherSale.amount - redeemed > 0)
          expect(byCode.json().amount_left).toBe(voucherSale.amount - redeemed);
        else expect(byCode.statusCode).toBe(422);
        const sessions = rows.filter((r) => r.package_sale_id === packageSale);
        const used = sessions.filter((r) => r.amount > 0).length - sessions.filter((r) => r.amount < 0).length;
        expect(used).toBeGreaterThanOrEqual(0);
        expect(used).toBeLessThanOrEqual(2);
        if (voided) expect(used).toBe(0);
        const redeemable = (await owner.get(`/api/v1/payments/redeemable?client_id=${client}`)).json().packages;
        const mine = redeemable.find((p: { package_sale_id: number }) => p.package_sale_id === packageSale);
        expect(mine?.services[0].left ?? 0).toBe(voided ? 0 : 2 - used);
        for (const id of sales) {
          const sale = (await owner.get(`/api/v1/sales/${id}`)).json().data;
          const paid = rows.filter((r) => r.sale_id === id).reduce((s, r) => s + r.amount, 0);
          expect(sale.paid).toBe(paid);
          expect(sale.left_to_pay).toBeGreaterThanOrEqual(0);
          expect(paid).toBeLessThanOrEqual(sale.total - sale.discount);
        }
        // Stock is what was sold less what refunded sales gave back.
        const balm = await t.app.db
          .selectFrom('sale_items')
          .select(['sale_id', 'quantity'])
          .where('kind', '=', 'product')
          .where('item_id', '=', product)
          .execute();
        const stock = await t.app.db
          .selectFrom('products')
          .select('stock')
          .where('id', '=', product)
          .executeTakeFirstOrThrow();
        expect(stock.stock).toBeGreaterThanOrEqual(0);
        expect(stock.stock).toBe(
          STOCK - balm.filter((b) => !refundedSale(b.sale_id)).reduce((n, b) => n + b.quantity, 0),
        );
        // Income is the money taken less the money given back: paying from a gift voucher or a package session
        // (and refunding that) settles without money moving, the voucher's or package's sale was the income.
        const money = rows.filter((r) => !isRedemption(r.method));
        const stat = (await owner.get('/api/v1/payments/statistic?from=2000-01-01&to=2099-12-31')).json();
        expect(stat.income).toBe(money.reduce((s, r) => s + r.amount, 0));
        expect(stat.refunds).toBe(money.filter((r) => r.amount < 0).reduce((s, r) => s - r.amount, 0));
        expect(stat.by_method.map((m: { method: string }) => m.method).filter(isRedemption)).toEqual([]);
        const today = rows.at(-1)!.date;
        const net = (await owner.get(`/api/v1/payments/net-income?from=${today}&to=${today}`)).json();
        expect(net.total.income).toBe(stat.income);
        for (const id of appointments) {
          const own = rows.filter((r) => r.appointment_id === id);
          const net = own.reduce((s, r) => s + r.amount, 0);
          const items = await t.app.db
            .selectFrom('checkout_items')
            .select('discount')
            .where('appointment_id', '=', id)
            .execute();
          const discount = items.reduce((s, i) => s + i.discount, 0);
          const { status, left } = await statusOf(owner, id);
          expect(PAYMENT_STATUSES).toContain(status);
          expect(PRICE - discount - net).toBeGreaterThanOrEqual(0);
          expect(left).toBeGreaterThanOrEqual(0);
          if (status === 'unpaid' || status === 'leftToPay') expect(left).toBe(PRICE - discount - net);
          else expect(left).toBe(0);
          // Every refund gives back part or all of one payment of the same appointment, never more than it was.
          for (const p of own.filter((x) => x.refund_of === null)) {
            const back = own.filter((x) => x.refund_of === p.id).reduce((sum, x) => sum - x.amount, 0);
            expect(back).toBeGreaterThanOrEqual(0);
            expect(back).toBeLessThanOrEqual(p.amount);
          }
          for (const r of own.filter((x) => x.refund_of !== null)) {
            expect(r.amount).toBeLessThan(0);
            expect(own.some((p) => p.id === r.refund_of)).toBe(true);
          }
        }
      }),
      { numRuns: 25 },
    );
  });
});
