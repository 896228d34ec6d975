import Stripe from 'stripe';
import { localStripe } from '../../helpers/local-stripe';

// Prices on the local stand-in for Stripe Billing, found by lookup key as the app finds its plans' prices.
const ctx = localStripe();

describe('prices on the local stand-in for Stripe Billing', () => {
  it('creates prices and finds them by lookup key, which only one price holds at a time', async () => {
    const product = await ctx.stripe.products.create({ name: 'Pro', metadata: { plan_id: 'pro' } });
    expect(product).toMatchObject({ object: 'product', name: 'Pro', active: true, metadata: { plan_id: 'pro' } });
    const price = (lookup_key: string, unit_amount: number) =>
      ctx.stripe.prices.create({
        product: product.id,
        currency: 'gbp',
        unit_amount,
        recurring: { interval: 'month' },
        lookup_key,
        tax_behavior: 'inclusive',
      });
    const pro = await price('pro_monthly', 1000);
    const business = await price('business_monthly', 2500);
    expect(pro).toMatchObject({
      object: 'price',
      product: product.id,
      currency: 'gbp',
      unit_amount: 1000,
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1 },
      lookup_key: 'pro_monthly',
      tax_behavior: 'inclusive',
      active: true,
    });
    const found = await ctx.stripe.prices.list({ lookup_keys: ['pro_monthly', 'business_monthly'], limit: 100 });
    expect(found).toMatchObject({ object: 'list', has_more: false, url: '/v1/prices' });
    expect(found.data.map((p) => p.id).sort()).toEqual([pro.id, business.id].sort());
    const bracketed = await fetch(`${ctx.provider.url}/v1/prices?lookup_keys[]=business_monthly`, {
      headers: { authorization: `Bearer ${ctx.provider.secretKey}` },
    });
    expect(((await bracketed.json()) as Stripe.ApiList<Stripe.Price>).data.map((p) => p.id)).toEqual([business.id]);
    expect((await ctx.stripe.prices.retrieve(pro.id)).id).toBe(pro.id);

    const taken = await price('pro_monthly', 1200).catch((e: Stripe.errors.StripeError) => e);
    expect(taken).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError', param: 'lookup_key' });
    const spare = await price('spare', 100);
    const moved = await ctx.stripe.prices.create({
      product: product.id,
      currency: 'gbp',
      unit_amount: 200,
      lookup_key: 'spare',
      transfer_lookup_key: true,
    });
    expect(moved.type).toBe('one_time');
    expect((await ctx.stripe.prices.retrieve(spare.id)).lookup_key).toBeNull();
    expect((await ctx.stripe.prices.list({ lookup_keys: ['spare'] })).data.map((p) => p.id)).toEqual([moved.id]);
  });
});
