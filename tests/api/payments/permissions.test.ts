import { nowIso } from '../../../src/server/db/database';
import { Agent, createUser, testApp, type TestApp } from '../../helpers/app';
import { book, checkout, newClient, newGiftVoucher, newProduct, newService } from '../../helpers/payments-studio';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

async function account(plan_name: string | null, more: Record<string, unknown> = {}) {
  const u = await createUser(t.app, { plan_name: plan_name ?? undefined });
  if (plan_name === null || Object.keys(more).length)
    await t.app.db
      .updateTable('users')
      .set({ ...(plan_name === null ? { plan_name: null } : {}), ...more })
      .where('id', '=', u.id)
      .execute();
  const agent = new Agent(t.app);
  expect((await agent.login(u.email, u.password)).statusCode).toBe(200);
  return { ...u, agent };
}

describe('who may use payments', () => {
  it('a read-only owner reads their payments but cannot check out or refund (403 in words)', async () => {
    const owner = await account('Lite Monthly');
    const client = await newClient(owner.agent, 'Ro');
    const paid = await checkout(owner.agent, { client_id: client, payments: [{ method: 'cash', amount: 900 }] });
    await t.app.db
      .updateTable('users')
      .set({ subscription_status: 'expired', stage: 'unsubscriber' } as never)
      .where('id', '=', owner.id)
      .execute();
    const refused = await checkout(owner.agent, { client_id: client, payments: [{ method: 'cash', amount: 100 }] });
    expect(refused.code).toBe(403);
    expect(refused.body.message).toMatch(/Read Only Mode/);
    expect((await owner.agent.delete(`/api/v1/payments/${paid.body.data.payments[0].id}`)).statusCode).toBe(403);
    expect((await owner.agent.get('/api/v1/payments')).json().meta.total).toBe(1);
  });

  it('an administrator, who owns no business, is refused', async () => {
    const admin = await account(null, { is_admin: 1 });
    expect((await admin.agent.get('/api/v1/payments')).statusCode).toBe(403);
    expect((await admin.agent.post('/api/v1/payments', { client_id: 1, payments: [] })).statusCode).toBe(403);
  });

  it('a card deposit taken online is refunded through the provider, not by deleting it here', async () => {
    const owner = await account('Business Monthly');
    const service = await newService(owner.agent, 3500);
    const client = await newClient(owner.agent, 'Dep');
    const a = await book(owner.agent, service, [client]);
    const deposit = await t.app.db
      .insertInto('payments')
      .values({
        user_id: owner.id,
        appointment_id: a,
        client_id: client,
        type: 'appointment',
        method: 'card',
        provider: 'stripe',
        provider_ref: 'pi_test_deposit',
        amount: 1000,
        currency: 'gbp',
        date: '2026-01-05',
        created_at: nowIso(),
        checkout_id: null,
        refund_of: null,
        reason: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await owner.agent.delete(`/api/v1/payments/${deposit.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('A payment taken online is refunded through the online payment provider.');
    // The deposit counts towards the appointment: the rest can be checked out.
    const rest = await checkout(owner.agent, {
      client_id: client,
      appointment_ids: [a],
      payments: [{ method: 'cash', amount: 2500 }],
    });
    expect(rest.code).toBe(201);
  });

  it('sales are every plan’s: Lite sells products, not gift vouchers (403 in words); read-only cannot refund a sale', async () => {
    const lite = await account('Lite Monthly');
    const business = await account('Business Monthly');
    const client = await newClient(lite.agent, 'Li');
    const sold = await checkout(lite.agent, {
      client_id: client,
      items: [{ kind: 'product', id: await newProduct(lite.agent, 400) }],
      payments: [{ method: 'cash', amount: 400 }],
    });
    expect(sold.code).toBe(201);
    // A Business owner's voucher is not Lite's to sell, and Lite has no gift vouchers of its own.
    const voucher = await newGiftVoucher(business.agent, 1000);
    const refused = await checkout(lite.agent, {
      client_id: client,
      items: [{ kind: 'gift_voucher', id: voucher }],
      payments: [],
    });
    expect(refused.code).toBe(403);
    expect(refused.body.message).toMatch(/Business/);
    await t.app.db
      .updateTable('users')
      .set({ subscription_status: 'expired', stage: 'unsubscriber' } as never)
      .where('id', '=', lite.id)
      .execute();
    expect((await lite.agent.get(`/api/v1/sales/${sold.body.data.sale_id}`)).statusCode).toBe(200);
    expect((await lite.agent.delete(`/api/v1/sales/${sold.body.data.sale_id}`)).statusCode).toBe(403);
  });
});
