import { defaultCalendarSettings } from '../../src/domain/calendar-settings';
import { todayIn } from '../../src/domain/dates';
import { seedDemoData } from '../../src/server/seed';
import { DEMO_PASSWORD } from '../../src/server/seed/accounts';
import { Agent, testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let owner: Agent;
let ownerId: number;
const today = todayIn(defaultCalendarSettings('GB').time_zone);

/** The sum and count of an owner's ledger (payments less refunds), by method. */
const ledgerOf = async (app: TestApp, userId: number) =>
  (
    await app.app.db
      .selectFrom('payments')
      .select(['method', (eb) => eb.fn.sum<number>('amount').as('total'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_id', '=', userId)
      .groupBy('method')
      .orderBy('method')
      .execute()
  ).map((r) => ({ method: r.method, total: Number(r.total), n: Number(r.n) }));

beforeAll(async () => {
  t = await testApp();
  await seedDemoData(t.app.db, t.app.dialect, t.app.schemas.i18n.translator('en'));
  owner = new Agent(t.app);
  expect((await owner.login('owner@demo.test', DEMO_PASSWORD)).statusCode).toBe(200);
  ownerId = (
    await t.app.db.selectFrom('users').select('id').where('email', '=', 'owner@demo.test').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

describe("the demo owner's history", () => {
  it('has payments on at least 150 days over at least five months, by every method, and a refund', async () => {
    const rows = await t.app.db
      .selectFrom('payments')
      .select(['date', 'method', 'amount', 'refund_of', 'currency'])
      .where('user_id', '=', ownerId)
      .execute();
    const days = new Set(rows.filter((r) => r.amount > 0).map((r) => r.date));
    expect(days.size).toBeGreaterThanOrEqual(150);
    expect(new Set([...days].map((d) => d.slice(0, 7))).size).toBeGreaterThanOrEqual(6);
    expect([...days].every((d) => d <= today)).toBe(true);
    const methods = new Set(rows.filter((r) => r.amount > 0).map((r) => r.method));
    for (const m of ['cash', 'card', 'bank_transfer', 'gift_voucher', 'package'])
      expect([m, methods.has(m)]).toEqual([m, true]);
    expect(rows.filter((r) => r.refund_of !== null && r.amount < 0).length).toBeGreaterThanOrEqual(1);
    expect(new Set(rows.map((r) => r.currency))).toEqual(new Set(['GBP']));
  });

  it('pays appointments on their own day, and leaves recent ones unpaid or part paid', async () => {
    const tillRows = await t.app.db
      .selectFrom('payments')
      .innerJoin('appointments', 'appointments.id', 'payments.appointment_id')
      .select(['payments.date as paid', 'appointments.date'])
      .where('payments.user_id', '=', ownerId)
      .where('payments.checkout_id', 'is not', null)
      .where('payments.refund_of', 'is', null)
      .execute();
    expect(tillRows.length).toBeGreaterThan(300);
    expect(tillRows.every((r) => r.paid === r.date)).toBe(true);
    const owed = (await owner.get('/api/v1/payments/left-to-pay/appointment')).json().data as Array<{
      payment_status: string;
    }>;
    const statuses = new Set(owed.map((a) => a.payment_status));
    expect(statuses.has('unpaid')).toBe(true);
    expect(statuses.has('leftToPay')).toBe(true);
  });

  it('has every kind of appointment with attendance, and class sessions with attendees', async () => {
    const rows = await t.app.db
      .selectFrom('appointments')
      .innerJoin('services', 'services.id', 'appointments.service_id')
      .innerJoin('appointment_clients', 'appointment_clients.appointment_id', 'appointments.id')
      .select(['services.multipart', 'appointment_clients.status', 'appointments.date'])
      .where('appointments.user_id', '=', ownerId)
      .execute();
    expect(rows.some((r) => r.multipart === 1)).toBe(true);
    expect(rows.some((r) => r.multipart === 0)).toBe(true);
    const past = new Set(rows.filter((r) => r.date < today).map((r) => r.status));
    expect(past).toEqual(new Set(['attended', 'noShow', 'cancelled']));
    const own = await t.app.db
      .selectFrom('appointments')
      .select('id')
      .where('user_id', '=', ownerId)
      .where('type', '=', 'private')
      .execute();
    expect(own.length).toBeGreaterThan(0);
    const seats = await t.app.db
      .selectFrom('class_session_clients')
      .innerJoin('class_sessions', 'class_sessions.id', 'class_session_clients.session_id')
      .select(['class_sessions.date'])
      .execute();
    expect(new Set(seats.filter((s) => s.date < today).map((s) => s.date)).size).toBeGreaterThan(20);
  });

  it('sold products, gift vouchers and a package: the package partly used, a voucher partly spent', async () => {
    const kinds = new Set(
      (await t.app.db.selectFrom('sale_items').select('kind').where('user_id', '=', ownerId).execute()).map(
        (r) => r.kind,
      ),
    );
    expect(kinds).toEqual(new Set(['product', 'gift_voucher', 'package']));
    // What the ledger says is used: package sessions and voucher amounts paid and not refunded.
    const used = async (column: 'package_sale_id' | 'voucher_sale_id') =>
      new Map(
        (
          await t.app.db
            .selectFrom('payments')
            .select([
              column,
              (eb) => eb.fn.sum<number>('amount').as('amount'),
              (eb) => eb.fn.countAll<number>().as('n'),
            ])
            .where('user_id', '=', ownerId)
            .where(column, 'is not', null)
            .groupBy(column)
            .execute()
        ).map((r) => [r[column as never] as number, { amount: Number(r.amount), n: Number(r.n) }]),
      );
    const sessions = await used('package_sale_id');
    const packages = await t.app.db
      .selectFrom('package_sales')
      .innerJoin('package_services', 'package_services.package_id', 'package_sales.package_id')
      .select(['package_sales.id', (eb) => eb.fn.sum<number>('package_services.quantity').as('quantity')])
      .where('package_sales.user_id', '=', ownerId)
      .groupBy('package_sales.id')
      .execute();
    expect(
      packages.some((p) => (sessions.get(p.id)?.n ?? 0) > 0 && (sessions.get(p.id)?.n ?? 0) < Number(p.quantity)),
    ).toBe(true);
    const spent = await used('voucher_sale_id');
    const vouchers = await t.app.db
      .selectFrom('voucher_sales')
      .select(['id', 'amount'])
      .where('user_id', '=', ownerId)
      .execute();
    const partly = vouchers.filter((v) => {
      const amount = spent.get(v.id)?.amount ?? 0;
      return amount > 0 && amount < v.amount;
    });
    expect(partly.length).toBeGreaterThanOrEqual(1);
    // As the checkout shows them: the package with sessions left, the voucher with an amount left.
    const sold = await t.app.db
      .selectFrom('package_sales')
      .select(['id', 'client_id'])
      .where('id', 'in', [...sessions.keys()])
      .executeTakeFirstOrThrow();
    const redeemable = (await owner.get(`/api/v1/payments/redeemable?client_id=${sold.client_id}`)).json();
    const pack = (redeemable.data ?? redeemable).packages.find(
      (x: { package_sale_id: number }) => x.package_sale_id === sold.id,
    );
    expect(pack.services.some((x: { left: number }) => x.left > 0)).toBe(true);
    const code = (
      await t.app.db.selectFrom('voucher_sales').select('code').where('id', '=', partly[0].id).executeTakeFirstOrThrow()
    ).code;
    const shown = (await owner.get(`/api/v1/gift-vouchers/code/${code}`)).json();
    const voucher = shown.data ?? shown;
    expect(voucher.amount_left).toBeGreaterThan(0);
    expect(voucher.amount_left).toBeLessThan(voucher.amount);
    // Sales over the counter, one of them left to pay.
    const types = new Set(
      (await t.app.db.selectFrom('payments').select('type').where('user_id', '=', ownerId).execute()).map(
        (p) => p.type,
      ),
    );
    expect(types).toEqual(new Set(['appointment', 'sale', 'combined', 'standalone']));
    const owing = (await owner.get('/api/v1/payments/left-to-pay/sale')).json();
    expect(owing.data.length).toBeGreaterThanOrEqual(1);
  });

  it('gives the lite and read-only owners a smaller history with payments', async () => {
    for (const email of ['lite@demo.test', 'readonly@demo.test']) {
      const user = await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      const ledger = await ledgerOf(t, user.id);
      const count = ledger.reduce((s, r) => s + r.n, 0);
      expect([email, count > 5]).toEqual([email, true]);
      expect(count).toBeLessThan(150);
    }
  });

  it('is the same on a fresh database: the same income, method by method', async () => {
    const other = await testApp();
    try {
      await seedDemoData(other.app.db, other.app.dialect, other.app.schemas.i18n.translator('en'));
      const id = (
        await other.app.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'owner@demo.test')
          .executeTakeFirstOrThrow()
      ).id;
      expect(await ledgerOf(other, id)).toEqual(await ledgerOf(t, ownerId));
    } finally {
      await other.close();
    }
  });
  it('has expenses every month: the chair rent repeating to today with its next date, and purchases', async () => {
    const res = await owner.get('/api/v1/expenses?per_page=100&category=rent');
    const rent = res.json().data as Array<{ title: string; date: string; next_recurrence_date: string | null }>;
    expect(rent.length).toBeGreaterThanOrEqual(6);
    expect(rent.every((e) => e.title === 'Chair rent' && e.date <= today && e.next_recurrence_date! > today)).toBe(
      true,
    );
    const months = new Set(
      (await t.app.db.selectFrom('expenses').select('date').where('user_id', '=', ownerId).execute()).map((e) =>
        e.date.slice(0, 7),
      ),
    );
    expect(months.size).toBeGreaterThanOrEqual(6);
    const stat = (await owner.get(`/api/v1/expenses/statistic?from=${today.slice(0, 8)}01&to=${today}`)).json();
    expect(stat.by_category.map((c: { category: string }) => c.category)).toContain('rent');
  });
});
