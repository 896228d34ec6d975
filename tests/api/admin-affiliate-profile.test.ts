import { Agent, createUser, loggedIn, testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await testApp();
  const a = await createUser(t.app, { is_admin: 1 });
  admin = new Agent(t.app);
  await admin.login(a.email, a.password);
});
afterAll(async () => t.close());

describe('GET /api/v1/admin/user', () => {
  it('lists users by the spec’s scopes, and is closed to owners', async () => {
    const { user: owner, agent } = await loggedIn(t.app);
    await t.app.db
      .updateTable('users')
      .set({ is_affiliate: 1 })
      .where('id', '=', (await createUser(t.app, { email: 'aff-scope@example.com' })).id)
      .execute();
    const gone = await createUser(t.app, { email: 'gone@example.com' });
    await t.app.db
      .updateTable('users')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', gone.id)
      .execute();
    const lapsed = await createUser(t.app, { email: 'lapsed@example.com' });
    await t.app.db.updateTable('users').set({ stage: 'unsubscriber' }).where('id', '=', lapsed.id).execute();

    const emails = async (q: string) =>
      (await admin.get(`/api/v1/admin/user${q}`)).json().data.map((u: { email: string }) => u.email);
    const users = await emails('?per_page=100');
    expect(users).toContain(owner.email);
    expect(users).not.toContain('aff-scope@example.com');
    expect(users).not.toContain('gone@example.com');
    expect(users.every((e: string) => !e.startsWith('admin'))).toBe(true);
    expect(await emails('?scope=affiliates')).toEqual(['aff-scope@example.com']);
    expect(await emails('?scope=only_trashed')).toEqual(['gone@example.com']);
    expect(await emails('?scope=only_unsubscribed')).toEqual(['lapsed@example.com']);
    expect((await admin.get('/api/v1/admin/user?scope=everyone')).statusCode).toBe(422);
    const one = (await admin.get('/api/v1/admin/user?search=lapsed')).json().data[0];
    expect(one.password_hash).toBeUndefined();
    expect((await agent.get('/api/v1/admin/user')).statusCode).toBe(403);
  });

  it('trashes a user instead of erasing them', async () => {
    const victim = await createUser(t.app, { email: 'trash-me@example.com' });
    expect((await admin.delete(`/api/v1/admin/user/${victim.id}`)).statusCode).toBe(200);
    expect(
      (await admin.get('/api/v1/admin/user?scope=only_trashed')).json().data.map((u: { email: string }) => u.email),
    ).toContain('trash-me@example.com');
    expect((await new Agent(t.app).login(victim.email, victim.password)).statusCode).toBe(422);
  });
});

describe('POST /api/v1/admin/user/{id} and /admin/user/logout', () => {
  it('signs an admin in as a user and back', async () => {
    const target = await createUser(t.app, { email: 'target@example.com' });
    const res = await admin.post(`/api/v1/admin/user/${target.id}`);
    expect(res.json().message).toBe('You are now signed in as Test User.');
    expect((await admin.get('/api/v1/user')).json().data).toMatchObject({
      email: 'target@example.com',
      impersonating: true,
    });
    expect((await admin.get('/api/v1/clients')).statusCode).toBe(200);
    expect((await admin.post('/api/v1/admin/user/logout')).json().message).toBe('You are back in your admin account.');
    expect((await admin.get('/api/v1/user')).json().data).toMatchObject({ is_admin: true, impersonating: false });
  });

  it('refuses owners, other admins and a second hop', async () => {
    const { agent: owner } = await loggedIn(t.app);
    const other = await createUser(t.app);
    expect((await owner.post(`/api/v1/admin/user/${other.id}`)).statusCode).toBe(403);
    const otherAdmin = await createUser(t.app, { is_admin: 1 });
    expect((await admin.post(`/api/v1/admin/user/${otherAdmin.id}`)).statusCode).toBe(403);
    expect((await owner.post('/api/v1/admin/user/logout')).statusCode).toBe(422);
  });
});

describe('affiliate', () => {
  it('creates one code, shows statistics and counts referred sign-ups', async () => {
    const aff = await createUser(t.app, { email: 'partner@example.com' });
    await t.app.db.updateTable('users').set({ is_affiliate: 1 }).where('id', '=', aff.id).execute();
    const agent = new Agent(t.app);
    await agent.login(aff.email, aff.password);
    const first = (await agent.post('/api/v1/affiliate/create-code')).json().data;
    expect(first.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(first.url).toContain(`/register?ref=${first.code}`);
    expect((await agent.post('/api/v1/affiliate/create-code')).json().data.code).toBe(first.code);

    const newcomer = new Agent(t.app);
    await newcomer.get('/sanctum/csrf-cookie');
    await newcomer.post('/api/register', {
      first_name: 'Ref',
      last_name: 'Erred',
      email: 'referred@example.com',
      password: 'Strong-pass-1',
      password_confirmation: 'Strong-pass-1',
      referral_code: first.code.toLowerCase(),
    });
    expect((await agent.get('/api/v1/affiliate/statistic')).json().data).toMatchObject({
      code: first.code,
      subscribers: 1,
      trialing: 1,
      earnings: 0,
      currency: 'gbp',
    });
    const { agent: owner } = await loggedIn(t.app);
    expect((await owner.post('/api/v1/affiliate/create-code')).statusCode).toBe(403);
  });
});

describe('profile', () => {
  it('updates details and locale, answering in the new language', async () => {
    const { agent, user } = await loggedIn(t.app);
    const res = await agent.put('/api/v1/user/profile', {
      first_name: 'Nova',
      last_name: 'Name',
      email: user.email,
      locale: 'uk',
    });
    expect(res.json().message).toBe('Ваш профіль оновлено.');
    expect((await agent.get('/api/v1/user')).json().data).toMatchObject({ first_name: 'Nova', locale: 'uk' });
    expect(
      (await agent.put('/api/v1/user/profile', { first_name: 'A', last_name: 'B', email: 'target@example.com' })).json()
        .errors,
    ).toEqual({ email: ['The email has already been taken.'] });
  });

  it('changes the password only with the current one, and signs out other devices', async () => {
    const { agent, user } = await loggedIn(t.app);
    const other = new Agent(t.app);
    await other.login(user.email, user.password);
    expect(
      (
        await agent.put('/api/v1/user/password', {
          current_password: 'nope',
          password: 'Newer-pass-2',
          password_confirmation: 'Newer-pass-2',
        })
      ).json().errors,
    ).toEqual({ current_password: ['The provided password does not match your current password.'] });
    expect(
      (
        await agent.put('/api/v1/user/password', {
          current_password: user.password,
          password: 'weakpass',
          password_confirmation: 'weakpass',
        })
      ).json().errors.password,
    ).toEqual([
      'The new password must contain at least one capital letter.',
      'The new password must contain at least one number.',
    ]);
    expect(
      (
        await agent.put('/api/v1/user/password', {
          current_password: user.password,
          password: 'Newer-pass-2',
          password_confirmation: 'Newer-pass-2',
        })
      ).statusCode,
    ).toBe(200);
    expect((await agent.get('/api/v1/user')).statusCode).toBe(200);
    expect((await other.get('/api/v1/user')).statusCode).toBe(401);
  });

  it('deletes the profile only with the confirm text', async () => {
    const { agent, user } = await loggedIn(t.app);
    const wrong = await agent.request('DELETE', '/api/v1/user/delete', { confirm_text: 'delete me' });
    expect(wrong.json()).toEqual({
      message: 'Incorrect confirm text',
      errors: { confirm_text: ['Incorrect confirm text'] },
    });
    expect((await agent.request('DELETE', '/api/v1/user/delete', { confirm_text: 'DELETE' })).statusCode).toBe(200);
    expect((await new Agent(t.app).login(user.email, user.password)).statusCode).toBe(422);
  });
});
