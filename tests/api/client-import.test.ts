import ExcelJS from 'exceljs';
import { Agent, loggedIn, testApp, type TestApp } from '../helpers/app';

/** Client import (spec §5, §7): a file matching the template, at most 250 contacts, all rows or none. */
let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
});
afterAll(async () => t.close());

const upload = (agent: Agent, file: Buffer, name: string, preview = false, locale = 'en') => {
  const boundary = '----soloist-import';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/user/import-clients${preview ? '?preview=1' : ''}`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-xsrf-token': agent.cookies['XSRF-TOKEN'],
      'x-locale': locale,
    },
    cookies: agent.cookies,
  });
};
const csv = (lines: string[]) => Buffer.from(lines.join('\r\n'));
const total = async (agent = owner) => (await agent.get('/api/v1/clients?per_page=1')).json().meta.total as number;

describe('POST /api/v1/user/import-clients', () => {
  it('imports 20 contacts from a CSV with the template’s headings, phones in E.164, consent read as yes/no', async () => {
    const rows = Array.from(
      { length: 20 },
      (_, i) =>
        `Client${i},Imported,client${i}@example.com,07700 9001${String(i).padStart(2, '0')},${i % 2 ? 'yes' : ''}`,
    );
    const file = csv(['First name,Last name,Email,Phone,Marketing messages', ...rows]);
    const preview = await upload(owner, file, 'clients.csv', true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ importable: 20, duplicates: 0, invalid: 0 });
    expect(await total()).toBe(0); // a preview writes nothing
    const res = await upload(owner, file, 'clients.csv');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ data: { imported: 20, skipped: 0 }, message: '20 clients imported' });
    const found = (await owner.get('/api/v1/clients?search=client3%40example.com')).json().data[0];
    expect(found).toMatchObject({ first_name: 'Client3', phone: '+447700900103', marketing_messages: true });
  });

  it('reports duplicates by email or phone, of existing clients and of earlier rows, and leaves them out', async () => {
    const file = csv([
      'first_name,email,phone',
      'Again,client0@example.com,',
      'Phone twin,,+44 7700 900101',
      'New one,new1@example.com,',
      'New one twice,NEW1@example.com,',
    ]);
    const preview = (await upload(owner, file, 'more.csv', true)).json();
    expect(preview.rows.map((r: { duplicate: string | null }) => r.duplicate)).toEqual([
      'A client with this email exists already',
      'A client with this phone number exists already',
      null,
      'The same email as row 4',
    ]);
    const before = await total();
    expect((await upload(owner, file, 'more.csv')).json().data).toEqual({ imported: 1, skipped: 3 });
    expect(await total()).toBe(before + 1);
  });

  it('one bad row imports nothing, and says which row and why', async () => {
    const before = await total();
    const res = await upload(
      owner,
      csv(['First name,Email,Phone', 'Good,good@example.com,', 'Bad,not-an-email,', 'Lonely,,']),
      'bad.csv',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['rows.3.email'][0]).toMatch(/^Row 3: .*email/i);
    expect(res.json().errors['rows.4'][0]).toMatch(/Fill in at least 2 fields/);
    expect(await total()).toBe(before);
  });

  it('names each problem of a row once, in the reader’s language: the field is not said twice, a bad phone not checked twice', async () => {
    const file = csv(['First name,Email,Phone', 'Ann,not-an-email,abc', 'Bob,,+12']);
    const rows = async (locale: string) =>
      (await upload(owner, file, 'twice.csv', true, locale)).json().rows.map((r: { errors: string[] }) => r.errors);
    expect(await rows('en')).toEqual([
      ['The email must be a valid email address.', 'The phone format is invalid.'],
      ['The phone format is invalid.'],
    ]);
    expect(await rows('uk')).toEqual([
      [
        'Поле «Електронна пошта» має бути дійсною адресою електронної пошти.',
        'Поле «Телефон» має неправильний формат.',
      ],
      ['Поле «Телефон» має неправильний формат.'],
    ]);
  });

  it('refuses 251 contacts, a column the template lacks, a file without first names, and what is no spreadsheet', async () => {
    const before = await total();
    const many = csv(['First name,Last name', ...Array.from({ length: 251 }, (_, i) => `P${i},Q`)]);
    const tooMany = await upload(owner, many, 'many.csv');
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.file[0]).toMatch(/251 contacts: at most 250/);
    const extra = await upload(owner, csv(['First name,Shoe size', 'Ann,5']), 'extra.csv');
    expect(extra.json().errors.file[0]).toMatch(/columns the template does not: Shoe size/);
    const nameless = await upload(owner, csv(['Last name,Email', 'Doe,d@example.com']), 'x.csv');
    expect(nameless.json().errors.file[0]).toMatch(/no First name column/);
    const junk = await upload(owner, Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]), 'x.xlsx');
    expect(junk.statusCode).toBe(422);
    expect(junk.json().errors.file[0]).toMatch(/cannot be read/);
    expect(await total()).toBe(before);
  });

  it('reads the Excel template it gives, headings in Ukrainian too, and its formulas as values', async () => {
    const template = await owner.get('/api/v1/user/import-clients/template?format=xlsx');
    expect(template.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('First name');
    sheet.getRow(2).getCell(1).value = 'Olena';
    sheet.getRow(2).getCell(3).value = 'olena@example.com';
    sheet.getRow(2).getCell(4).value = '';
    sheet.getRow(1).getCell(2).value = 'Прізвище';
    sheet.getRow(2).getCell(2).value = { formula: '"Ko"&"val"', result: 'Koval' };
    const res = await upload(owner, Buffer.from(await book.xlsx.writeBuffer()), 'clients.xlsx');
    expect(res.statusCode).toBe(201);
    const olena = (await owner.get('/api/v1/clients?search=olena%40example.com')).json().data[0];
    expect(olena).toMatchObject({ first_name: 'Olena', last_name: 'Koval', city: 'Bristol' });
    const csvTemplate = await owner.get('/api/v1/user/import-clients/template?format=csv');
    expect(csvTemplate.body.split(/\r?\n/)[0]).toContain('First name,Last name,Email');
  });

  it('is the owner’s own: another owner sees none of it, and their import is theirs', async () => {
    const other = (await loggedIn(t.app, { plan_name: 'Lite Monthly' })).agent;
    expect(await total(other)).toBe(0);
    const res = await upload(other, csv(['First name,Last name', 'Solo,Owner']), 'one.csv');
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('1 client imported');
    const uk = await upload(other, csv(['First name,Last name', 'Ira,Two', 'Oleh,Three']), 'two.csv', false, 'uk');
    expect(uk.json().message).toBe('Імпортовано 2 клієнти');
    expect(await total(other)).toBe(3);
  });
});
