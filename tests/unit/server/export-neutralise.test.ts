import ExcelJS from 'exceljs';
import type { TFunction } from 'i18next';
import { exportRows, neutralised, unneutralised } from '../../../src/server/engine/export';

const t = ((key: string, opts?: { defaultValue?: string }) => opts?.defaultValue ?? key) as unknown as TFunction;

describe('export cells against formula injection', () => {
  it('quotes text starting with =, +, -, @, tab or carriage return and nothing else', () => {
    for (const text of ['=1+1', '+44 7700', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])
      expect(neutralised(text)).toBe(`'${text}`);
    for (const text of ['Anna', '', ' =1', 'a=b', '1-2', "'=already"]) expect(neutralised(text)).toBe(text);
  });

  it('undoes its own quote on import, and only its own', () => {
    for (const text of ['=1+1', '+44 7700', '-2+3', '@SUM(A1)', 'Anna', "'plain", ' =1'])
      expect(unneutralised(neutralised(text))).toBe(text);
    expect(unneutralised("'quoted")).toBe("'quoted");
  });

  it('writes a phone field’s E.164 number as it is, and anything else in it guarded', async () => {
    const rows = [
      { name: 'Ann', phone: '+380501234567' },
      { name: 'Bob', phone: '+1 =cmd' },
    ];
    const csv = (
      await exportRows('clients', ['name', 'phone'], rows, 'csv', t, '2026-11-24', undefined, [], ['phone'])
    ).body.toString('utf8');
    expect(csv.trim().split('\n').slice(1)).toEqual(['Ann,+380501234567', "Bob,'+1 =cmd"]);
  });

  it('keeps real negative numbers as numbers in CSV and XLSX', async () => {
    const rows = [{ title: '-Refund', amount: -1250 }];
    const csv = (await exportRows('expenses', ['title', 'amount'], rows, 'csv', t, '2026-11-24')).body.toString('utf8');
    expect(csv.trim().split('\n')[1]).toBe("'-Refund,-1250");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (await exportRows('expenses', ['title', 'amount'], rows, 'xlsx', t, '2026-11-24')).body as never,
    );
    const row = workbook.getWorksheet('expenses')!.getRow(2);
    expect(row.getCell(1).value).toBe("'-Refund");
    expect(row.getCell(2).value).toBe(-1250);
  });

  it('writes money in major units with the currency’s decimals, the heading naming the currency', async () => {
    const rows = [{ title: 'Cut', price: 2550 }];
    const csv = async (currency: string) =>
      (
        await exportRows('services', ['title', 'price'], rows, 'csv', t, '2026-11-24', { fields: ['price'], currency })
      ).body
        .toString('utf8')
        .trim()
        .split('\n');
    expect(await csv('gbp')).toEqual(['title,price (GBP)', 'Cut,25.5']);
    expect(await csv('JPY')).toEqual(['title,price (JPY)', 'Cut,2550']);
  });

  it("names the file for the owner's date it is given, not the server's", async () => {
    const file = await exportRows('clients', ['first_name'], [], 'csv', t, '2026-11-24');
    expect(file.filename).toBe('clients-2026-11-24.csv');
  });
});
