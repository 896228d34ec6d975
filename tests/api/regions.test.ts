import { Agent, testApp, type TestApp } from '../helpers/app';
import { newClient, newProduct, sell } from '../helpers/payments-studio';

/**
 * Regions GB, UA and OTHER (spec §9): GB owners keep pounds, Ukrainian owners hryvnias, and an owner elsewhere chooses
 * their currency from `GET /data/currencies` and their country from `GET /data/countries` at sign-up; their ledger,
 * prices and figures are in the currency, and a phone number typed without its country code is one of the country.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

let signUps = 0;
async function signUp(body: Record<string, unknown>) {
  const agent = new Agent(t.app);
  agent.ip = `10.7.0.${++signUps}`;
  await agent.get('/sanctum/csrf-cookie');
  const res = await agent.post('/api/register', {
    first_name: 'Ines',
    last_name: 'Owner',
    email: `owner${signUps}@regions.test`,
    password: 'Regions-pass-1',
    password_confirmation: 'Regions-pass-1',
    ...body,
  });
  return { agent, res };
}

/** The currency of the owner's ledger rows. */
const ledgerCurrencies = async (email: string) =>
  (
    await t.app.db
      .selectFrom('payments')
      .innerJoin('users', 'users.id', 'payments.user_id')
      .select('payments.currency')
      .where('users.email', '=', email)
      .execute()
  ).map((r) => r.currency);

describe('regions and their currencies', () => {
  it('lists the currencies to a guest signing up, named in their language', async () => {
    const guest = new Agent(t.app);
    const en = (await guest.get('/api/v1/data/currencies')).json().data;
    expect(en.slice(0, 2).map((c: { code: string }) => c.code)).toEqual(['GBP', 'UAH']);
    expect(en.find((c: { code: string }) => c.code === 'EUR')).toMatchObject({ name: 'Euro', minor_digits: 2 });
    guest.locale = 'uk';
    const uk = (await guest.get('/api/v1/data/currencies')).json().data;
    expect(uk.find((c: { code: string }) => c.code === 'EUR').name).toBe('євро');
  });

  it('lists the countries to a guest signing up, named in their language with their calling codes', async () => {
    const guest = new Agent(t.app);
    const en = (await guest.get('/api/v1/data/countries')).json().data;
    expect(en.find((c: { code: string }) => c.code === 'DE')).toEqual({
      code: 'DE',
      name: 'Germany',
      calling_code: '+49',
    });
    guest.locale = 'uk';
    const uk = (await guest.get('/api/v1/data/countries')).json().data;
    expect(uk.find((c: { code: string }) => c.code === 'DE').name).toBe('Німеччина');
  });

  it('asks an owner in region OTHER for a currency and a country it knows, and writes nothing until it has them', async () => {
    const before = await t.app.db.selectFrom('users').select('id').execute();
    const none = await signUp({ region: 'OTHER' });
    expect(none.res.statusCode).toBe(422);
    expect(Object.keys(none.res.json().errors).sort()).toEqual(['country', 'currency']);
    const unknown = await signUp({ region: 'OTHER', currency: 'XYZ', country: 'XX' });
    expect(unknown.res.json().errors).toEqual({
      currency: ['The selected currency is invalid.'],
      country: ['The selected country is invalid.'],
    });
    const lower = await signUp({ region: 'OTHER', currency: 'eur', country: 'DE' });
    expect(lower.res.statusCode).toBe(422);
    const lowerCountry = await signUp({ region: 'OTHER', currency: 'EUR', country: 'de' });
    expect(Object.keys(lowerCountry.res.json().errors)).toEqual(['country']);
    expect(await t.app.db.selectFrom('users').select('id').execute()).toHaveLength(before.length);
  });

  it.each([
    [{ region: 'OTHER', currency: 'EUR', country: 'DE' }, 'EUR'],
    [{ region: 'UA' }, 'UAH'],
    [{ region: 'GB', currency: 'EUR' }, 'GBP'],
    [{}, 'GBP'],
  ])('an owner signed up with %j keeps their money in %s: the ledger, the lists and the app', async (body, code) => {
    const { agent, res } = await signUp(body);
    expect(res.statusCode).toBe(201);
    const me = (await agent.get('/api/v1/user')).json().data;
    expect(me.currency).toBe(code);
    const client = await newClient(agent, 'Olek');
    const product = await newProduct(agent, 2500);
    await sell(agent, client, [{ kind: 'product', id: product }], 2500);
    expect(await ledgerCurrencies(me.email)).toEqual([code.toLowerCase()]);
    const payments = (await agent.get('/api/v1/payments')).json();
    expect(payments.meta.totals.income).toEqual([{ currency: code, amount: 2500 }]);
  });

  it.each([
    [{ region: 'OTHER', currency: 'EUR', country: 'DE' }, 'DE', '030 901820', '+4930901820'],
    [{ region: 'UA' }, 'UA', '050 123 4567', '+380501234567'],
    [{ region: 'GB' }, 'GB', '07700 900123', '+447700900123'],
  ])(
    'an owner signed up with %j reads a number typed without its code as one of %s',
    async (body, country, typed, stored) => {
      const { agent, res } = await signUp(body);
      expect(res.statusCode).toBe(201);
      expect((await agent.get('/api/v1/user')).json().data.country).toBe(country);
      const made = await agent.post('/api/v1/clients', { first_name: 'Lena', phone: typed });
      expect(made.statusCode).toBe(201);
      expect(made.json().data.phone).toBe(stored);
      // Found again by the number as typed.
      const found = (await agent.get(`/api/v1/clients?search=${encodeURIComponent(typed)}`)).json().data;
      expect(found.map((c: { phone: string }) => c.phone)).toEqual([stored]);
    },
  );
});
