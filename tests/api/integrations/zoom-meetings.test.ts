import { startLocalZoom, type LocalZoom } from '../../../dev/stand-ins/zoom/server';
import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { connectThroughOAuth } from '../../helpers/integrations';

// An owner connected to Zoom: a class with Zoom gets one meeting per session, moved and deleted with it; an
// appointment with Zoom gets its meeting too. Without a connection Zoom cannot be chosen (spec §5, §8).
let t: TestApp;
let zoom: LocalZoom;
let owner: Agent;
const live = () => zoom.meetings().filter((m) => !m.deleted);

beforeAll(async () => {
  zoom = await startLocalZoom();
  t = await testApp({
    zoomClientId: zoom.clientId,
    zoomClientSecret: zoom.clientSecret,
    zoomWebhookSecret: zoom.webhookSecret,
    zoomOauthUrl: zoom.oauthUrl,
    zoomApiUrl: zoom.apiUrl,
  });
  ({ agent: owner } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
});
afterAll(async () => {
  await t.close();
  await zoom.close();
});

const yoga = (sessions: Array<{ id?: number; date: string; start_time: string }>, on = true) => ({
  title: 'Morning yoga',
  price: 1200,
  duration: 45,
  spaces: 8,
  zoom: on,
  sessions,
});

it('refuses Zoom before it is connected, in the spec’s words', async () => {
  const res = await owner.post('/api/v1/classes', yoga([{ date: '2027-04-05', start_time: '08:00' }]));
  expect(res.statusCode).toBe(422);
  expect(res.json().errors.zoom).toEqual(['Please, connect zoom integration first!']);
  const lite = (await loggedIn(t.app, { plan_name: 'Lite Monthly' })).agent;
  expect((await lite.get('/api/v1/integrations/zoom/connect')).statusCode).toBe(403);
});

it('a class session with Zoom has one meeting; moving it moves the meeting; removing it deletes the meeting', async () => {
  const back = await connectThroughOAuth(owner, 'zoom', { display_name: 'Ana Trainer', email: 'ana@example.com' });
  expect(back.headers.location).toBe('/account-setup/integrations/zoom-integration?connected=zoom');
  expect((await owner.get('/api/v1/integrations')).json().data.video).toMatchObject({
    provider: 'zoom',
    status: 'connected',
    account_name: 'Ana Trainer',
  });
  const made = await owner.post('/api/v1/classes', yoga([{ date: '2027-04-05', start_time: '08:00' }]));
  expect(made.statusCode).toBe(201);
  const cls = made.json().data;
  expect(live()).toEqual([expect.objectContaining({ topic: 'Morning yoga', duration: 45, timezone: 'Europe/London' })]);
  // 08:00 in London in April (summer time) is 07:00 UTC.
  expect(live()[0].start_time).toBe('2027-04-05T07:00:00Z');
  const session = cls.sessions[0];
  const row = await t.app.db
    .selectFrom('class_sessions')
    .selectAll()
    .where('id', '=', session.id)
    .executeTakeFirstOrThrow();
  expect(row.zoom_join_url).toBe(live()[0].join_url);

  await owner.put(`/api/v1/classes/${cls.id}`, yoga([{ id: session.id, date: '2027-04-06', start_time: '09:30' }]));
  expect(live()).toHaveLength(1);
  expect(live()[0].start_time).toBe('2027-04-06T08:30:00Z');

  await owner.put(`/api/v1/classes/${cls.id}`, yoga([{ date: '2027-04-07', start_time: '08:00' }]));
  expect(live()).toEqual([expect.objectContaining({ start_time: '2027-04-07T07:00:00Z' })]);
  expect(zoom.meetings().filter((m) => m.deleted)).toHaveLength(1);

  expect((await owner.delete(`/api/v1/classes/${cls.id}`)).statusCode).toBe(200);
  expect(live()).toEqual([]);
});

it('an appointment with Zoom gets its meeting, moved with it and deleted with it', async () => {
  const res = await owner.post('/api/v1/appointments', {
    type: 'private',
    title: 'Online consultation',
    date: '2027-04-08',
    start_time: '10:00',
    duration: 60,
    zoom: true,
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().data.id;
  expect(live()).toEqual([
    expect.objectContaining({ topic: 'Online consultation', start_time: '2027-04-08T09:00:00Z' }),
  ]);
  await owner.put(`/api/v1/appointments/${id}/time`, { date: '2027-04-09', start_time: '11:00' });
  expect(live()[0].start_time).toBe('2027-04-09T10:00:00Z');
  await owner.delete(`/api/v1/appointments/${id}`);
  expect(live()).toEqual([]);
});

it('a revoked Zoom grant turns the connection to reconnect, and Zoom is refused again in words', async () => {
  zoom.revokeAll();
  await t.app.db.updateTable('integrations').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
  const res = await owner.post('/api/v1/classes', yoga([{ date: '2027-04-12', start_time: '08:00' }]));
  expect(res.statusCode).toBe(201);
  const view = (await owner.get('/api/v1/integrations')).json().data;
  expect(view.video.status).toBe('reconnect');
  expect(view.message).toBe('Please, connect zoom integration first!');
  const again = await owner.post('/api/v1/classes', yoga([{ date: '2027-04-13', start_time: '08:00' }]));
  expect(again.statusCode).toBe(422);
  expect((await owner.get('/api/v1/integrations/zoom/disconnect')).statusCode).toBe(200);
});
