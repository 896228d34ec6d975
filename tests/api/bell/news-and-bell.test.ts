import { Agent, createUser, loggedIn, testApp, type TestApp } from '../../helpers/app';
import { book, bookingOwner, verifiedClient } from '../../helpers/booking';

/**
 * Admins' news (spec §7 `/admin/news`) and the owner's bell (`/user/{type}`, §4: news unread → READ, reading a
 * notification removes it, mark all read clears the notifications and sets all news READ).
 */
let t: TestApp;
let admin: Agent;
let gbPremium: Agent;
let uaBusiness: Agent;
let affiliate: Agent;
beforeAll(async () => {
  t = await testApp({ appUrl: 'http://127.0.0.1:1' });
  const a = await createUser(t.app, { is_admin: 1 });
  admin = new Agent(t.app);
  await admin.login(a.email, a.password);
  ({ agent: gbPremium } = await loggedIn(t.app, { plan_name: 'Premium Monthly' }));
  const ua = await createUser(t.app, { plan_name: 'Business Monthly' });
  await t.app.db.updateTable('users').set({ region: 'UA', locale: 'uk' }).where('id', '=', ua.id).execute();
  uaBusiness = new Agent(t.app, 'uk');
  await uaBusiness.login(ua.email, ua.password);
  const f = await createUser(t.app);
  await t.app.db.updateTable('users').set({ is_affiliate: 1 }).where('id', '=', f.id).execute();
  affiliate = new Agent(t.app);
  await affiliate.login(f.email, f.password);
});
afterAll(async () => t.close());

const today = new Date().toISOString().slice(0, 10);
const write = async (body: Record<string, unknown>) => {
  const res = await admin.post('/api/v1/admin/news', { text: 'Body', audience: 'all', publish_date: today, ...body });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number };
};
const titles = async (agent: Agent) => {
  const res = await agent.get('/api/v1/user/news');
  expect(res.statusCode).toBe(200);
  return (res.json().data as Array<{ title: string }>).map((n) => n.title).sort();
};

describe('admin news', () => {
  it('refuses an owner and an affiliate on every admin news route', async () => {
    const { id } = await write({ title: 'Guarded' });
    for (const agent of [gbPremium, affiliate]) {
      expect((await agent.get('/api/v1/admin/news')).statusCode).toBe(403);
      expect(
        (await agent.post('/api/v1/admin/news', { title: 'x', text: 'y', audience: 'all', publish_date: today }))
          .statusCode,
      ).toBe(403);
      expect((await agent.get(`/api/v1/admin/news/${id}`)).statusCode).toBe(403);
      expect(
        (await agent.put(`/api/v1/admin/news/${id}`, { title: 'x', text: 'y', audience: 'all', publish_date: today }))
          .statusCode,
      ).toBe(403);
      expect((await agent.delete(`/api/v1/admin/news/${id}`)).statusCode).toBe(403);
    }
    expect((await admin.get(`/api/v1/admin/news/${id}`)).json().data.title).toBe('Guarded');
  });

  it('answers bad input with 422 and a message per field', async () => {
    const res = await admin.post('/api/v1/admin/news', { text: '', audience: 'region', publish_date: 'soon' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(expect.arrayContaining(['publish_date', 'title']));
    const noRegion = await admin.post('/api/v1/admin/news', {
      title: 'Where?',
      text: 'x',
      audience: 'region',
      publish_date: today,
    });
    expect(noRegion.statusCode).toBe(422);
    expect(noRegion.json().errors.region).toHaveLength(1);
    const noPlan = await admin.post('/api/v1/admin/news', {
      title: 'Which?',
      text: 'x',
      audience: 'plan_level',
      publish_date: today,
    });
    expect(noPlan.statusCode).toBe(422);
    expect(noPlan.json().errors.plan).toHaveLength(1);
  });

  it('updates, lists and deletes news', async () => {
    const { id } = await write({ title: 'Draft title' });
    const put = await admin.put(`/api/v1/admin/news/${id}`, {
      title: 'Final title',
      text: 'Now',
      audience: 'all',
      publish_date: today,
    });
    expect(put.statusCode).toBe(200);
    const list = (await admin.get('/api/v1/admin/news?search=Final')).json();
    expect(list.data.map((n: { title: string }) => n.title)).toEqual(['Final title']);
    expect((await admin.delete(`/api/v1/admin/news/${id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/v1/admin/news/${id}`)).statusCode).toBe(404);
    expect(await titles(gbPremium)).not.toContain('Final title');
  });
});

describe('the owner’s news', () => {
  it('honours the audience and the publish date', async () => {
    await write({ title: 'A everyone' });
    await write({ title: 'B Ukraine', audience: 'region', region: 'UA' });
    await write({ title: 'C Britain', audience: 'region', region: 'GB' });
    await write({ title: 'D business', audience: 'plan_level', plan: 'business' });
    await write({ title: 'E premium', audience: 'plan_level', plan: 'premium' });
    await write({ title: 'F later', publish_date: '2099-01-01' });
    const gb = await titles(gbPremium);
    expect(gb).toEqual(expect.arrayContaining(['A everyone', 'C Britain', 'E premium']));
    expect(gb).not.toEqual(expect.arrayContaining(['B Ukraine']));
    for (const hidden of ['B Ukraine', 'D business', 'F later']) expect(gb).not.toContain(hidden);
    const ua = await titles(uaBusiness);
    expect(ua).toEqual(expect.arrayContaining(['A everyone', 'B Ukraine', 'D business']));
    for (const hidden of ['C Britain', 'E premium', 'F later']) expect(ua).not.toContain(hidden);
  });

  it('turns news READ one by one and all at once, removes one, and refuses news the owner is not shown', async () => {
    const mine = await write({ title: 'Read me' });
    const theirs = await write({ title: 'Ukraine only', audience: 'region', region: 'UA' });
    const before = (await gbPremium.get('/api/v1/user/news')).json();
    const item = before.data.find((n: { id: number }) => n.id === mine.id);
    expect(item.status).toBe('UNREAD');
    expect(before.unread).toBeGreaterThan(0);

    expect((await gbPremium.put(`/api/v1/user/news/${mine.id}/mark-as-read`)).statusCode).toBe(200);
    const after = (await gbPremium.get('/api/v1/user/news')).json();
    expect(after.data.find((n: { id: number }) => n.id === mine.id).status).toBe('READ');
    expect(after.unread).toBe(before.unread - 1);
    // The other owner's mark is their own.
    expect(
      (await uaBusiness.get('/api/v1/user/news')).json().data.find((n: { id: number }) => n.id === mine.id).status,
    ).toBe('UNREAD');

    expect((await gbPremium.put(`/api/v1/user/news/${theirs.id}/mark-as-read`)).statusCode).toBe(404);
    expect((await gbPremium.delete(`/api/v1/user/news/${theirs.id}/delete`)).statusCode).toBe(404);

    expect((await gbPremium.put('/api/v1/user/news/mark-all-as-read')).statusCode).toBe(200);
    const all = (await gbPremium.get('/api/v1/user/news')).json();
    expect(all.unread).toBe(0);
    expect(all.data.every((n: { status: string }) => n.status === 'READ')).toBe(true);

    expect((await gbPremium.delete(`/api/v1/user/news/${mine.id}/delete`)).statusCode).toBe(200);
    expect(await titles(gbPremium)).not.toContain('Read me');
  });

  it('is an owner’s: an admin and an affiliate have no bell', async () => {
    for (const agent of [admin, affiliate]) {
      expect((await agent.get('/api/v1/user/news')).statusCode).toBe(403);
      expect((await agent.get('/api/v1/user/notifications')).statusCode).toBe(403);
      expect((await agent.put('/api/v1/user/notifications/mark-all-as-read')).statusCode).toBe(403);
    }
  });
});

describe('the owner’s notifications', () => {
  it('tells of an online booking and its cancellation, in the owner’s language, linking to the appointment', async () => {
    const slug = 'bell-page';
    const { owner, user, service } = await bookingOwner(t.app, slug);
    const client = await verifiedClient(t.app, slug, 'bell-client@example.com');
    const res = await book(client, slug, service.public_id, '2027-03-04T10:00:00.000Z');
    expect(res.statusCode).toBe(201);
    const booked = (await owner.get('/api/v1/user/notifications')).json();
    expect(booked.unread).toBe(1);
    expect(booked.data[0]).toMatchObject({ kind: 'bookedOnline' });
    expect(booked.data[0].text).toMatch(/^Cara .*booked Consultation online for .*2027 at 10:00\.$/);
    expect(booked.data[0].link).toMatch(/^\/appointments\/calendar\/form\/\d+$/);
    const appointmentId = Number(booked.data[0].link.split('/').pop());
    const appointment = await owner.get(`/api/v1/appointments/${appointmentId}`);
    expect(appointment.statusCode).toBe(200);

    const token = res.json().data.manage_token as string;
    expect((await client.post(`/api/v1/online-booking/${slug}/bookings/${token}/cancel`, {})).statusCode).toBe(200);
    await t.app.db.updateTable('users').set({ locale: 'uk' }).where('id', '=', user.id).execute();
    owner.locale = 'uk';
    const both = (await owner.get('/api/v1/user/notifications')).json();
    expect(both.unread).toBe(2);
    expect(both.data[0].kind).toBe('cancelledOnline');
    expect(both.data[0].text).toMatch(/скасував\(-ла\) онлайн Consultation/);
    expect(both.data[1].text).toMatch(/забронював\(-ла\) онлайн/);

    // Reading one removes it from the list; another owner cannot touch it.
    expect((await gbPremium.put(`/api/v1/user/notifications/${both.data[0].id}/mark-as-read`)).statusCode).toBe(404);
    expect((await gbPremium.delete(`/api/v1/user/notifications/${both.data[0].id}/delete`)).statusCode).toBe(404);
    expect((await owner.put(`/api/v1/user/notifications/${both.data[0].id}/mark-as-read`)).statusCode).toBe(200);
    expect((await owner.get('/api/v1/user/notifications')).json().unread).toBe(1);
    expect((await owner.delete(`/api/v1/user/notifications/${both.data[1].id}/delete`)).statusCode).toBe(200);
    expect((await owner.get('/api/v1/user/notifications')).json()).toMatchObject({ unread: 0, data: [] });
  });

  it('tells of an import, a campaign sent, an export ready and low credits; mark all read clears them', async () => {
    const { agent, user } = await loggedIn(t.app, { plan_name: 'Premium Monthly' });
    // What the features that cause them tell (their own tests cover when they tell it).
    await t.app.events.notify('client-import.done', { ownerId: user.id, imported: 3, skipped: 1 });
    await t.app.events.notify('marketing.sent', { ownerId: user.id, campaignId: 7, title: 'Spring', sent: 1 });
    await t.app.events.notify('data-export.ready', { ownerId: user.id, exportId: 1 });
    await t.app.events.notify('credits.low', { ownerId: user.id, type: 'sms', balance: 20 });
    const res = (await agent.get('/api/v1/user/notifications')).json();
    expect(res.data.map((n: { text: string; link: string }) => [n.text, n.link])).toEqual([
      ['Only 20 SMS credits left. Buy more so reminders keep going out.', '/account-setup/notifications/credits'],
      ['Your data export is ready to download.', '/account-setup/helpful-tools/export-information'],
      ['Campaign “Spring” was sent to 1 client.', '/marketing/campaign/7'],
      ['Import finished: 3 clients added.', '/clients/list'],
    ]);
    expect((await agent.put('/api/v1/user/notifications/mark-all-as-read')).statusCode).toBe(200);
    expect((await agent.get('/api/v1/user/notifications')).json()).toMatchObject({ unread: 0, data: [] });
  });

  it('tells of a real client import', async () => {
    const { agent } = await loggedIn(t.app, { plan_name: 'Premium Monthly' });
    const boundary = '----bell-import';
    const file = Buffer.from('First name,Last name,Email\r\nIda,Bell,ida@example.com\r\nJo,Bell,jo@example.com');
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/import-clients',
      payload,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'x-xsrf-token': agent.cookies['XSRF-TOKEN'],
      },
      cookies: agent.cookies,
    });
    expect(res.statusCode).toBe(201);
    const [n] = (await agent.get('/api/v1/user/notifications')).json().data;
    expect(n).toMatchObject({ kind: 'importDone', text: 'Import finished: 2 clients added.', link: '/clients/list' });
  });
});
