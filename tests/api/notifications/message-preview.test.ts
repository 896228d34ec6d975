import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';

/**
 * A template's preview as the owner types it (POST /user/message-preview and /marketing/preview): the text a client
 * gets, in the owner's language, with the business's name and booking page; the tags to offer; a tag typed wrongly;
 * the SMS size and credits counted as carriers bill them — for a campaign with its opt-out line.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ appUrl: 'http://app.test' });
});
afterAll(async () => t.close());

const preview = (agent: Agent, body: Record<string, unknown>, path = '/api/v1/user/message-preview') =>
  agent.post(path, { kind: 'reminder', channel: 'sms', part: 'text', ...body });

describe('a message template’s preview', () => {
  it('fills the tags for a sample client and counts a GSM-7 SMS', async () => {
    const { agent } = await loggedIn(t.app);
    await agent.put('/api/v1/user/invoice-settings', {
      prefix: 'INV-',
      start_number: 1,
      due_days: 14,
      business_name: 'Hart Hair',
    });
    const res = await preview(agent, { text: '{business_name}: see you {date} at {time}, {client_first_name}' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.text).toMatch(/^Hart Hair: see you \w+day \d+ \w+ \d{4} at 10:00, \w+$/);
    expect(data.tags).toEqual(expect.arrayContaining(['client_first_name', 'date', 'time', 'manage_link']));
    expect(data.warning).toBeNull();
    expect(data.footer).toBeNull();
    expect(data.notes).toEqual([
      { key: 'notifications.smsSize', values: expect.objectContaining({ count: 1, encoding: 'GSM-7', credits: 1 }) },
    ]);
  });

  it('counts 71 Cyrillic characters as two UCS-2 parts, two credits', async () => {
    const { agent } = await loggedIn(t.app);
    const data = (await preview(agent, { text: 'Ж'.repeat(71) })).json().data;
    expect(data.notes[0].values).toEqual({ count: 2, characters: 71, encoding: 'UCS-2', credits: 2 });
  });

  it('names a tag the message type does not offer, and offers only its own tags', async () => {
    const { agent } = await loggedIn(t.app);
    const data = (await preview(agent, { kind: 'thank_you', text: 'Hi {Client_First_Name} {date}' })).json().data;
    expect(data.warning).toEqual({
      key: 'notifications.unknownTags',
      values: { tags: '{Client_First_Name}, {date}', count: 2 },
    });
    expect(data.tags).not.toContain('date');
    expect(data.tags).toContain('booking_link');
  });

  it('speaks the owner’s language and gives an email no SMS size; a subject gets no notes', async () => {
    const { agent, user } = await loggedIn(t.app);
    await t.app.db.updateTable('users').set({ locale: 'uk' }).where('id', '=', user.id).execute();
    const email = (await preview(agent, { channel: 'email', text: '{client_first_name}, {date}' })).json().data;
    expect(email.text).toMatch(/[А-ЯІЇЄа-яіїє]/);
    expect(email.notes).toEqual([{ key: 'notifications.emailSize', values: {} }]);
    const subject = (await preview(agent, { channel: 'email', part: 'subject', text: 'On {date}' })).json().data;
    expect(subject.notes).toEqual([]);
  });

  it('counts a campaign SMS with the opt-out line it is sent with, and shows that line', async () => {
    const { agent } = await loggedIn(t.app);
    const data = (
      await preview(agent, { kind: 'marketing', text: 'A'.repeat(150) }, '/api/v1/marketing/preview')
    ).json().data;
    expect(data.footer).toMatch(/OPTOUT/);
    expect(data.notes[0].values.count).toBe(2);
    // 150 characters fit one SMS alone; with the line under them they take two.
    // Not yet chosen: the cost both ways.
    const any = (
      await preview(agent, { kind: 'marketing', channel: 'any', text: 'Hello' }, '/api/v1/marketing/preview')
    ).json().data;
    expect(any.notes.map((n: { key: string }) => n.key)).toEqual(['notifications.smsSize', 'notifications.emailSize']);
  });

  it('offers the tags of an emptied field (sent as null), with no preview and no size', async () => {
    const { agent } = await loggedIn(t.app);
    const res = await preview(agent, { kind: 'booking', text: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ text: '', warning: null, notes: [] });
    expect(res.json().data.tags).toContain('manage_link');
  });

  it('refuses a kind that is not one, and a campaign preview on a plan without marketing', async () => {
    const { agent } = await loggedIn(t.app);
    const bad = await preview(agent, { kind: 'newsletter', text: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.kind).toBeDefined();
    const lite = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    const refused = await preview(lite.agent, { kind: 'marketing', text: 'x' }, '/api/v1/marketing/preview');
    expect(refused.statusCode).toBe(403);
  });
});
