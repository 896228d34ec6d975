import { Agent, loggedIn, testApp, type TestApp } from '../helpers/app';

/** `GET /api/v1/data/countries` and `/data/currencies` (spec §7): the lists forms offer, in the caller's language. */
let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await testApp();
  owner = (await loggedIn(t.app)).agent;
});
afterAll(async () => t.close());

describe('GET /api/v1/data/countries', () => {
  it('lists every country with its calling code, named and sorted in the caller’s language', async () => {
    const res = await owner.get('/api/v1/data/countries');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Array<{ code: string; name: string; calling_code: string }>;
    expect(data.length).toBeGreaterThan(200);
    expect(data.find((c) => c.code === 'GB')).toEqual({ code: 'GB', name: 'United Kingdom', calling_code: '+44' });
    expect(data.find((c) => c.code === 'UA')).toEqual({ code: 'UA', name: 'Ukraine', calling_code: '+380' });
    const names = data.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    owner.locale = 'uk';
    const uk = (await owner.get('/api/v1/data/countries')).json().data as Array<{ code: string; name: string }>;
    owner.locale = 'en';
    expect(uk.find((c) => c.code === 'UA')!.name).toBe('Україна');
  });
});

describe('GET /api/v1/data/currencies', () => {
  it('lists the currencies, the two the product bills in first, with symbol and minor digits', async () => {
    const res = await owner.get('/api/v1/data/currencies');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Array<{ code: string; name: string; symbol: string; minor_digits: number }>;
    expect(data.slice(0, 2).map((c) => c.code)).toEqual(['GBP', 'UAH']);
    expect(data[0]).toEqual({ code: 'GBP', name: 'British Pound', symbol: '£', minor_digits: 2 });
    expect(data.find((c) => c.code === 'JPY')!.minor_digits).toBe(0);
    expect(new Set(data.map((c) => c.code)).size).toBe(data.length);
  });
});

describe('a guest', () => {
  it('reads the countries and the currencies (signing up in region OTHER asks for both), and nothing else of data', async () => {
    const guest = new Agent(t.app);
    expect((await guest.get('/api/v1/data/countries')).statusCode).toBe(200);
    expect((await guest.get('/api/v1/data/currencies')).statusCode).toBe(200);
    expect((await guest.get('/api/v1/data/expense-categories')).statusCode).toBe(401);
  });
});
