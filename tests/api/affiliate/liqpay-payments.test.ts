import { signed } from '../../../src/server/infra/billing/liqpay-protocol';
import { Agent, createUser } from '../../helpers/app';
import { advance, history, liqpayStudio, payOnPage, uaOwner } from '../../helpers/liqpay-studio';

/**
 * A refund of a UA owner's plan payment, made at LiqPay (its `refund` request on the subscription's order, as its
 * business account makes one), is called back `reversed` and kept as a row of its own beside the payment, once; the
 * owner's payment history shows it, and their affiliate's earnings are net of it (spec §3, §9).
 */
const studio = liqpayStudio({ config: { currency: 'uah' } });

const kept = (userId: number) =>
  studio.t.app.db
    .selectFrom('subscription_payments')
    .select(['provider', 'kind', 'status', 'amount', 'currency', 'order_id', 'payment_id'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

/** LiqPay's `refund` of the subscription's latest charge, `amount` hryvnias of it (all that is left when not given). */
async function refundAtLiqpay(orderId: string, amount?: number) {
  const answer = await studio.t.app.liqpay!.request({
    action: 'refund',
    order_id: orderId,
    ...(amount === undefined ? {} : { amount }),
  });
  await studio.liqpay.delivered();
  return answer;
}

describe("a refund of a referred UA owner's plan payment", () => {
  it("is kept once beside the payment, shown in the history, and taken off the affiliate's commission", async () => {
    const affiliate = await createUser(studio.t.app, { email: 'liqpay-affiliate@example.com' });
    await studio.t.app.db.updateTable('users').set({ is_affiliate: 1 }).where('id', '=', affiliate.id).execute();
    await studio.t.app.db
      .insertInto('affiliate_settings')
      .values({ user_id: affiliate.id, percent_amount: 20, updated_at: new Date().toISOString() })
      .execute();
    const { agent, user } = await uaOwner(studio, 0);
    await studio.t.app.db.updateTable('users').set({ referred_by: affiliate.id }).where('id', '=', user.id).execute();
    const { params } = await payOnPage(studio, agent, 'plan_id=lite-monthly');
    await advance(studio, 31);
    const [first, second] = await kept(user.id);
    expect([first.amount, second.amount]).toEqual([29900, 29900]);

    // 100 ₴ of the second month back, then the rest of it.
    const part = await refundAtLiqpay(String(params.order_id), 100);
    expect(part).toMatchObject({ status: 'reversed', amount: 100 });
    expect(await refundAtLiqpay(String(params.order_id))).toMatchObject({ status: 'reversed', amount: 199 });
    const rows = await kept(user.id);
    expect(rows.slice(2)).toEqual([
      expect.objectContaining({
        provider: 'liqpay',
        kind: 'plan',
        status: 'refunded',
        amount: -10000,
        currency: 'uah',
      }),
      expect.objectContaining({
        provider: 'liqpay',
        kind: 'plan',
        status: 'refunded',
        amount: -19900,
        currency: 'uah',
      }),
    ]);
    expect(rows[2].order_id).toBe(params.order_id);

    // Asked again once refunded in full, LiqPay answers its last refund and calls nothing back: nothing more is kept.
    await refundAtLiqpay(String(params.order_id));
    expect(await kept(user.id)).toHaveLength(4);
    // LiqPay's callback delivered again (a retry) is kept once too.
    const { result: _result, ...operation } = part;
    const again = await studio.t.app.inject({
      method: 'POST',
      url: '/api/v1/liqpay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(signed(studio.liqpay.privateKey, operation)).toString(),
    });
    expect(again.statusCode).toBe(200);
    expect(await kept(user.id)).toHaveLength(4);

    // The owner's history: the two payments and the two refunds, in words the list translates.
    const statuses = (await history(agent)).map((p: { status: string; total: number }) => [p.status, p.total]);
    expect(statuses).toEqual(
      expect.arrayContaining([
        ['paid', 29900],
        ['paid', 29900],
        ['refunded', -10000],
        ['refunded', -19900],
      ]),
    );

    // 20 % of each payment less 20 % of each refund: a hand computation.
    const partner = new Agent(studio.t.app);
    await partner.login(affiliate.email, affiliate.password);
    const stat = (await partner.get('/api/v1/affiliate/statistic')).json().data;
    expect(stat).toMatchObject({ earnings: 5980 + 5980 - 2000 - 3980, currency: 'uah', paid: 0 });
  });
});
