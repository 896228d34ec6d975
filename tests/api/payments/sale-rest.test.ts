import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { book, checkout, newClient, newProduct, newService, sell } from '../../helpers/payments-studio';

/** The rest of a part-paid sale is paid at a later checkout, alone or with an appointment. */
let t: TestApp;
let owner: Agent;
let ownerId: number;
beforeAll(async () => {
  t = await testApp();
  const signed = await loggedIn(t.app, { plan_name: 'Business Monthly' });
  owner = signed.agent;
  ownerId = signed.user.id;
});
afterAll(async () => t.close());

const ledger = () => t.app.db.selectFrom('payments').selectAll().where('user_id', '=', ownerId).execute();
const owingSale = async (clientId: number) =>
  (await owner.get(`/api/v1/payments/left-to-pay/sale?client_id=${clientId}`)).json().data as Array<{
    id: number;
    left_to_pay: number;
  }>;

describe('paying the rest of a sale', () => {
  it('settles what a sale still owes, with an appointment; the discount is not taken off the earlier sale', async () => {
    const ann = await newClient(owner, 'Ann');
    const { saleId } = await sell(owner, ann, [{ kind: 'product', id: await newProduct(owner, 1400) }], 700);
    expect(await owingSale(ann)).toEqual([expect.objectContaining({ id: saleId, left_to_pay: 700 })]);
    const visit = await book(owner, await newService(owner, 3000), [ann]);

    const both = await checkout(owner, {
      client_id: ann,
      appointment_ids: [visit],
      sale_ids: [saleId],
      discount: { kind: 'fixed', value: 500 },
      payments: [{ method: 'card', amount: 3200 }],
    });
    expect(both.code).toBe(201);
    expect(both.body.data).toMatchObject({ owed: 3700, discount: 500, paid: 3200 });
    expect(both.body.data.payments).toEqual([
      expect.objectContaining({ appointment_id: visit, sale_id: null, amount: 2500, type: 'combined' }),
      expect.objectContaining({ appointment_id: null, sale_id: saleId, amount: 700, type: 'combined' }),
    ]);
    expect(await owingSale(ann)).toEqual([]);
    expect((await owner.get(`/api/v1/sales/${saleId}`)).json().data).toMatchObject({ paid: 1400 });
  });

  it('refuses more than the sale owes, a sale with nothing left, and another client’s sale; nothing is written', async () => {
    const bo = await newClient(owner, 'Bo');
    const cy = await newClient(owner, 'Cy');
    const part = await sell(owner, bo, [{ kind: 'product', id: await newProduct(owner, 1000) }], 400);
    const whole = await sell(owner, bo, [{ kind: 'product', id: await newProduct(owner, 500) }], 500);
    const before = await ledger();
    const over = await checkout(owner, {
      client_id: bo,
      sale_ids: [part.saleId],
      payments: [{ method: 'cash', amount: 601 }],
    });
    expect(over.code).toBe(422);
    const nothing = await checkout(owner, {
      client_id: bo,
      sale_ids: [whole.saleId],
      payments: [{ method: 'cash', amount: 1 }],
    });
    expect(nothing.code).toBe(422);
    expect(nothing.body.errors.sale_ids).toEqual(['Nothing is left to pay for this sale.']);
    const notHers = await checkout(owner, {
      client_id: cy,
      sale_ids: [part.saleId],
      payments: [{ method: 'cash', amount: 100 }],
    });
    expect(notHers.code).toBe(422);
    const other = (await loggedIn(t.app, { plan_name: 'Business Monthly' })).agent;
    const theirs = await newClient(other, 'Flo');
    expect(
      (
        await checkout(other, {
          client_id: theirs,
          sale_ids: [part.saleId],
          payments: [{ method: 'cash', amount: 100 }],
        })
      ).code,
    ).toBe(404);
    expect(await ledger()).toEqual(before);
    // The rest, exactly: the sale is paid.
    const rest = await checkout(owner, {
      client_id: bo,
      sale_ids: [part.saleId],
      payments: [{ method: 'cash', amount: 600 }],
    });
    expect(rest.code).toBe(201);
    expect(rest.body.data.payments).toEqual([
      expect.objectContaining({ sale_id: part.saleId, type: 'sale', amount: 600 }),
    ]);
  });
});
