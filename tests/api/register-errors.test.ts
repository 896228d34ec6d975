import { Agent, createUser, testApp, type TestApp } from '../helpers/app';

/** Registration tells of every problem at once, and its region defaults to GB (spec §9). */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const person = {
  first_name: 'Rita',
  last_name: 'Reyes',
  password: 'Strong-pass-1',
  password_confirmation: 'Strong-pass-1',
};

async function guest() {
  const agent = new Agent(t.app);
  await agent.get('/sanctum/csrf-cookie');
  return agent;
}

describe('POST /api/register', () => {
  it('refuses a short password and a mismatched confirmation together', async () => {
    const res = await (
      await guest()
    ).post('/api/register', {
      ...person,
      email: 'both@example.com',
      password: 'Sh0rT',
      password_confirmation: 'Other',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['password']);
    expect(res.json().errors.password.sort()).toEqual([
      'The password confirmation does not match.',
      'The password must be at least 8 characters.',
    ]);
  });

  it('tells of an email already taken beside the password’s problems, and of a missing field with them', async () => {
    const { email } = await createUser(t.app);
    const res = await (
      await guest()
    ).post('/api/register', { ...person, first_name: '', email, password: 'weak', password_confirmation: 'weak' });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(Object.keys(errors).sort()).toEqual(['email', 'first_name', 'password']);
    expect(errors.first_name).toEqual(['The first name field is required.']);
    expect(errors.email).toEqual(['The email has already been taken.']);
    expect(errors.password.sort()).toEqual([
      'The password must be at least 8 characters.',
      'The password must contain at least one capital letter.',
      'The password must contain at least one number.',
    ]);
  });

  it('puts a new owner in GB when no region is given', async () => {
    const agent = await guest();
    expect((await agent.post('/api/register', { ...person, email: 'gb@example.com' })).statusCode).toBe(201);
    expect((await agent.get('/api/v1/user')).json().data.region).toBe('GB');
  });
});

describe('the other password forms', () => {
  it('tell of a weak new password and a mismatch together when changing the password', async () => {
    const user = await createUser(t.app);
    const agent = new Agent(t.app);
    await agent.login(user.email, user.password);
    const res = await agent.put('/api/v1/user/password', {
      current_password: user.password,
      password: 'weak',
      password_confirmation: 'weaker',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual(
      expect.arrayContaining([
        'The new password must be at least 8 characters.',
        'The new password confirmation does not match.',
      ]),
    );
  });
});
