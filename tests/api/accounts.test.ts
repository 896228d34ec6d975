import { SMTPServer } from 'smtp-server';
import { Agent, testApp, type TestApp } from '../helpers/app';

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
async function smtpServer() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push(raw);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Quoted-printable bodies wrap long lines with "=\r\n"; unwrap them to read links. */
const unwrap = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

let t: TestApp;
let smtp: Awaited<ReturnType<typeof smtpServer>>;
beforeAll(async () => {
  smtp = await smtpServer();
  t = await testApp({ smtpUrl: smtp.url, appUrl: 'http://app.test' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const registration = {
  first_name: 'Rita',
  last_name: 'Reyes',
  email: 'rita@example.com',
  password: 'Strong-pass-1',
  password_confirmation: 'Strong-pass-1',
  region: 'UA',
};

describe('POST /api/register', () => {
  it('applies the password rules in the spec’s words', async () => {
    const agent = new Agent(t.app);
    await agent.get('/sanctum/csrf-cookie');
    const check = async (password: string) =>
      (
        await agent.post('/api/register', {
          ...registration,
          email: 'x@example.com',
          password,
          password_confirmation: password,
        })
      ).json().errors?.password;
    expect(await check('Sh0rt')).toEqual(['The password must be at least 8 characters.']);
    expect(await check('lowercase-1')).toEqual(['The password must contain at least one capital letter.']);
    expect(await check('No-numbers')).toEqual(['The password must contain at least one number.']);
    const mismatch = await agent.post('/api/register', {
      ...registration,
      email: 'y@example.com',
      password_confirmation: 'Other-pass-1',
    });
    expect(mismatch.json().errors).toEqual({ password: ['The password confirmation does not match.'] });
    expect((await agent.post('/api/register', { ...registration, region: 'US' })).json().errors.region).toEqual([
      'The selected region is invalid.',
    ]);
  });

  it('creates the account, logs it in on a 14-day trial with 5 SMS and 5 email credits, and sends a verification email', async () => {
    const agent = new Agent(t.app);
    await agent.get('/sanctum/csrf-cookie');
    const res = await agent.post('/api/register', registration);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Welcome to Soloist! Your 14-day free trial has started.');
    const me = (await agent.get('/api/v1/user')).json().data;
    expect(me).toMatchObject({
      email: 'rita@example.com',
      region: 'UA',
      role: 'users',
      credits: { sms: 5, email: 5 },
      read_only: false,
      subscription: { status: 'trialing', valid: true, stage: 'trial' },
    });
    const days = (Date.parse(me.subscription.ends_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    const mail = unwrap(smtp.received.find((m) => m.includes('rita@example.com') && m.includes('Verify your email'))!);
    const link = /http:\/\/app\.test(\/api\/email\/verify\/\d+\/[0-9a-f]+)/.exec(mail)![1];
    expect(me.email_verified_at).toBeNull();
    const verify = await agent.get(link);
    expect(verify.statusCode).toBe(302);
    expect((await agent.get('/api/v1/user')).json().data.email_verified_at).toEqual(expect.any(String));
    expect((await agent.get(link.replace(/[0-9a-f]{40}$/, '0'.repeat(40)))).statusCode).toBe(404);
  });

  it('records every email in the owner’s messages, newest first, with its delivery status', async () => {
    const agent = new Agent(t.app);
    await agent.login('rita@example.com', 'Strong-pass-1');
    // Verified above; a verified address is sent no second link, so it is unverified again for a second email.
    await t.app.db
      .updateTable('users')
      .set({ email_verified_at: null })
      .where('email', '=', 'rita@example.com')
      .execute();
    await agent.post('/api/email/verification-notification');
    const list = (await agent.get('/api/v1/user/messages')).json();
    expect(list.data.length).toBeGreaterThanOrEqual(2);
    expect(list.data[0]).toMatchObject({
      channel: 'email',
      recipient: 'rita@example.com',
      subject: 'Verify your email address',
      status: 'sent',
    });
    expect(list.data[0].created_at >= list.data[1].created_at).toBe(true);
    const one = (await agent.get(`/api/v1/user/messages/${list.data[0].id}`)).json().data;
    expect(one.body).toContain('/api/email/verify/');
    expect((await agent.post('/api/v1/user/messages', { subject: 'x' })).statusCode).toBe(404);
  });

  it('refuses a taken email', async () => {
    const agent = new Agent(t.app);
    await agent.get('/sanctum/csrf-cookie');
    expect((await agent.post('/api/register', { ...registration, email: 'RITA@example.com' })).json().errors).toEqual({
      email: ['The email has already been taken.'],
    });
  });
});

describe('POST /api/register-affiliate', () => {
  it('creates an affiliate account', async () => {
    const agent = new Agent(t.app);
    await agent.get('/sanctum/csrf-cookie');
    expect(
      (await agent.post('/api/register-affiliate', { ...registration, email: 'aff@example.com' })).statusCode,
    ).toBe(201);
    expect((await agent.get('/api/v1/user')).json().data).toMatchObject({ is_affiliate: true, role: 'affiliates' });
  });
});

describe('password reset', () => {
  it('emails a single-use link that sets a new password and ends old sessions', async () => {
    const owner = new Agent(t.app);
    await owner.login('rita@example.com', 'Strong-pass-1');
    const guest = new Agent(t.app);
    await guest.get('/sanctum/csrf-cookie');
    const unknown = await guest.post('/api/forgot-password', { email: 'nobody@example.com' });
    const known = await guest.post('/api/forgot-password', { email: 'rita@example.com' });
    expect(unknown.json().message).toBe(known.json().message);
    const mail = unwrap(smtp.received.filter((m) => m.includes('Reset your Soloist password')).pop()!);
    const token = /\/password\/reset\/([A-Za-z0-9_-]+)\?email=/.exec(mail)![1];

    const weak = await guest.post('/api/reset-password', {
      token,
      email: 'rita@example.com',
      password: 'weak',
      password_confirmation: 'weak',
    });
    expect(weak.statusCode).toBe(422);
    const wrongEmail = await guest.post('/api/reset-password', {
      token,
      email: 'other@example.com',
      password: 'Brand-new-2',
      password_confirmation: 'Brand-new-2',
    });
    expect(wrongEmail.json().errors).toEqual({ email: ['This password reset token is invalid.'] });
    const ok = await guest.post('/api/reset-password', {
      token,
      email: 'rita@example.com',
      password: 'Brand-new-2',
      password_confirmation: 'Brand-new-2',
    });
    expect(ok.json().message).toBe('Your password has been reset. Please log in.');
    expect((await owner.get('/api/v1/user')).statusCode).toBe(401);
    const again = await guest.post('/api/reset-password', {
      token,
      email: 'rita@example.com',
      password: 'Another-3x',
      password_confirmation: 'Another-3x',
    });
    expect(again.statusCode).toBe(422);
    expect((await new Agent(t.app).login('rita@example.com', 'Brand-new-2')).statusCode).toBe(200);
  });

  it('limits reset requests per account with a 429', async () => {
    const guest = new Agent(t.app);
    await guest.get('/sanctum/csrf-cookie');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await guest.post('/api/forgot-password', { email: 'limit@example.com' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('POST /api/email/verification-notification', () => {
  it('needs a logged-in user', async () => {
    const guest = new Agent(t.app);
    await guest.get('/sanctum/csrf-cookie');
    expect((await guest.post('/api/email/verification-notification')).statusCode).toBe(401);
  });
});
