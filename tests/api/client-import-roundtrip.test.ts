import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { exportJobs } from '../../src/server/features/data-export/make';
import { Agent, loggedIn, testApp, type TestApp } from '../helpers/app';

/**
 * Client import (spec §5, §7) reads what the app's own exports write: the clients list's CSV and Excel files and the
 * clients file of an export-information archive import into a fresh account with every field as it was — phones
 * in E.164 from any country, notes, billing address, consent, archived clients — and international numbers are
 * read as the numbers they are.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ appUrl: 'http://app.test' });
});
afterAll(async () => t.close());

type Client = Record<string, string | boolean | null>;
const FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'birthday',
  'address_1',
  'address_2',
  'city',
  'state',
  'post_code',
  'notes',
  'billing_address',
  'marketing_messages',
  'opt_out',
  'email_reminders',
  'sms_reminders',
  'archived',
] as const;

/** Clients with every field filled, from three countries, text a spreadsheet would take for a formula included. */
const CLIENTS: Client[] = [
  {
    first_name: 'Олена',
    last_name: 'Коваль',
    email: 'olena@example.com',
    phone: '+380501234567',
    birthday: '1988-02-29',
    address_1: 'вул. Хрещатик, 1',
    address_2: 'кв. 5',
    city: 'Київ',
    state: 'Київська',
    post_code: '01001',
    notes: 'Prefers mornings, "no perfume"\nAllergic to latex',
    billing_address: 'ФОП Коваль О.\nвул. Хрещатик, 1, Київ 01001',
    marketing_messages: true,
    opt_out: false,
    email_reminders: true,
    sms_reminders: false,
    archived: false,
  },
  {
    first_name: 'Jane',
    last_name: 'Doe',
    email: 'jane@example.com',
    phone: '+447700900123',
    birthday: '1990-05-17',
    address_1: '1 High Street',
    address_2: 'Flat 2',
    city: 'Bristol',
    state: 'Avon',
    post_code: 'BS1 4DJ',
    notes: '- trims only; =not a formula',
    billing_address: 'Doe Ltd, 1 High Street, Bristol BS1 4DJ',
    marketing_messages: false,
    opt_out: true,
    email_reminders: false,
    sms_reminders: true,
    archived: false,
  },
  {
    first_name: '@Sam',
    last_name: '+Lee',
    email: 'sam@example.com',
    phone: '+12025550143',
    birthday: '1979-12-31',
    address_1: '10 Main St',
    address_2: 'Suite 300',
    city: 'Washington',
    state: 'DC',
    post_code: '20001',
    notes: '+1 visitor',
    billing_address: '10 Main St, Washington DC 20001',
    marketing_messages: true,
    opt_out: false,
    email_reminders: true,
    sms_reminders: true,
    archived: false,
  },
  {
    first_name: 'Marta',
    last_name: 'Nowak',
    email: 'marta@example.com',
    phone: '+48512345678',
    birthday: '2000-01-01',
    address_1: 'ul. Długa 5',
    address_2: 'm. 7',
    city: 'Kraków',
    state: 'Małopolska',
    post_code: '31-147',
    notes: 'Moved away',
    billing_address: 'ul. Długa 5, 31-147 Kraków',
    marketing_messages: false,
    opt_out: false,
    email_reminders: true,
    sms_reminders: true,
    archived: true,
  },
];

const upload = (agent: Agent, file: Buffer, name: string, preview = false) => {
  const boundary = '----soloist-roundtrip';
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
      'x-locale': agent.locale,
    },
    cookies: agent.cookies,
  });
};

/** Every client of the agent's, active and archived, by email, as the fields the export carries. */
async function clientsOf(agent: Agent): Promise<Record<string, Client>> {
  const out: Record<string, Client> = {};
  for (const archived of [0, 1]) {
    const res = await agent.get(`/api/v1/clients?per_page=100&archived=${archived}`);
    for (const c of res.json().data as Client[])
      out[String(c.email)] = Object.fromEntries(FIELDS.map((f) => [f, c[f] ?? null]));
  }
  return out;
}

const expected = () => Object.fromEntries(CLIENTS.map((c) => [String(c.email), c]));

let source: Agent;
beforeAll(async () => {
  ({ agent: source } = await loggedIn(t.app));
  for (const client of CLIENTS) {
    const res = await source.post('/api/v1/clients', client);
    expect(res.statusCode).toBe(201);
  }
  expect(await clientsOf(source)).toEqual(expected());
});

/** The clients list's own export: its active clients and, asked for, its archived ones. */
async function listExports(format: 'csv' | 'xlsx') {
  const files = [];
  for (const archived of [0, 1]) {
    const res = await source.post('/api/v1/clients/export', { format, archived });
    expect(res.statusCode).toBe(200);
    files.push(res.rawPayload);
  }
  return files;
}

/** A fresh owner imports the files one after the other; each is imported whole. */
async function importInto(files: Buffer[], format: 'csv' | 'xlsx', region = 'GB') {
  const { agent, user } = await loggedIn(t.app);
  await t.app.db.updateTable('users').set({ region }).where('id', '=', user.id).execute();
  for (const file of files) {
    const preview = await upload(agent, file, `clients.${format}`, true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ invalid: 0, duplicates: 0 });
    const res = await upload(agent, file, `clients.${format}`);
    expect(res.json().errors).toBeUndefined();
    expect(res.statusCode).toBe(201);
  }
  return agent;
}

describe('the app’s own client export imports back', () => {
  it.each(['csv', 'xlsx'] as const)('the list’s %s export, every field kept', async (format) => {
    const files = await listExports(format);
    if (format === 'csv') {
      const text = files.map((f) => f.toString('utf8')).join('\n');
      // A validated phone is written as the number it is; free text that would run as a formula is still guarded.
      expect(text).toContain(',+380501234567,');
      expect(text).not.toContain("'+380501234567");
      expect(text).toContain("'@Sam");
      expect(text).toContain("'- trims only");
    }
    const fresh = await importInto(files, format);
    expect(await clientsOf(fresh)).toEqual(expected());
    // A Ukrainian owner reads the same file the same way: numbers with their country code are that country's.
    expect(await clientsOf(await importInto(files, format, 'UA'))).toEqual(expected());
  });

  it.each(['csv', 'xlsx'] as const)('the list’s %s export in Ukrainian (headings, “Так” and “Ні”)', async (format) => {
    source.locale = 'uk';
    const files = await listExports(format).finally(() => (source.locale = 'en'));
    expect(files[0].toString('utf8')).toContain(format === 'csv' ? "Ім'я,Прізвище" : '');
    expect(await clientsOf(await importInto(files, format, 'UA'))).toEqual(expected());
  });

  it.each(['csv', 'xlsx'] as const)(
    'the export-information archive’s %s clients file, archived ones too',
    async (format) => {
      const settings = { automatic: false, frequency: 'monthly', parts: ['clients'], format, delivery: 'email' };
      expect((await source.put('/api/v1/user/export-information-settings', settings)).statusCode).toBe(200);
      expect((await source.post('/api/v1/user/export-information')).statusCode).toBe(202);
      const jobs = exportJobs(t.app, { appUrl: 'http://app.test' });
      const due = await t.app.db
        .selectFrom('jobs')
        .select(['id', 'name', 'data'])
        .where('name', '=', 'export-information.make')
        .where('status', '=', 'waiting')
        .execute();
      for (const job of due) {
        await jobs[job.name](JSON.parse(job.data), { id: String(job.id), name: job.name, attempt: 1 });
        await t.app.db.updateTable('jobs').set({ status: 'done' }).where('id', '=', job.id).execute();
      }
      const [ready] = (await source.get('/api/v1/user/export-information')).json().data;
      const zip = unzipSync(
        new Uint8Array((await source.get(`/api/v1/user/export-information/${ready.id}/download`)).rawPayload),
      );
      const name = Object.keys(zip).find((n) => n.startsWith('clients-'))!;
      const fresh = await importInto([Buffer.from(zip[name])], format);
      expect(await clientsOf(fresh)).toEqual(expected());
    },
  );
});

describe('international numbers', () => {
  it('a Ukrainian owner imports +380 and national numbers as E.164, shown with their “+” in the preview', async () => {
    const { agent, user } = await loggedIn(t.app);
    await t.app.db.updateTable('users').set({ region: 'UA' }).where('id', '=', user.id).execute();
    const file = Buffer.from(
      [
        'First name,Phone',
        'Оксана,+380501234567',
        'Петро,050 765 4321',
        'Jane,+44 7700 900123',
        'Ivan,380671112233',
      ].join('\r\n'),
    );
    const preview = (await upload(agent, file, 'clients.csv', true)).json();
    expect(preview).toMatchObject({ importable: 4, invalid: 0 });
    expect(preview.rows.map((r: { values: { phone: string } }) => r.values.phone)).toEqual([
      '+380501234567',
      '+380507654321',
      '+447700900123',
      '+380671112233',
    ]);
    expect((await upload(agent, file, 'clients.csv')).statusCode).toBe(201);
  });

  it('an Excel cell holding +380… as a number (the spreadsheet dropped its “+”) is read as that number for a GB owner', async () => {
    const { agent } = await loggedIn(t.app);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Clients');
    sheet.addRow(['First name', 'Phone']);
    sheet.addRow(['Olha', 380501234567]);
    sheet.addRow(['Jim', 7700900456]);
    const preview = (await upload(agent, Buffer.from(await book.xlsx.writeBuffer()), 'c.xlsx', true)).json();
    expect(preview.rows.map((r: { values: { phone: string } }) => r.values.phone)).toEqual([
      '+380501234567',
      '+447700900456',
    ]);
  });

  it('bad rows import nothing and each is named with its row number and field, the phone shown as written', async () => {
    const { agent } = await loggedIn(t.app);
    const file = Buffer.from(
      [
        'First name,Email,Phone',
        'Good,good@example.com,+380501234567',
        'Bad phone,,+12',
        'Bad email,not-an-email,',
        'Fine,fine@example.com,',
      ].join('\r\n'),
    );
    const preview = (await upload(agent, file, 'clients.csv', true)).json();
    expect(preview).toMatchObject({ importable: 2, invalid: 2 });
    expect(preview.rows[1].values.phone).toBe('+12');
    expect(preview.rows[1].errors).toEqual(['The phone format is invalid.']);
    expect(preview.rows[2].errors).toEqual(['The email must be a valid email address.']);
    const res = await upload(agent, file, 'clients.csv');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'rows.3.phone': ['Row 3: The phone format is invalid.'],
      'rows.4.email': ['Row 4: The email must be a valid email address.'],
    });
    expect((await agent.get('/api/v1/clients?per_page=1')).json().meta.total).toBe(0);
  });
});
