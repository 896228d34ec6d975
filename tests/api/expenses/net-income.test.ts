import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { pdfPages } from '../../helpers/pdf-text';
import { book, checkout, newClient, newService } from '../../helpers/payments-studio';

/** Net income: the ledger's income less expenses and mileage, by month, tax-year quarter and tax year. */
let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await testApp();
  owner = (await loggedIn(t.app, { plan_name: 'Business Monthly' })).agent;
  const ann = await newClient(owner, 'Ann');
  const visit = await book(owner, await newService(owner, 5000), [ann]);
  // Paid today: the ledger dates a payment the owner's today.
  await checkout(owner, { client_id: ann, appointment_ids: [visit], payments: [{ method: 'cash', amount: 5000 }] });
});
afterAll(async () => t.close());

const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });

describe('GET /api/v1/payments/net-income', () => {
  it('takes expenses and mileage off the month’s income, listing every month of the period', async () => {
    const day = today();
    for (const body of [
      { category: 'rent', amount: 1200, date: day },
      { category: 'supplies', amount: 300, date: day },
      { type: 'mileage', from_location: 'A', to_location: 'B', miles: 10, date: day },
    ])
      expect((await owner.post('/api/v1/expenses', body)).statusCode).toBe(201);
    const month = day.slice(0, 7);
    const res = await owner.get(`/api/v1/payments/net-income?from=${month}-01&to=${day}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().rows).toEqual([
      expect.objectContaining({ period: month, income: 5000, expenses: 1500, mileage: 450, net: 3050 }),
    ]);
    expect(res.json().total).toEqual({ income: 5000, expenses: 1500, mileage: 450, net: 3050 });
  });

  it('sums by quarters of the tax year and by tax year, 6 April to 5 April', async () => {
    for (const [date, amount] of [
      ['2025-04-05', 100],
      ['2025-04-06', 200],
      ['2025-07-05', 400],
      ['2025-07-06', 800],
      ['2026-04-05', 1600],
    ] as const)
      await owner.post('/api/v1/expenses', { category: 'other', amount, date });
    const q = (await owner.get('/api/v1/payments/net-income?from=2025-04-06&to=2026-04-05&period=quarter')).json();
    expect(
      q.rows.map((r: { period: string; from: string; to: string; expenses: number }) => [
        r.period,
        r.from,
        r.to,
        r.expenses,
      ]),
    ).toEqual([
      ['2025-26 Q1', '2025-04-06', '2025-07-05', 600],
      ['2025-26 Q2', '2025-07-06', '2025-10-05', 800],
      ['2025-26 Q3', '2025-10-06', '2026-01-05', 0],
      ['2025-26 Q4', '2026-01-06', '2026-04-05', 1600],
    ]);
    const y = (await owner.get('/api/v1/payments/net-income?from=2024-04-06&to=2026-04-05&period=tax_year')).json();
    expect(y.rows.map((r: { period: string; expenses: number; net: number }) => [r.period, r.expenses, r.net])).toEqual(
      [
        ['2024-25', 100, -100],
        ['2025-26', 3000, -3000],
      ],
    );
  });

  it('refuses a period that ends before it starts, or spans more than ten years, and shows another owner nothing', async () => {
    const back = await owner.get('/api/v1/payments/net-income?from=2026-05-01&to=2026-04-01');
    expect(back.statusCode).toBe(422);
    expect(back.json().errors.to).toEqual(['The end of the period cannot be before its start.']);
    expect((await owner.get('/api/v1/payments/net-income?from=2000-01-01&to=2026-01-01')).statusCode).toBe(422);
    expect((await owner.get('/api/v1/payments/net-income?period=week')).statusCode).toBe(422);
    const other = (await loggedIn(t.app)).agent;
    expect((await other.get('/api/v1/payments/net-income')).json().total).toEqual({
      income: 0,
      expenses: 0,
      mileage: 0,
      net: 0,
    });
  });
});

describe('POST /api/v1/payments/net-income/export', () => {
  const body = { from: '2025-04-06', to: '2026-04-05', period: 'quarter' };

  it('writes the periods and the totals as CSV, in major units under headings naming the currency', async () => {
    const res = await owner.post('/api/v1/payments/net-income/export', { ...body, format: 'csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="net-income-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Period,Income (GBP),Expenses (GBP),Mileage (GBP),Net income (GBP)');
    expect(lines[1]).toBe('6 Apr 2025 – 5 Jul 2025,0,6,0,-6');
    expect(lines).toHaveLength(1 + 4 + 1 + 4);
    expect(lines.slice(-4)).toEqual(['Income,,,,0', 'Expenses,,,,30', 'Mileage,,,,0', 'Net income,,,,-30']);
  });

  it('writes Excel and a PDF in the reader’s language', async () => {
    const xlsx = await owner.post('/api/v1/payments/net-income/export', { ...body, format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    owner.locale = 'uk';
    const pdf = await owner.post('/api/v1/payments/net-income/export', { ...body, format: 'pdf' });
    owner.locale = 'en';
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfPages(pdf.rawPayload).join('\n');
    expect(text).toContain('Чистий дохід');
    expect(text).toContain('-30,00');
  });

  it('refuses a backwards period and an unknown format', async () => {
    const back = await owner.post('/api/v1/payments/net-income/export', {
      format: 'csv',
      from: '2026-05-01',
      to: '2026-04-01',
    });
    expect(back.statusCode).toBe(422);
    const bad = await owner.post('/api/v1/payments/net-income/export', { format: 'doc' });
    expect(bad.statusCode).toBe(422);
  });
});

describe('net income follows expenses as they change', () => {
  it('counts an expense edited, moved to another month, turned into a trip and deleted', async () => {
    const month = async (m: string) =>
      (
        (await owner.get('/api/v1/payments/net-income?year=2023&period=month')).json().rows as Array<
          Record<string, number | string>
        >
      ).find((r) => r.period === m)!;
    const res = await owner.post('/api/v1/expenses', { category: 'supplies', amount: 700, date: '2023-08-10' });
    const id = res.json().data.id as number;
    expect(await month('2023-08')).toMatchObject({ expenses: 700, net: -700 });
    await owner.put(`/api/v1/expenses/${id}`, { category: 'supplies', amount: 900, date: '2023-08-10' });
    expect((await month('2023-08')).expenses).toBe(900);
    await owner.put(`/api/v1/expenses/${id}`, { category: 'supplies', amount: 900, date: '2023-09-02' });
    expect([(await month('2023-08')).expenses, (await month('2023-09')).expenses]).toEqual([0, 900]);
    await owner.put(`/api/v1/expenses/${id}`, {
      type: 'mileage',
      from_location: 'A',
      to_location: 'B',
      miles: 10,
      date: '2023-09-02',
    });
    expect(await month('2023-09')).toMatchObject({ expenses: 0, mileage: 450 });
    await owner.delete(`/api/v1/expenses/${id}`);
    expect(await month('2023-09')).toMatchObject({ expenses: 0, mileage: 0 });
    // Whole months and the tax year's first days (6–30 April) add up to the same as summing every day.
    await owner.post('/api/v1/expenses', { category: 'rent', amount: 100, date: '2023-04-06' });
    await owner.post('/api/v1/expenses', { category: 'rent', amount: 200, date: '2024-04-05' });
    const year = (await owner.get('/api/v1/payments/net-income?year=2023&period=tax_year')).json();
    expect(year.rows).toEqual([expect.objectContaining({ period: '2023-24', expenses: 300 })]);
  });
});
