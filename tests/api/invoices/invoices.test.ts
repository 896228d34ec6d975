import { runInvoiceStatuses } from '../../../src/server/jobs/invoices';
import { hourlyJobs } from '../../../src/server/jobs/schedule';
import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { pdfPages } from '../../helpers/pdf-text';
import { book, checkout, newClient, newService } from '../../helpers/payments-studio';

/** Invoices: numbering, the PDF, sending, cancelling, paying, automatic invoices and the plan gate. */
let t: TestApp;
let owner: Agent;
let ownerId: number;
beforeAll(async () => {
  t = await testApp();
  ({
    agent: owner,
    user: { id: ownerId },
  } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
});
afterAll(async () => t.close());

const manual = (over: Record<string, unknown> = {}) => ({
  bill_to: 'Acme Ltd\n1 High Street\nLeeds',
  bill_to_email: 'accounts@acme.test',
  date: '2026-11-02',
  items: [
    { title: 'Coaching session', quantity: 3, unit_price: 4500 },
    { title: 'Workbook', quantity: 1, unit_price: 1250 },
  ],
  ...over,
});
const create = async (over: Record<string, unknown> = {}) => {
  const res = await owner.post('/api/v1/invoices', manual(over));
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as Record<string, unknown> & { id: number; number: string };
};

describe('invoices', () => {
  it('numbers from the counter, totals the items, dates it due and starts as a draft', async () => {
    const a = await create();
    expect(a).toMatchObject({
      number: 'INV-0001',
      type: 'manual',
      status: 'draft',
      total: 14750,
      paid: 0,
      due_date: '2026-11-16',
      bill_to_email: 'accounts@acme.test',
    });
    expect((a.items as Array<{ amount: number }>).map((i) => i.amount)).toEqual([13500, 1250]);
    expect((await create()).number).toBe('INV-0002');
  });

  it('refuses a typed number the owner already has, in the spec’s words, and writes nothing', async () => {
    const before = await t.app.db.selectFrom('invoices').select('id').execute();
    const res = await owner.post('/api/v1/invoices', manual({ number: 'INV-0001' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.number).toEqual(['Invoice number must be unique.']);
    expect(await t.app.db.selectFrom('invoices').select('id').execute()).toHaveLength(before.length);
    // A typed number of its own is kept, and the counter goes on where it was.
    expect((await create({ number: 'ACME-7' })).number).toBe('ACME-7');
    expect((await create()).number).toBe('INV-0003');
  });

  it('refuses bad input with field messages: no party, a due date before the date, no items', async () => {
    const none = await owner.post('/api/v1/invoices', manual({ bill_to: null }));
    expect(none.json().errors.bill_to).toEqual(['Choose a client or type who the invoice is for.']);
    const due = await owner.post('/api/v1/invoices', manual({ due_date: '2026-11-01' }));
    expect(due.json().errors.due_date).toEqual(['The due date cannot be before the invoice\u2019s date.']);
    const empty = await owner.post('/api/v1/invoices', manual({ items: [] }));
    expect(empty.statusCode).toBe(422);
    const inf = await owner.post(
      '/api/v1/invoices',
      manual({ items: [{ title: 'x', quantity: 1, unit_price: 1e300 }] }),
    );
    expect(inf.statusCode).toBe(422);
  });

  it('gives 20 concurrent invoices distinct numbers with no gap', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => owner.post('/api/v1/invoices', manual())));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const numbers = answers.map((r) => r.json().data.number as string).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `INV-${String(4 + i).padStart(4, '0')}`));
  });

  it('renders a PDF with the number, the totals and Ukrainian text', async () => {
    const inv = await create({
      bill_to: 'Олена Коваленко\nвул. Хрещатик, 1, Київ',
      items: [{ title: 'Стрижка та укладка', quantity: 2, unit_price: 3000 }],
    });
    owner.locale = 'uk';
    const res = await owner.get(`/api/v1/invoices/${inv.id}/pdf`);
    owner.locale = 'en';
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`invoice-${inv.number}.pdf`);
    const text = pdfPages(res.rawPayload).join('\n');
    expect(text).toContain(inv.number);
    expect(text).toContain('Стрижка та укладка');
    expect(text).toContain('Олена Коваленко');
    expect(text).toContain('Разом');
    expect(text).toMatch(/60,00/);
  });

  it('sends with the PDF, records the message, resends, and refuses to send without an email', async () => {
    // Due long after today, so it is sent and not yet overdue.
    const inv = await create({ date: '2099-11-02' });
    const sent = await owner.post(`/api/v1/invoices/${inv.id}/send`, {});
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ message: 'Invoice sent.', data: { status: 'sent' } });
    const mail = await t.app.db
      .selectFrom('outbox')
      .selectAll()
      .where('type', '=', 'invoice')
      .where('user_id', '=', ownerId)
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ recipient: 'accounts@acme.test', subject: expect.stringContaining(inv.number) });
    expect((await owner.post(`/api/v1/invoices/${inv.id}/send`, {})).statusCode).toBe(200);
    const none = await create({ bill_to_email: null });
    const refused = await owner.post(`/api/v1/invoices/${none.id}/send`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.bill_to_email).toEqual(['There is no email to send this invoice to.']);
  });

  it('goes overdue after its due date, is paid from the ledger, and a refund makes it owed again', async () => {
    const inv = await create({ date: '2026-01-05', due_date: '2026-01-10' });
    await owner.post(`/api/v1/invoices/${inv.id}/send`, {});
    expect((await owner.get(`/api/v1/invoices/${inv.id}`)).json().data.status).toBe('overdue');
    const part = await owner.post(`/api/v1/invoices/${inv.id}/payments`, { method: 'bank_transfer', amount: 4750 });
    expect(part.json().data).toMatchObject({ status: 'overdue', paid: 4750 });
    const over = await owner.post(`/api/v1/invoices/${inv.id}/payments`, { method: 'cash', amount: 10001 });
    expect(over.statusCode).toBe(422);
    const rest = await owner.post(`/api/v1/invoices/${inv.id}/payments`, { method: 'cash' });
    expect(rest.json().data).toMatchObject({ status: 'paid', paid: 14750 });
    const rows = await t.app.db.selectFrom('payments').selectAll().where('invoice_id', '=', inv.id).execute();
    expect(rows.map((r) => [r.type, r.method, r.amount])).toEqual([
      ['standalone', 'bank_transfer', 4750],
      ['standalone', 'cash', 10000],
    ]);
    expect((await owner.post(`/api/v1/invoices/${inv.id}/cancel`, {})).statusCode).toBe(422);
    expect((await owner.delete(`/api/v1/payments/${rows[1].id}`)).statusCode).toBe(200);
    expect((await owner.get(`/api/v1/invoices/${inv.id}`)).json().data).toMatchObject({
      status: 'overdue',
      paid: 4750,
    });
  });

  it('the job marks a sent invoice overdue once the owner’s today passes its due date', async () => {
    // Dates to come, from today on: sent before its due date, the invoice is not yet overdue whenever this runs.
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const inv = await create({ date: day(20), due_date: day(30) });
    await owner.post(`/api/v1/invoices/${inv.id}/send`, {});
    expect((await owner.get(`/api/v1/invoices/${inv.id}`)).json().data.status).toBe('sent');
    const told: number[] = [];
    const tell = async (o: { invoiceId: number }) => void told.push(o.invoiceId);
    await runInvoiceStatuses(t.app.db, Date.parse(`${day(30)}T12:00:00Z`), tell);
    expect((await owner.get(`/api/v1/invoices/${inv.id}`)).json().data.status).toBe('sent');
    await runInvoiceStatuses(t.app.db, Date.parse(`${day(31)}T12:00:00Z`), tell);
    expect((await owner.get(`/api/v1/invoices/${inv.id}`)).json().data.status).toBe('overdue');
    // Once: a later run finds it overdue already.
    await runInvoiceStatuses(t.app.db, Date.parse(`${day(32)}T12:00:00Z`), tell);
    expect(told).toEqual([inv.id]);
  });

  it('the hourly check tells the owner’s bell of an invoice that became overdue, linking to it', async () => {
    const due = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const inv = await create({ due_date: due });
    await owner.post(`/api/v1/invoices/${inv.id}/send`, {});
    // Days later: its due date has passed, still sent.
    const past = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    await t.app.db.updateTable('invoices').set({ due_date: past }).where('id', '=', inv.id).execute();
    await hourlyJobs(t.app)['invoices.statuses'](null, null as never);
    await hourlyJobs(t.app)['invoices.statuses'](null, null as never);
    const bell = (await owner.get('/api/v1/user/notifications')).json().data as Array<Record<string, string>>;
    const number = (await owner.get(`/api/v1/invoices/${inv.id}`)).json().data.number as string;
    expect(bell.filter((n) => n.kind === 'invoiceOverdue')).toEqual([
      expect.objectContaining({
        text: `Invoice ${number} is overdue: its due date has passed and it is not paid in full.`,
        link: `/financials/invoices/${inv.id}`,
      }),
    ]);
  });

  it('cancels and keeps an invoice; deletes only the latest draft', async () => {
    const older = await create();
    const latest = await create();
    const refused = await owner.delete(`/api/v1/invoices/${older.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('Cancel this invoice instead');
    const cancelled = await owner.post(`/api/v1/invoices/${older.id}/cancel`, {});
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', number: older.number });
    expect((await owner.post(`/api/v1/invoices/${older.id}/cancel`, {})).statusCode).toBe(422);
    expect((await owner.post(`/api/v1/invoices/${older.id}/send`, {})).statusCode).toBe(422);
    expect((await owner.delete(`/api/v1/invoices/${latest.id}`)).statusCode).toBe(200);
    expect((await create()).number).toBe(latest.number);
  });

  it('writes an invoice for a checkout when auto-invoicing is on, sends it, and lists it on the client page', async () => {
    const settings = await owner.put('/api/v1/user/invoice-settings', {
      prefix: 'S-',
      start_number: 100,
      due_days: 7,
      auto_invoicing: true,
      auto_send: true,
      colour: '#AA3366',
      footer: 'Thank you for your business',
      bank_details: 'Sort code 00-00-00',
      business_name: 'Studio Nine',
    });
    expect(settings.statusCode).toBe(200);
    const res = await owner.post('/api/v1/clients', { first_name: 'Ann', last_name: 'Lee', email: 'ann@lee.test' });
    const ann = res.json().data.id as number;
    const service = await newService(owner, 4000, 'Cut and finish');
    const a = await book(owner, service, [ann], '2026-11-10');
    const done = await checkout(owner, {
      client_id: ann,
      appointment_ids: [a],
      payments: [{ method: 'card', amount: 4000 }],
    });
    expect(done.code).toBe(201);
    const [inv] = (await owner.get(`/api/v1/clients/invoices/${ann}`)).json().data;
    expect(inv).toMatchObject({ number: 'S-0100', type: 'auto', status: 'paid', total: 4000, paid: 4000 });
    expect(inv.colour).toBe('#aa3366');
    const full = (await owner.get(`/api/v1/invoices/${inv.id}`)).json().data;
    expect(full.items[0].title).toMatch(/^Cut and finish — Tuesday 10 November 2026$/);
    expect(full.bank_details).toBe('Sort code 00-00-00');
    const mail = await t.app.db.selectFrom('outbox').selectAll().where('recipient', '=', 'ann@lee.test').execute();
    expect(mail.map((m) => m.type)).toEqual(['invoice']);
    // Refunding the checkout leaves the invoice owed again; it can then be cancelled.
    expect((await owner.delete(`/api/v1/payments/checkout/${done.body.data.id}`)).statusCode).toBe(200);
    expect((await owner.get(`/api/v1/invoices/${inv.id}`)).json().data).toMatchObject({ status: 'sent', paid: 0 });
    const payOnline = await owner.post(`/api/v1/invoices/${inv.id}/payments`, { method: 'cash' });
    expect(payOnline.json().message).toContain('take the rest at the checkout');
  });

  it('keeps another owner’s invoices out of reach', async () => {
    const inv = await create();
    const { agent: other } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    expect((await other.get(`/api/v1/invoices/${inv.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/v1/invoices/${inv.id}/pdf`)).statusCode).toBe(404);
    expect((await other.post(`/api/v1/invoices/${inv.id}/send`, {})).statusCode).toBe(404);
    expect((await other.delete(`/api/v1/invoices/${inv.id}`)).statusCode).toBe(404);
    const client = await newClient(owner, 'Zed');
    const billed = await other.post('/api/v1/invoices', manual({ client_id: client }));
    expect(billed.statusCode).toBe(422);
  });

  it('is for the Business and Premium plans: a lite owner gets 403 naming the Business plan', async () => {
    const { agent: lite } = await loggedIn(t.app, { plan_name: 'Lite Monthly' });
    for (const res of [
      await lite.post('/api/v1/invoices', manual()),
      await lite.get('/api/v1/invoices'),
      await lite.get('/api/v1/user/invoice-settings'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toContain('Business');
    }
  });
});

describe('invoice settings', () => {
  it('answers the next number the counter gives, and refuses one below the numbers used', async () => {
    const { agent } = await loggedIn(t.app, { plan_name: 'Premium Monthly' });
    const body = { prefix: 'A-', start_number: 5, due_days: 30, colour: '#112233' };
    expect((await agent.put('/api/v1/user/invoice-settings', body)).statusCode).toBe(200);
    await agent.post('/api/v1/invoices', manual());
    await agent.post('/api/v1/invoices', manual());
    const got = (await agent.get('/api/v1/user/invoice-settings')).json().data;
    expect(got).toMatchObject({ prefix: 'A-', start_number: 7, due_days: 30, auto_invoicing: false });
    const low = await agent.put('/api/v1/user/invoice-settings', { ...body, start_number: 6 });
    expect(low.statusCode).toBe(422);
    expect(low.json().errors.start_number).toEqual([
      'Invoices up to number 6 exist already: the next number must be 7 or more.',
    ]);
    expect((await agent.put('/api/v1/user/invoice-settings', { ...body, start_number: 40 })).statusCode).toBe(200);
    expect((await agent.post('/api/v1/invoices', manual())).json().data.number).toBe('A-0040');
    const bad = await agent.put('/api/v1/user/invoice-settings', { ...body, colour: 'red', prefix: '=1+2' });
    expect(bad.statusCode).toBe(422);
  });
});
