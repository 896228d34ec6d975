import { Agent, loggedIn, testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let owner: Agent;
let ownerId: number;
let other: Agent;
let otherId: number;
beforeAll(async () => {
  t = await testApp();
  ({
    agent: owner,
    user: { id: ownerId },
  } = await loggedIn(t.app));
  ({
    agent: other,
    user: { id: otherId },
  } = await loggedIn(t.app));
});
afterAll(async () => t.close());

const newClient = async (agent: Agent, body: Record<string, unknown>) =>
  (await agent.post('/api/v1/clients', { last_name: 'Messages', ...body })).json().data.id as number;
const messages = (agent: Agent, id: number) => agent.get(`/api/v1/clients/messages/${id}`);

describe('GET /api/v1/clients/messages/{clientId}', () => {
  it('lists what the business sent the client by email or SMS, newest first, and nothing else', async () => {
    const ann = await newClient(owner, { first_name: 'Ann', email: 'Ann@Example.test', phone: '+447700900111' });
    await t.app.mailer.send({
      to: 'ann@example.test',
      subject: 'Your booking',
      text: 'Booked',
      userId: ownerId,
      type: 'booking',
    });
    await t.app.sms.send({ to: '+447700900111', text: 'See you at 10:00', userId: ownerId, type: 'reminder' });
    // The owner's own account mail, another client's mail, and another owner's mail to the same address: not hers.
    await t.app.mailer.send({ to: 'ann@example.test', subject: 'Reset your password', text: 'Link', userId: ownerId });
    await t.app.mailer.send({
      to: 'bob@example.test',
      subject: 'Your booking',
      text: 'x',
      userId: ownerId,
      type: 'booking',
    });
    await t.app.mailer.send({
      to: 'ann@example.test',
      subject: 'Elsewhere',
      text: 'x',
      userId: otherId,
      type: 'booking',
    });

    const res = await messages(owner, ann);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toMatchObject({ current_page: 1, last_page: 1, total: 2 });
    const rows = res.json().data as Array<Record<string, unknown>>;
    expect(rows.map((r) => [r.channel, r.type])).toEqual([
      ['sms', 'reminder'],
      ['email', 'booking'],
    ]);
    expect(rows.every((r) => typeof r.created_at === 'string' && typeof r.status === 'string')).toBe(true);
    expect(rows.map((r) => r.subject)).not.toContain('Elsewhere');
  });

  it('is empty for a client without contact details, and another owner’s client is not found', async () => {
    const quiet = await newClient(owner, { first_name: 'Quiet' });
    expect((await messages(owner, quiet)).json()).toEqual({
      data: [],
      meta: { current_page: 1, last_page: 1, per_page: 25, total: 0 },
    });
    const theirs = await newClient(other, { first_name: 'Theirs', email: 'theirs@example.test' });
    expect((await messages(owner, theirs)).statusCode).toBe(404);
  });
});
