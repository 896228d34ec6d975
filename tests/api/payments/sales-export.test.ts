import ExcelJS from 'exceljs';
import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { pdfPages } from '../../helpers/pdf-text';
import { newClient, newProduct, sell } from '../../helpers/payments-studio';

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
  const ann = await newClient(owner, 'Ann');
  const shampoo = await newProduct(owner, 800, null, 'Shampoo');
  const evil = await newProduct(owner, 250, null, '=cmd|"/c calc"!A1');
  await sell(
    owner,
    ann,
    [
      { kind: 'product', id: shampoo, quantity: 2 },
      { kind: 'product', id: evil },
    ],
    1850,
  );
  const { saleId } = await sell(owner, ann, [{ kind: 'product', id: shampoo }], 800);
  expect((await owner.request('DELETE', `/api/v1/sales/${saleId}`, { reason: 'Returned' })).statusCode).toBe(200);
  const { agent: other } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
  await sell(other, await newClient(other, 'Stranger'), [{ kind: 'product', id: await newProduct(other, 99_900) }], 0);
});
afterAll(async () => t.close());

const exported = (agent: Agent, body: Record<string, unknown>) => agent.post('/api/v1/sales/export', body);

describe('POST /api/v1/sales/export', () => {
  it('writes the sales as CSV with their items, amounts in pounds, what was paid after the refund, and totals', async () => {
    const res = await exported(owner, { format: 'csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="sales-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('Date,Client,Items,Discount (GBP),Amount (GBP),Paid (GBP)');
    expect(lines[1]).toMatch(/^[\d-]{10},Ann Ledger,"Shampoo × 2, =cmd\|""\/c calc""!A1",0,18.5,18.5$/);
    expect(lines[2]).toMatch(/^[\d-]{10},Ann Ledger,Shampoo,0,8,0$/);
    expect(lines.slice(-2)).toEqual(['Sales,,,,26.5,', 'Paid,,,,18.5,']);
    expect(res.body).not.toContain('Stranger');
  });

  it('neutralises an item list that starts with a formula, in CSV and XLSX', async () => {
    const { saleId } = await sell(
      owner,
      await newClient(owner, 'Cy'),
      [{ kind: 'product', id: await newProduct(owner, 100, null, '@SUM(1)') }],
      100,
    );
    const csv = (await exported(owner, { format: 'csv', search: 'cy' })).body;
    expect(csv.split('\n')[1]).toMatch(/,Cy Ledger,'@SUM\(1\),/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exported(owner, { format: 'xlsx', search: 'cy' })).rawPayload as never);
    const row = workbook.getWorksheet('sales')!.getRow(2).values as unknown[];
    expect(row.slice(2, 7)).toEqual(['Cy Ledger', "'@SUM(1)", 0, 1, 1]);
    expect(saleId).toBeGreaterThan(0);
  });

  it('prints a PDF in Ukrainian for an owner reading the app in it: the heading, the business name, the period and the totals', async () => {
    owner.locale = 'uk';
    try {
      const res = await exported(owner, { format: 'pdf', from: '2020-01-01', to: '2099-12-31' });
      expect(res.headers['content-type']).toBe('application/pdf');
      const text = pdfPages(res.rawPayload).join('\n');
      for (const part of ['Продажі', 'Test User', 'Товари', 'Shampoo × 2', 'Оплачено', 'Сторінка 1', '2020 р.'])
        expect(text).toContain(part);
      expect(text).not.toContain('Stranger');
    } finally {
      owner.locale = 'en';
    }
  });
});
