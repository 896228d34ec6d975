import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { FAILING_CARD, startLocalProvider } from '../../../dev/stand-ins/stripe';
import {
  expectDeclined,
  localStripe,
  monthlyPrice,
  saveCard,
  sdkFor,
  since,
  typesSince,
} from '../../helpers/local-stripe';
import { billing, failure } from '../../helpers/local-stripe-extras';
import { pdfPages } from '../../helpers/pdf-text';

// One-off invoices (buying a bundle of SMS credits with the saved card) on the local stand-in for Stripe, driven
// by the real SDK as the app drives it; and the new objects (coupons, discounts, invoice items) in its state file.
// Coupons are in local-stripe-extras-coupons.test.ts, subscription items in local-stripe-extras-items.test.ts.
const ctx = localStripe();
let pro: Stripe.Price;
const { payer, smsInvoice } = billing(ctx, () => pro);

beforeAll(async () => {
  pro = await monthlyPrice(ctx, 'Pro', 'x_pro_monthly', 1000);
});

describe('one-off invoices on the local stand-in', () => {
  it('bills a draft invoice’s item, finalizes it and pays it with the default card', async () => {
    const { customer } = await payer();
    let mark = ctx.received.length;
    const { draft, item } = await smsInvoice(customer.id, 1500);
    expect(draft).toMatchObject({
      object: 'invoice',
      status: 'draft',
      customer: customer.id,
      subscription: null,
      parent: null,
      billing_reason: 'manual',
      collection_method: 'charge_automatically',
      auto_advance: false,
      currency: 'gbp',
      description: '500 SMS credits',
      metadata: { kind: 'sms_credits', credits: '500' },
      number: null,
      hosted_invoice_url: null,
      amount_due: 0,
    });
    expect(item).toMatchObject({
      object: 'invoiceitem',
      invoice: draft.id,
      amount: 1500,
      currency: 'gbp',
      customer: customer.id,
      description: '500 SMS credits',
      proration: false,
      quantity: 1,
    });
    expect(typesSince(ctx, mark)).toEqual(['invoice.created', 'invoiceitem.created', 'invoice.updated']);
    expect(since(ctx, mark)[2].data.previous_attributes).toMatchObject({ amount_due: 0, total: 0 });

    const withItem = await ctx.stripe.invoices.retrieve(draft.id!);
    expect(withItem).toMatchObject({ status: 'draft', subtotal: 1500, total: 1500, amount_due: 1500 });
    expect(withItem.lines.data).toHaveLength(1);
    expect(withItem.lines.data[0]).toMatchObject({
      amount: 1500,
      description: '500 SMS credits',
      metadata: { kind: 'sms_credits' },
      subscription: null,
      parent: { type: 'invoice_item_details', invoice_item_details: { invoice_item: item.id } },
    });
    expect((await ctx.stripe.invoiceItems.retrieve(item.id)).invoice).toBe(draft.id);
    expect((await fetch(`${ctx.provider.url}/invoices/${draft.id}`)).status).toBe(404);

    mark = ctx.received.length;
    const open = await ctx.stripe.invoices.finalizeInvoice(draft.id!);
    expect(open).toMatchObject({ status: 'open', amount_due: 1500, amount_remaining: 1500 });
    expect(open.number).toMatch(/^LOCAL-\d{4}$/);
    expect(open.status_transitions.finalized_at).toEqual(expect.any(Number));
    expect(typesSince(ctx, mark)).toEqual(['invoice.finalized']);
    const again = await failure(ctx.stripe.invoices.finalizeInvoice(draft.id!));
    expect(again).toMatchObject({ statusCode: 400 });
    const late = await failure(
      ctx.stripe.invoiceItems.create({ customer: customer.id, invoice: draft.id!, amount: 1, currency: 'gbp' }),
    );
    expect(late).toMatchObject({ statusCode: 400, code: 'invoice_not_editable' });

    mark = ctx.received.length;
    const paid = await ctx.stripe.invoices.pay(open.id!);
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 1500, amount_remaining: 0, attempt_count: 1 });
    expect(typesSince(ctx, mark)).toEqual(['invoice.paid', 'invoice.payment_succeeded']);
    expect((since(ctx, mark)[0].data.object as Stripe.Invoice).metadata).toEqual({
      kind: 'sms_credits',
      credits: '500',
    });

    const listed = await ctx.stripe.invoices.list({ customer: customer.id });
    expect(listed.data.map((i) => i.id)).toEqual([open.id]);
    const page = await fetch(paid.hosted_invoice_url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(paid.number!);
    expect(html).toContain('500 SMS credits');
    const pdf = Buffer.from(await (await fetch(paid.invoice_pdf!)).arrayBuffer());
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    expect(pdfPages(pdf).join('\n')).toContain('£15.00');
  });

  it('declines the 0341 card (402, invoice.payment_failed), then voids the open invoice', async () => {
    const { customer } = await payer(FAILING_CARD);
    const { draft } = await smsInvoice(customer.id, 900);
    await ctx.stripe.invoices.finalizeInvoice(draft.id!);
    let mark = ctx.received.length;
    await expectDeclined(ctx.stripe.invoices.pay(draft.id!));
    expect(typesSince(ctx, mark)).toEqual(['invoice.payment_failed']);
    expect(await ctx.stripe.invoices.retrieve(draft.id!)).toMatchObject({
      status: 'open',
      attempted: true,
      attempt_count: 1,
      amount_paid: 0,
    });

    mark = ctx.received.length;
    const voided = await ctx.stripe.invoices.voidInvoice(draft.id!);
    expect(voided).toMatchObject({ status: 'void', amount_remaining: 0, amount_paid: 0 });
    expect(voided.status_transitions.voided_at).toEqual(expect.any(Number));
    expect(typesSince(ctx, mark)).toEqual(['invoice.voided']);
    expect(await failure(ctx.stripe.invoices.pay(draft.id!))).toMatchObject({ statusCode: 400 });
    expect(await failure(ctx.stripe.invoices.voidInvoice(draft.id!))).toMatchObject({ statusCode: 400 });
    expect((await ctx.stripe.invoices.list({ customer: customer.id })).data[0]).toMatchObject({ status: 'void' });
    expect((await fetch(voided.hosted_invoice_url!)).status).toBe(200);
  });

  it('replays a request sent again with the same idempotency key, and refuses the key for another request', async () => {
    const { customer } = await payer();
    const params = { customer: customer.id, currency: 'gbp', description: 'Credits' };
    const first = await ctx.stripe.invoices.create(params, { idempotencyKey: 'buy-1:invoice' });
    const again = await ctx.stripe.invoices.create(params, { idempotencyKey: 'buy-1:invoice' });
    expect(again.id).toBe(first.id);
    expect((await ctx.stripe.invoices.list({ customer: customer.id })).data).toHaveLength(1);
    const other = await failure(
      ctx.stripe.invoices.create({ ...params, description: 'Other' }, { idempotencyKey: 'buy-1:invoice' }),
    );
    expect(other).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
  });

  it('signs every billing webhook with the billing endpoint’s own secret', () => {
    expect(ctx.refused).toEqual([]);
  });
});

describe('coupons, discounts and invoice items in the state file', () => {
  it('come back after a restart', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-stripe-extras-'));
    const file = path.join(dir, 'stripe.json');
    try {
      const first = await startLocalProvider({ webhookUrl: 'http://127.0.0.1:9/unset', stateFile: file });
      const stripe = sdkFor(first);
      const price = await monthlyPrice({ stripe }, 'Pro', 'pro_monthly', 1000);
      const customer = await stripe.customers.create({ email: 'ada@example.com' });
      const card = await saveCard({ stripe }, customer.id, '4242 4242 4242 4242');
      await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: card } });
      const coupon = await stripe.coupons.create({ percent_off: 20, duration: 'forever' });
      const sub = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        discounts: [{ coupon: coupon.id }],
      });
      const draft = await stripe.invoices.create({ customer: customer.id, currency: 'gbp' });
      const item = await stripe.invoiceItems.create({
        customer: customer.id,
        invoice: draft.id!,
        amount: 700,
        currency: 'gbp',
      });
      await first.close();

      const again = await startLocalProvider({ webhookUrl: 'http://127.0.0.1:9/unset', stateFile: file });
      const stripe2 = sdkFor(again);
      try {
        expect(await stripe2.coupons.retrieve(coupon.id)).toMatchObject({ percent_off: 20, times_redeemed: 1 });
        const back = await stripe2.subscriptions.retrieve(sub.id, { expand: ['discounts', 'latest_invoice'] });
        expect((back.discounts[0] as Stripe.Discount).source.coupon).toBe(coupon.id);
        expect(back.latest_invoice).toMatchObject({ total: 800, total_discount_amounts: [{ amount: 200 }] });
        expect(await stripe2.invoiceItems.retrieve(item.id)).toMatchObject({ amount: 700, invoice: draft.id });
        const open = await stripe2.invoices.finalizeInvoice(draft.id!);
        expect(open.hosted_invoice_url).toBe(`${again.url}/invoices/${draft.id}`);
        expect(await stripe2.invoices.pay(draft.id!)).toMatchObject({ status: 'paid', amount_paid: 700 });
      } finally {
        await again.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
