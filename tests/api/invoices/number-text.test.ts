import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';

/**
 * An invoice number is printable text (it is printed on the PDF, in emails and lists): control characters,
 * bidirectional overrides, invisible format characters and lone surrogates are refused in the spec's words, and a
 * number written two ways (composed or decomposed letters) is one number.
 */
let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
});
afterAll(async () => t.close());

const invoice = (number: string) => ({
  number,
  bill_to: 'Acme Ltd',
  date: '2026-11-02',
  items: [{ title: 'Coaching session', quantity: 1, unit_price: 4500 }],
});

/** Sends the body as raw JSON, so escapes like \ud800 reach the server as they are typed. */
const post = (json: string) => owner.request('POST', '/api/v1/invoices', json, { 'content-type': 'application/json' });

describe('an invoice number', () => {
  it.each([
    ['a right-to-left override', 'INV-\\u202e0001'],
    ['a left-to-right isolate', '\\u2066INV-2'],
    ['a NUL', 'INV-\\u00003'],
    ['a control character', 'INV-\\u001b[31m4'],
    ['a tab', 'INV\\t5'],
    ['a line break', 'INV-6\\nPAID'],
    ['a line separator', 'INV-7\\u2028'],
    ['a zero-width space', 'INV-\\u200b8'],
    ['a lone high surrogate', 'INV-\\ud8009'],
    ['a lone low surrogate', '\\udc00INV-10'],
  ])('with %s is refused (422, in the spec’s words) and nothing is written', async (_what, number) => {
    const before = await t.app.db.selectFrom('invoices').select('id').execute();
    const res = await post(JSON.stringify(invoice('NUMBER')).replace('NUMBER', number));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.number).toEqual(['The number format is invalid.']);
    expect(await t.app.db.selectFrom('invoices').select('id').execute()).toHaveLength(before.length);
  });

  it('takes printable text in any script, with a surrogate pair (an emoji) and spaces inside', async () => {
    for (const number of ['Рахунок 12/2026', 'ACME 7 🧾', 'Café-1'])
      expect((await owner.post('/api/v1/invoices', invoice(number))).json().data.number).toBe(number);
  });

  it('stays unique when the same number is typed with decomposed letters', async () => {
    expect((await owner.post('/api/v1/invoices', invoice('Résumé-1'))).statusCode).toBe(201);
    const decomposed = await owner.post('/api/v1/invoices', invoice('Re\u0301sume\u0301-1'));
    expect(decomposed.statusCode).toBe(422);
    expect(decomposed.json().errors.number).toEqual(['Invoice number must be unique.']);
  });

  it('is printed beside the business as the settings name it: those are printable text too, lines kept', async () => {
    const settings = { prefix: 'INV-', start_number: 1, due_days: 14 };
    for (const [field, value] of [
      ['business_name', 'Hart \u202eHair'],
      ['tax_number', 'GB\u0000123'],
      ['business_address', '1 High St\u2028Leeds'],
      ['footer', 'Thanks\u200b!'],
      ['bank_details', 'Sort code\u001b 20-45-77'],
    ]) {
      const res = await owner.put('/api/v1/user/invoice-settings', { ...settings, [field]: value });
      expect({ field, status: res.statusCode, errors: res.json().errors }).toEqual({
        field,
        status: 422,
        errors: { [field]: [expect.stringMatching(/ format is invalid\.$/)] },
      });
    }
    const lines = {
      ...settings,
      business_name: 'Hart Hair 🧾',
      business_address: '1 High Street\nLeeds\r\nLS1 1AA',
      footer: 'Thank you!\nSee you soon',
      bank_details: 'Sort code 20-45-77\nAccount 43910274',
    };
    expect((await owner.put('/api/v1/user/invoice-settings', lines)).statusCode).toBe(200);
  });

  it('has a prefix of printable letters, digits and separators only', async () => {
    const settings = { start_number: 1, due_days: 14 };
    for (const prefix of ['INV\u202e-', 'A\u0000', 'B\n'])
      expect((await owner.put('/api/v1/user/invoice-settings', { ...settings, prefix })).statusCode).toBe(422);
    expect((await owner.put('/api/v1/user/invoice-settings', { ...settings, prefix: 'S/26-' })).statusCode).toBe(200);
    expect((await owner.post('/api/v1/invoices', { ...invoice('x'), number: null })).json().data.number).toBe(
      'S/26-0001',
    );
  });
});
