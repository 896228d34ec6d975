import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
});
afterAll(async () => t.close());

describe('PUT /api/v1/user/business-time-settings/:id and /user/calendar-settings', () => {
  it('starts from defaults for the region and keeps one entry per weekday', async () => {
    const me = (await owner.get('/api/v1/user')).json().data;
    expect(me.calendarSettings).toMatchObject({ time_zone: 'Europe/London', slot_step: 15 });
    expect(me.businessTimeSettings).toHaveLength(7);
    expect(me.businessTimeSettings[0]).toMatchObject({ id: 1, weekday: 1, open: true, start: '09:00', end: '17:00' });
  });

  it('updates a weekday, refusing an end before the start and breaks outside the day', async () => {
    expect(
      (await owner.put('/api/v1/user/business-time-settings/2', { open: true, start: '10:00', end: '09:00' })).json()
        .errors,
    ).toEqual({ end: ['The end time must be after the start time.'] });
    expect(
      (
        await owner.put('/api/v1/user/business-time-settings/2', {
          open: true,
          start: '09:00',
          end: '17:00',
          breaks: [{ start: '16:30', end: '17:30' }],
        })
      ).json().errors,
    ).toEqual({ breaks: ['Breaks must sit inside working hours and not overlap.'] });
    expect(
      (await owner.put('/api/v1/user/business-time-settings/8', { open: true, start: '09:00', end: '17:00' }))
        .statusCode,
    ).toBe(422);
    const ok = await owner.put('/api/v1/user/business-time-settings/2', {
      open: true,
      start: '09:00',
      end: '13:00',
      breaks: [{ start: '11:00', end: '11:30' }],
    });
    expect(ok.json().data).toMatchObject({ id: 2, weekday: 2, start: '09:00', end: '13:00' });
    expect((await owner.get('/api/v1/user/calendar-settings')).json().data).toMatchObject({
      time_zone: 'Europe/London',
      slot_step: 15,
    });
    const settings = await owner.put('/api/v1/user/calendar-settings', {
      time_zone: 'Europe/London',
      slot_step: 30,
      min_notice_minutes: 0,
    });
    expect(settings.json().data).toMatchObject({ slot_step: 30, min_notice_minutes: 0 });
    expect((await owner.get('/api/v1/user/calendar-settings')).json().data).toMatchObject({ slot_step: 30 });
    expect(
      (
        await owner.put('/api/v1/user/calendar-settings', {
          time_zone: 'Mars/Olympus',
          slot_step: 30,
          min_notice_minutes: 0,
        })
      ).json().errors,
    ).toEqual({ time_zone: ['The selected time zone is invalid.'] });
  });
});

describe('GET /api/v1/services/:id/availability', () => {
  it('offers starts inside business hours, around breaks and class sessions, with free parts over busy time', async () => {
    const service = (
      await owner.post('/api/v1/services', {
        title: 'Colour',
        price: 5000,
        duration: 90,
        multipart: true,
        parts: [
          { title: 'Apply', duration: 30, blocked: true },
          { title: 'Develop', duration: 30, blocked: false },
          { title: 'Rinse', duration: 30, blocked: true },
        ],
      })
    ).json().data;
    // Tuesday 2027-01-05 in London (GMT): open 09:00–13:00, break 11:00–11:30, slot step 30 (set above).
    await owner.post('/api/v1/classes', {
      title: 'Yoga',
      price: 100,
      duration: 30,
      spaces: 5,
      sessions: [{ date: '2027-01-05', start_time: '10:00' }],
    });
    const res = await owner.get(`/api/v1/services/${service.id}/availability?from=2027-01-05&to=2027-01-05`);
    expect(res.statusCode).toBe(200);
    const times = res.json().data.map((iso: string) => iso.slice(11, 16));
    // 09:00 → parts 09:00 (blocked), 09:30 (free), 10:00 (blocked: the class) ✗; 09:30 → 09:30, free 10:00 over the class, 10:30 ✓
    expect(times).toEqual(['09:30', '11:30']);
    expect(res.json().meta.time_zone).toBe('Europe/London');
    // An appointment's blocked time is busy too: 12:30 meets the 11:30 start's last (blocked) part.
    await owner.post('/api/v1/appointments', {
      type: 'blocked',
      title: 'Errand',
      date: '2027-01-05',
      start_time: '12:30',
      duration: 30,
    });
    const after = (await owner.get(`/api/v1/services/${service.id}/availability?from=2027-01-05&to=2027-01-05`))
      .json()
      .data.map((iso: string) => iso.slice(11, 16));
    expect(after).toEqual(['09:30']);
  });

  it('lists class sessions as real-time spans, and refuses them to a plan without classes', async () => {
    const res = (await owner.get('/api/v1/classes/sessions?from=2027-01-05&to=2027-01-05')).json().data;
    expect(res).toEqual([
      expect.objectContaining({
        title: 'Yoga',
        date: '2027-01-05',
        start_time: '10:00',
        starts_at: '2027-01-05T10:00:00.000Z',
        ends_at: '2027-01-05T10:30:00.000Z',
      }),
    ]);
    const { agent: lite } = await loggedIn(t.app, { plan_name: 'Lite Monthly' });
    const refused = await lite.get('/api/v1/classes/sessions?from=2027-01-05&to=2027-01-05');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'This feature is available on the Business plan.',
      reason: 'permissions.availableOn.business',
    });
  });

  it('refuses a range over 62 days and another owner’s service', async () => {
    const service = (
      await owner.post('/api/v1/services', {
        title: 'Cut',
        price: 100,
        duration: 30,
        parts: [{ duration: 30, blocked: true }],
      })
    ).json().data;
    expect(
      (await owner.get(`/api/v1/services/${service.id}/availability?from=2027-01-01&to=2027-06-01`)).statusCode,
    ).toBe(422);
    const { agent: other } = await loggedIn(t.app);
    expect(
      (await other.get(`/api/v1/services/${service.id}/availability?from=2027-01-05&to=2027-01-05`)).statusCode,
    ).toBe(404);
  });
});
