import { Agent, testApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const registration = (email: string) => ({
  first_name: 'Rita',
  last_name: 'Stone',
  email,
  password: 'Strong-pass-1',
  password_confirmation: 'Strong-pass-1',
});

describe('POST /api/register per address', () => {
  it('answers 429 after 10 sign-ups from one address in an hour, taken emails included, owners and affiliates together', async () => {
    const guest = new Agent(t.app);
    guest.ip = '198.51.100.20';
    await guest.get('/sanctum/csrf-cookie');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await guest.post('/api/register', registration(`new${i}@example.com`))).statusCode);
    // Probing for taken emails counts too: the spec's 422 stays, but an address cannot enumerate accounts.
    for (let i = 0; i < 4; i++)
      statuses.push((await guest.post('/api/register', registration('new0@example.com'))).statusCode);
    statuses.push((await guest.post('/api/register-affiliate', registration('aff@example.com'))).statusCode);
    const refused = await guest.post('/api/register', registration('new0@example.com'));
    expect(statuses).toEqual([201, 201, 201, 201, 201, 422, 422, 422, 422, 201]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many sign-up attempts\. Please try again in \d+ seconds\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(
      await t.app.db.selectFrom('users').select('id').where('email', 'like', 'new%@example.com').execute(),
    ).toHaveLength(5);

    const other = new Agent(t.app);
    other.ip = '198.51.100.21';
    await other.get('/sanctum/csrf-cookie');
    expect((await other.post('/api/register', registration('new0@example.com'))).json().errors).toEqual({
      email: ['The email has already been taken.'],
    });
  });
});
