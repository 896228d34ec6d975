import ExcelJS from 'exceljs';
import { loggedIn, testApp, type Agent, type TestApp } from '../helpers/app';

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app));
});
afterAll(async () => t.close());

const create = async (agent: Agent, body: Record<string, unknown>) => {
  const res = await agent.post('/api/v1/clients', body);
  expect(res.statusCode).toBe(201);
  return res.json().data as Record<string, unknown> & { id: number };
};

describe('POST /api/v1/clients', () => {
  it('creates a client with defaults (marketing only by explicit opt-in) and answers with the record and a message', async () => {
    const res = await owner.post('/api/v1/clients', {
      first_name: 'Nadia',
      last_name: 'Kral',
      email: 'nadia@example.com',
      phone: '+44 7700 900123',
      birthday: '1990-04-01',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Saved successfully.',
      data: {
        first_name: 'Nadia',
        email: 'nadia@example.com',
        email_reminders: true,
        sms_reminders: true,
        marketing_messages: false,
        opt_out: false,
        archived: false,
        locations: [],
      },
    });
  });

  it('answers 422 in the spec’s words and writes nothing', async () => {
    const before = (await owner.get('/api/v1/clients')).json().meta.total;
    const res = await owner.post('/api/v1/clients', { first_name: '', last_name: 'x'.repeat(256), email: 'nope' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      first_name: ['The first name field is required.'],
      last_name: ['The last name may not be greater than 255 characters.'],
      email: ['The email must be a valid email address.'],
    });
    expect(res.json().message).toBe('The first name field is required. (and 2 more errors)');
    expect((await owner.get('/api/v1/clients')).json().meta.total).toBe(before);
  });

  it('localises validation messages by the locale header', async () => {
    owner.locale = 'uk';
    const res = await owner.post('/api/v1/clients', {});
    owner.locale = 'en';
    expect(res.json().errors.first_name).toEqual(["Поле «Ім'я» є обов'язковим."]);
  });

  it('drops client locations with neither title nor address_1 before saving', async () => {
    const client = await create(owner, {
      first_name: 'Loc',
      locations: [
        { title: '', address_1: '' },
        { title: 'Home', address_1: null },
        { title: null, address_1: '1 Mill Lane' },
      ],
    });
    expect(client.locations).toEqual([
      { id: expect.any(Number), title: 'Home', address_1: null },
      { id: expect.any(Number), title: null, address_1: '1 Mill Lane' },
    ]);
  });

  it('never lets the caller choose the owner or read-only fields', async () => {
    const client = await create(owner, {
      first_name: 'Sneaky',
      user_id: 999,
      id: 5000,
      last_appointment_date: '2020-01-01',
    });
    expect(client.id).not.toBe(5000);
    expect(client.last_appointment_date).toBeNull();
    expect(client.user_id).toBeUndefined();
  });
});

describe('GET /api/v1/clients', () => {
  beforeAll(async () => {
    for (const [first_name, last_name, email, phone] of [
      ['Searchy', 'Alpha', 'alpha@find.test', '+44 1111 111111'],
      ['Searchy', 'Beta', 'beta@find.test', '+44 2222 222222'],
      ['Other', 'Gamma', 'gamma@else.test', '+44 3333 333333'],
      ['Percent', '100% Delta', 'delta@else.test', null],
    ])
      await create(owner, { first_name, last_name, email, phone });
  });

  it('returns the paged shape with meta', async () => {
    const body = (await owner.get('/api/v1/clients?page=1&per_page=2')).json();
    expect(body.data).toHaveLength(2);
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 2 });
    expect(body.meta.last_page).toBe(Math.ceil(body.meta.total / 2));
  });

  it('pages through every record once, and each list answers from the data as it is now', async () => {
    // The list's statements are compiled once per query and reused: only the offset and the data change.
    const all = (await owner.get('/api/v1/clients?per_page=100&sort=id')).json().data.map((c: { id: number }) => c.id);
    const paged: number[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 2); page++) {
      paged.push(
        ...(await owner.get(`/api/v1/clients?per_page=2&sort=id&page=${page}`))
          .json()
          .data.map((c: { id: number }) => c.id),
      );
    }
    expect(paged).toEqual(all);
    const added = await create(owner, { first_name: 'Zed', last_name: 'Latecomer' });
    const again = (await owner.get('/api/v1/clients?per_page=100&sort=id')).json();
    expect(again.meta.total).toBe(all.length + 1);
    expect(again.data.at(-1).id).toBe(added.id);
    expect(
      (await owner.get('/api/v1/clients?per_page=100&sort=id&search=Latecomer'))
        .json()
        .data.map((c: { id: number }) => c.id),
    ).toEqual([added.id]);
    expect((await owner.get('/api/v1/clients?per_page=100&sort=id&search=Nobody-by-this-name')).json().meta.total).toBe(
      0,
    );
    await owner.delete(`/api/v1/clients/${added.id}`);
  });

  it('searches by name, full name, email and phone', async () => {
    const names = async (q: string) =>
      (await owner.get(`/api/v1/clients?search=${encodeURIComponent(q)}`))
        .json()
        .data.map((c: { last_name: string }) => c.last_name)
        .sort();
    expect(await names('searchy')).toEqual(['Alpha', 'Beta']);
    expect(await names('Searchy Beta')).toEqual(['Beta']);
    expect(await names('gamma@else')).toEqual(['Gamma']);
    expect(await names('3333')).toEqual(['Gamma']);
    // Phones are stored in E.164; a number typed the way people write it still finds its client.
    expect(await names('03333 333333')).toEqual(['Gamma']);
    expect(await names('03333 333')).toEqual(['Gamma']);
    expect(await names('+44 (3333) 333-333')).toEqual(['Gamma']);
    expect(await names('100%')).toEqual(['100% Delta']);
    expect(await names('10_%')).toEqual([]);
  });

  it('sorts by an allowed field in either direction and ignores unknown sort fields', async () => {
    const asc = (await owner.get('/api/v1/clients?search=searchy&sort=last_name'))
      .json()
      .data.map((c: { last_name: string }) => c.last_name);
    const desc = (await owner.get('/api/v1/clients?search=searchy&sort=-last_name'))
      .json()
      .data.map((c: { last_name: string }) => c.last_name);
    expect(asc).toEqual(['Alpha', 'Beta']);
    expect(desc).toEqual(['Beta', 'Alpha']);
    expect((await owner.get('/api/v1/clients?sort=password_hash')).statusCode).toBe(200);
  });

  it('filters by the extra params the resource declares', async () => {
    await create(owner, {
      first_name: 'Filtered',
      last_name: 'Out',
      opt_out: true,
      marketing_messages: false,
      city: 'Leeds',
    });
    const optedOut = (await owner.get('/api/v1/clients?opt_out=1'))
      .json()
      .data.map((c: { last_name: string }) => c.last_name);
    expect(optedOut).toEqual(['Out']);
    expect((await owner.get('/api/v1/clients?city=Leeds&search=Filtered')).json().meta.total).toBe(1);
    expect((await owner.get('/api/v1/clients?city=York&search=Filtered')).json().meta.total).toBe(0);
  });

  it('returns a plain array of lite fields with is_lite=1', async () => {
    const body = (await owner.get('/api/v1/clients?is_lite=1&search=searchy')).json();
    expect(Array.isArray(body)).toBe(true);
    expect(Object.keys(body[0]).sort()).toEqual(['email', 'first_name', 'id', 'last_name', 'main_photo', 'phone']);
  });

  it('rejects a bad page size with 422 and never a 500', async () => {
    const big = await owner.get('/api/v1/clients?per_page=1000');
    expect(big.statusCode).toBe(422);
    expect(big.json().errors).toEqual({ per_page: ['The per page may not be greater than 100.'] });
    expect((await owner.get('/api/v1/clients?page=abc')).statusCode).toBe(422);
  });
});

describe('archived and active lists', () => {
  it('moves a client between the lists by archived, and back', async () => {
    const client = await create(owner, { first_name: 'Archie', last_name: 'Ved' });
    const inList = async (archived: 0 | 1) =>
      (await owner.get(`/api/v1/clients?search=Archie&archived=${archived}`))
        .json()
        .data.map((c: { id: number }) => c.id);
    expect(await inList(0)).toContain(client.id);
    const res = await owner.put(`/api/v1/clients/${client.id}`, {
      first_name: 'Archie',
      last_name: 'Ved',
      archived: true,
    });
    expect(res.json()).toMatchObject({ message: 'Archived successfully.', data: { archived: true } });
    expect(res.json().data.archived_at).toEqual(expect.any(String));
    expect(await inList(0)).not.toContain(client.id);
    expect(await inList(1)).toContain(client.id);
    const lite = (await owner.get('/api/v1/clients?is_lite=1&search=Archie')).json();
    expect(lite).toEqual([]);
    const restored = await owner.put(`/api/v1/clients/${client.id}`, {
      first_name: 'Archie',
      last_name: 'Ved',
      archived: false,
    });
    expect(restored.json()).toMatchObject({
      message: 'Restored successfully.',
      data: { archived: false, archived_at: null },
    });
    expect(await inList(0)).toContain(client.id);
  });
});

describe('GET, PUT, DELETE /api/v1/clients/:id', () => {
  it('shows, replaces and deletes a client', async () => {
    const client = await create(owner, {
      first_name: 'Edit',
      email: 'edit@example.com',
      notes: 'old',
      locations: [{ title: 'Studio', address_1: '2 High Street' }],
    });
    expect((await owner.get(`/api/v1/clients/${client.id}`)).json().data.locations).toEqual([
      { id: expect.any(Number), title: 'Studio', address_1: '2 High Street' },
    ]);
    const put = await owner.put(`/api/v1/clients/${client.id}`, { first_name: 'Edited', notes: null, locations: [] });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      message: 'Updated successfully.',
      data: { first_name: 'Edited', email: null, notes: null, locations: [] },
    });
    expect((await owner.put(`/api/v1/clients/${client.id}`, { first_name: '' })).statusCode).toBe(422);
    expect((await owner.delete(`/api/v1/clients/${client.id}`)).json().message).toBe('Deleted successfully.');
    expect((await owner.get(`/api/v1/clients/${client.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for a missing id and 422 for a malformed one', async () => {
    expect((await owner.get('/api/v1/clients/999999')).statusCode).toBe(404);
    expect((await owner.get('/api/v1/clients/abc')).statusCode).toBe(422);
  });
});

describe('GET /api/v1/clients/{related}/:id', () => {
  it.each(['appointments', 'invoices', 'messages', 'payments', 'sales'])(
    'answers /clients/%s/{id} with an empty page until that resource exists',
    async (related) => {
      const client = await create(owner, { first_name: 'Rel' });
      const res = await owner.get(`/api/v1/clients/${related}/${client.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0 } });
    },
  );
});

describe('POST /api/v1/clients/export', () => {
  it('exports the owner’s clients as CSV with localised headings', async () => {
    await create(owner, { first_name: 'Export', last_name: 'Me', email: 'export@example.com' });
    const res = await owner.post('/api/v1/clients/export', { format: 'csv', search: 'Export' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toContain('First name');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('export@example.com');
  });

  it('exports XLSX that opens as a workbook', async () => {
    const res = await owner.post('/api/v1/clients/export', { format: 'xlsx', search: 'Export' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as never);
    const sheet = workbook.getWorksheet('clients')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('First name');
    expect(sheet.getRow(2).getCell(3).value).toBe('export@example.com');
  });
});

describe('bad input', () => {
  const bodies: unknown[] = [
    [],
    'text',
    42,
    null,
    { first_name: 42 },
    { first_name: ['a'] },
    { first_name: { $gt: '' } },
    { first_name: 'A', locations: 'home' },
    { first_name: 'A', locations: [1, 2] },
    { first_name: 'A', locations: Array.from({ length: 50 }, () => ({ title: 'x' })) },
    { first_name: 'A', birthday: '2026-13-40' },
    { first_name: 'A', email_reminders: 'maybe' },
    { first_name: 'x'.repeat(100_000) },
    { first_name: '𝓐𝓷𝓷𝓪 🌸', notes: '\u0000\u202e' },
    { first_name: 'A', archived: 'yes' },
  ];

  it.each(bodies.map((b) => [JSON.stringify(b).slice(0, 60), b]))(
    'answers %s with a 4xx or a success, never a 500',
    async (_label, body) => {
      const created = await owner.post('/api/v1/clients', body);
      expect(created.statusCode).toBeLessThan(500);
      if (created.statusCode >= 400) expect(created.json().message).toEqual(expect.any(String));
      const updated = await owner.put('/api/v1/clients/1', body);
      expect(updated.statusCode).toBeLessThan(500);
    },
  );

  it.each([
    '?page=0',
    '?per_page=-1',
    '?sort=' + encodeURIComponent('first_name; drop table clients'),
    '?search=' + 'x'.repeat(500),
    '?archived=2',
    '?is_lite=yes',
    '?opt_out=maybe',
  ])('answers GET /api/v1/clients%s without a 500', async (q) => {
    expect((await owner.get(`/api/v1/clients${q}`)).statusCode).toBeLessThan(500);
  });

  it('refuses NUL characters with a 422 on their field (no database stores them)', async () => {
    const res = await owner.post('/api/v1/clients', { first_name: 'Nul', notes: 'a\u0000b' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ notes: ['The notes format is invalid.'] });
  });

  it('keeps the stored text exactly, emoji and all', async () => {
    const client = await create(owner, { first_name: '𝓐𝓷𝓷𝓪 🌸', last_name: "O'Brien; --" });
    expect((await owner.get(`/api/v1/clients/${client.id}`)).json().data).toMatchObject({
      first_name: '𝓐𝓷𝓷𝓪 🌸',
      last_name: "O'Brien; --",
    });
  });
});
