import { loggedIn, testApp, type TestApp } from '../helpers/app';

/**
 * Sending the verification link again (spec §7: POST /api/email/verification-notification): a fresh link for an
 * address not yet verified, a few an hour, and none for one already verified; the link lands on "Email verified".
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ appUrl: 'http://app.test' });
});
afterAll(async () => t.close());

const RESEND = '/api/email/verification-notification';
const linksTo = async (email: string) =>
  (await t.app.db.selectFrom('outbox').select(['subject', 'body']).where('recipient', '=', email).execute()).filter(
    (m) => m.subject === 'Verify your email address',
  );

describe('POST /api/email/verification-notification', () => {
  it('sends a fresh link that verifies the address and lands on the dashboard saying so', async () => {
    const { agent, user } = await loggedIn(t.app);
    const res = await agent.post(RESEND);
    expect([res.statusCode, res.json().message]).toEqual([
      200,
      'A fresh verification link has been sent to your email address.',
    ]);
    const [mail] = await linksTo(user.email);
    const link = /http:\/\/app\.test(\/api\/email\/verify\/\d+\/[0-9a-f]+)/.exec(mail.body)![1];
    const landed = await agent.get(link);
    expect([landed.statusCode, landed.headers.location]).toEqual([302, '/dashboard?verified=1']);
    expect((await agent.get('/api/v1/user')).json().data.email_verified_at).toEqual(expect.any(String));
  });

  it('sends none for an address already verified', async () => {
    const { agent, user } = await loggedIn(t.app);
    await t.app.db
      .updateTable('users')
      .set({ email_verified_at: new Date().toISOString() })
      .where('id', '=', user.id)
      .execute();
    const res = await agent.post(RESEND);
    expect([res.statusCode, res.json().message]).toEqual([200, 'Your email address is already verified.']);
    expect(await linksTo(user.email)).toHaveLength(0);
  });

  it('sends five an hour, then says when to ask again', async () => {
    const { agent, user } = await loggedIn(t.app);
    for (let i = 0; i < 5; i++) expect((await agent.post(RESEND)).statusCode).toBe(200);
    const sixth = await agent.post(RESEND);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/^Too many verification links asked for\. Please try again in \d+ seconds\.$/);
    expect(await linksTo(user.email)).toHaveLength(5);
  });

  it('is for a signed-in account', async () => {
    const { agent } = await loggedIn(t.app);
    await agent.post('/api/logout');
    expect((await agent.post(RESEND)).statusCode).toBeGreaterThanOrEqual(401);
  });
});
