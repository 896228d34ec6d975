import { createUser } from '../../helpers/app';
import { advance, history, liqpayStudio, payOnPage, uaOwner } from '../../helpers/liqpay-studio';

/**
 * An owner an affiliate brought gets the affiliate's discount on their plan with LiqPay too (spec §3): LiqPay has no
 * coupons, so the discount is the subscription's amount — set at the checkout, kept on a plan change — for the
 * discount's twelve months from the first payment, and the full price after. A promo code typed is used instead.
 */
const studio = liqpayStudio();

async function referredOwner(settings: { percent_discount_amount?: number; fixed_discount_amount?: number }) {
  const affiliate = await createUser(studio.t.app, {});
  await studio.t.app.db.updateTable('users').set({ is_affiliate: 1 }).where('id', '=', affiliate.id).execute();
  await studio.t.app.db
    .insertInto('affiliate_settings')
    .values({ user_id: affiliate.id, percent_amount: 20, ...settings, updated_at: new Date().toISOString() })
    .execute();
  const owner = await uaOwner(studio, 0);
  await studio.t.app.db
    .updateTable('users')
    .set({ referred_by: affiliate.id })
    .where('id', '=', owner.user.id)
    .execute();
  return owner;
}

const totals = async (agent: Parameters<typeof history>[0]) =>
  (await history(agent)).map((p: { total: number }) => p.total).reverse();

describe("a referred owner's LiqPay subscription", () => {
  it("bills the plan less the referrer's percent for a year from the first payment, then the full price", async () => {
    const { agent } = await referredOwner({ percent_discount_amount: 25 });
    const { params } = await payOnPage(studio, agent, 'plan_id=business-annual');
    // 5,990 ₴ a year, a quarter off.
    expect(params).toMatchObject({ action: 'subscribe', amount: 4492.5, currency: 'UAH' });
    expect(await totals(agent)).toEqual([449250]);
    await advance(studio, 366); // a year on: the discount's twelve months are over
    expect(await totals(agent)).toEqual([449250, 599000]);
    const subscription = studio.liqpay.subscriptions().find((s) => s.order_id === params.order_id);
    expect(subscription?.amount).toBe(5990);
  });

  it("takes the referrer's fixed amount off, and keeps it on an upgrade", async () => {
    const { agent } = await referredOwner({ fixed_discount_amount: 5000 });
    const { params } = await payOnPage(studio, agent, 'plan_id=lite-monthly');
    expect(params.amount).toBe(249);
    expect((await agent.post('/api/v1/subscription/swap', { plan_id: 'premium-monthly' })).statusCode).toBe(200);
    await advance(studio, 31);
    expect(await totals(agent)).toEqual([24900, 84900]);
  });

  it('uses a promo code typed instead of the referral discount', async () => {
    const now = new Date().toISOString();
    await studio.t.app.db
      .insertInto('promo_codes')
      .values({
        code: 'HALFOFF',
        kind: 'percentage',
        value: 50,
        currency: null,
        duration_months: 1,
        expires_on: null,
        max_uses: null,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const { agent } = await referredOwner({ percent_discount_amount: 10 });
    const { params } = await payOnPage(studio, agent, 'plan_id=lite-monthly&promo_code=HALFOFF');
    expect(params.amount).toBe(149.5);
  });

  it('bills the full price to an owner nobody referred', async () => {
    const { agent } = await uaOwner(studio, 0);
    const { params } = await payOnPage(studio, agent, 'plan_id=lite-monthly');
    expect(params.amount).toBe(299);
  });
});
