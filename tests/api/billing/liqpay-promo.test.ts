import { runLiqpayReconciliation } from '../../../src/server/features/billing/liqpay/reconcile';
import { nowIso } from '../../../src/server/db/database';
import { type Agent } from '../../helpers/app';
import { advance, history, liqpayStudio, payOnPage, uaOwner } from '../../helpers/liqpay-studio';

/**
 * Promo codes with LiqPay (spec §2 admin promo codes, §3): LiqPay has no coupons, so the code's discount is the
 * subscription's amount — set at the checkout, kept on a plan change — and the full price is put back after the last
 * payment the code covers. A checkout never paid gives the code's use back.
 */
const studio = liqpayStudio();

async function promoCode(code: string, kind: 'percentage' | 'fixed', value: number, months: number) {
  const now = nowIso();
  return studio.t.app.db
    .insertInto('promo_codes')
    .values({
      code,
      kind,
      value,
      currency: kind === 'fixed' ? 'uah' : null,
      duration_months: months,
      expires_on: null,
      max_uses: null,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
const timesUsed = async (id: number) =>
  (await studio.t.app.db.selectFrom('promo_codes').select('times_used').where('id', '=', id).executeTakeFirstOrThrow())
    .times_used;
const said = async (agent: Agent, query: string) => {
  const res = await agent.get(`/api/v1/liqpay/widget?${query}`);
  return [res.statusCode, res.json().errors?.promo_code?.[0] ?? res.json().message];
};

describe('promo codes with LiqPay', () => {
  it('discounts the payments the code covers, then LiqPay bills the full price again', async () => {
    await promoCode('KYIV20', 'percentage', 20, 2);
    const { agent } = await uaOwner(studio);
    const { params } = await payOnPage(studio, agent, 'plan_id=business-monthly&promo_code=kyiv20');
    expect(params).toMatchObject({ action: 'subscribe', amount: 479.2, currency: 'UAH' });
    const plans = (await agent.get('/api/v1/subscription/plans')).json();
    expect(plans.promo).toMatchObject({ code: 'KYIV20', kind: 'percentage', value: 20 });

    await advance(studio, 15); // the trial ends: the first payment
    await advance(studio, 31); // the second, still within the code's two months
    expect((await history(agent)).map((p: { total: number }) => p.total)).toEqual([47920, 47920]);
    await advance(studio, 31); // past them: the full price
    expect((await history(agent))[0]).toMatchObject({ total: 59900, status: 'paid' });
    expect(studio.liqpay.subscriptions().find((s) => s.order_id === params.order_id)?.amount).toBe(599);
  });

  it('keeps a fixed discount on an upgrade while it runs', async () => {
    // A year's discount: the local LiqPay's clock has moved on by the test before, the app's has not.
    await promoCode('MINUS100', 'fixed', 10000, 12);
    const { agent } = await uaOwner(studio, 0);
    const { params } = await payOnPage(studio, agent, 'plan_id=lite-monthly&promo_code=MINUS100');
    expect(params.amount).toBe(199);
    expect((await history(agent))[0]).toMatchObject({ total: 19900 });
    expect((await agent.post('/api/v1/subscription/swap', { plan_id: 'premium-monthly' })).statusCode).toBe(200);
    await advance(studio, 31);
    expect((await history(agent))[0]).toMatchObject({ total: 79900 });
  });

  it('refuses a code in words, and gives back the use of a checkout never paid', async () => {
    const free = await promoCode('FREE100', 'percentage', 100, 1);
    const half = await promoCode('HALF50', 'percentage', 50, 1);
    const { agent, user } = await uaOwner(studio);
    expect(await said(agent, 'plan_id=lite-monthly&promo_code=NOPE')).toEqual([422, 'This promo code does not exist.']);
    expect(await said(agent, 'plan_id=lite-monthly&promo_code=FREE100')).toEqual([
      422,
      'This promo code takes off the whole price, which LiqPay cannot take: please ask us for another code.',
    ]);
    expect(await timesUsed(free.id)).toBe(0);

    // The owner goes to LiqPay's page with a code, and leaves without paying.
    expect((await agent.get('/api/v1/liqpay/widget?plan_id=lite-monthly&promo_code=HALF50')).statusCode).toBe(200);
    expect(await timesUsed(half.id)).toBe(1);
    await runLiqpayReconciliation(studio.t.app);
    expect(await timesUsed(half.id)).toBe(0);
    const redemptions = await studio.t.app.db
      .selectFrom('promo_redemptions')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(redemptions).toEqual([]);
  });
});
