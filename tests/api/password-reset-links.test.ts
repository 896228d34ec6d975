import { Agent, createUser, testApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

/** Asks for a reset link and reads its token from the outbox (no mail server in tests). */
async function resetToken(guest: Agent, email: string): Promise<string> {
  expect((await guest.post('/api/forgot-password', { email })).statusCode).toBe(200);
  const mail = await t.app.db
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /\/password\/reset\/([A-Za-z0-9_-]+)\?email=/.exec(mail.body)![1];
}

const reset = (guest: Agent, token: string, email: string, password: string) =>
  guest.post('/api/reset-password', { token, email, password, password_confirmation: password });

describe('password reset links', () => {
  it('an older unused link dies when a newer one is used', async () => {
    const user = await createUser(t.app);
    const guest = new Agent(t.app);
    await guest.get('/sanctum/csrf-cookie');
    const older = await resetToken(guest, user.email);
    const newer = await resetToken(guest, user.email);
    expect(older).not.toBe(newer);
    expect((await reset(guest, newer, user.email, 'Brand-new-2')).statusCode).toBe(200);
    const stale = await reset(guest, older, user.email, 'Taken-over-3');
    expect(stale.statusCode).toBe(422);
    expect(stale.json().errors).toEqual({ email: ['This password reset token is invalid.'] });
    expect((await new Agent(t.app).login(user.email, 'Brand-new-2')).statusCode).toBe(200);
    expect((await new Agent(t.app).login(user.email, 'Taken-over-3')).statusCode).toBe(422);
  });

  it('every link dies when the password is changed through PUT /api/v1/user/password', async () => {
    const user = await createUser(t.app);
    const guest = new Agent(t.app);
    await guest.get('/sanctum/csrf-cookie');
    const link = await resetToken(guest, user.email);
    const owner = new Agent(t.app);
    await owner.login(user.email, user.password);
    const changed = await owner.put('/api/v1/user/password', {
      current_password: user.password,
      password: 'Changed-pass-4',
      password_confirmation: 'Changed-pass-4',
    });
    expect(changed.statusCode).toBe(200);
    expect((await reset(guest, link, user.email, 'Taken-over-3')).statusCode).toBe(422);
    expect((await new Agent(t.app).login(user.email, 'Changed-pass-4')).statusCode).toBe(200);
  });

  it('one link used twice at the same moment sets the password once', async () => {
    const user = await createUser(t.app);
    const guest = new Agent(t.app);
    await guest.get('/sanctum/csrf-cookie');
    const link = await resetToken(guest, user.email);
    const results = await Promise.all(['First-pass-5', 'Second-pass-6'].map((p) => reset(guest, link, user.email, p)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });
});
