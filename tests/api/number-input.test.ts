import { loggedIn, testApp, type Agent, type TestApp } from '../helpers/app';

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app));
});
afterAll(async () => t.close());

const discount = (value: unknown) => ({ title: 'Spring', kind: 'fixed', value, period_type: 'ongoing' });
/** A JSON text as a client may send it: `1e309` is a JSON number that JavaScript reads as Infinity. */
const raw = (agent: Agent, method: 'POST' | 'PUT', url: string, json: string) =>
  agent.request(method, url, json, { 'content-type': 'application/json' });
const total = async (path: string) => (await owner.get(path)).json().meta.total as number;

describe('non-finite numbers are refused, never stored', () => {
  it.each(['Infinity', '-Infinity', '1e309', '-1e309', 'NaN'])(
    'answers 422 for the integer %p sent as a string, saving nothing',
    async (value) => {
      const res = await owner.post('/api/v1/discounts', discount(value));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'The value must be an integer.',
        errors: { value: ['The value must be an integer.'] },
      });
      expect(await total('/api/v1/discounts')).toBe(0);
    },
  );

  it.each(['1e309', '-1e309', '1e400'])(
    'answers 422 for the JSON number %s (Infinity once parsed)',
    async (literal) => {
      const res = await raw(
        owner,
        'POST',
        '/api/v1/discounts',
        `{"title":"Spring","kind":"fixed","value":${literal},"period_type":"ongoing"}`,
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ value: ['The value must be an integer.'] });
      expect(await total('/api/v1/discounts')).toBe(0);
    },
  );

  it('refuses them in child rows and on update, leaving the record as it was', async () => {
    const yoga = await owner.post('/api/v1/classes', {
      title: 'Yoga',
      price: 1200,
      duration: 60,
      spaces: 8,
      sessions: [{ date: '2027-01-05', start_time: '10:00' }],
    });
    expect(yoga.statusCode).toBe(201);
    const id = yoga.json().data.id;
    const refused = await owner.put(`/api/v1/classes/${id}`, {
      title: 'Yoga',
      price: 1200,
      duration: 60,
      spaces: 'Infinity',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ spaces: [expect.stringMatching(/must be an integer\.$/)] });
    const parts = await owner.post('/api/v1/services', {
      title: 'Colour',
      price: 5000,
      duration: 60,
      parts: [{ title: 'Apply', duration: '1e309', blocked: true }],
    });
    expect(parts.statusCode).toBe(422);
    expect(Object.keys(parts.json().errors)).toEqual(['parts.0.duration']);
    const shown = await owner.get(`/api/v1/classes/${id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({ title: 'Yoga', spaces: 8 });
    expect((await owner.get('/api/v1/classes')).statusCode).toBe(200);
    expect(await total('/api/v1/services')).toBe(0);
  });
});

describe('null and "" on a required number are "required", not 0', () => {
  it.each([null, ''])('answers 422 "The value field is required." for %p on create and update', async (value) => {
    const res = await owner.post('/api/v1/discounts', discount(value));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The value field is required.',
      errors: { value: ['The value field is required.'] },
    });
    expect(await total('/api/v1/discounts')).toBe(0);

    const created = await owner.post('/api/v1/discounts', discount(500));
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const update = await owner.put(`/api/v1/discounts/${id}`, discount(value));
    expect(update.json().errors).toEqual({ value: ['The value field is required.'] });
    expect((await owner.get(`/api/v1/discounts/${id}`)).json().data.value).toBe(500);
    expect((await owner.delete(`/api/v1/discounts/${id}`)).statusCode).toBe(200);
  });

  it('keeps numbers as numbers: a number sent as text in a JSON body is refused, as the browser validator does', async () => {
    const res = await owner.post('/api/v1/discounts', discount('500'));
    expect(res.json().errors).toEqual({ value: ['The value must be an integer.'] });
  });

  it('still reads numbers in query strings, which are text', async () => {
    expect((await owner.get('/api/v1/discounts?page=1&per_page=5')).json().meta).toMatchObject({
      current_page: 1,
      per_page: 5,
    });
  });
});
