import { loggedIn, testApp, type TestApp } from '../helpers/app';

/** PUT /api/v1/user/business-time-settings: the business hours screen saves the week with one Save. */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const hoursOf = async (agent: Awaited<ReturnType<typeof loggedIn>>['agent']) =>
  (await agent.get('/api/v1/user')).json().data.businessTimeSettings as Array<Record<string, unknown>>;

describe('PUT /api/v1/user/business-time-settings', () => {
  it('saves the days changed in one go and leaves the others as they were', async () => {
    const { agent } = await loggedIn(t.app);
    const before = await hoursOf(agent);
    const res = await agent.put('/api/v1/user/business-time-settings', {
      days: {
        1: { open: true, start: '08:00', end: '16:00', breaks: [{ start: '12:00', end: '12:30' }] },
        6: { open: true, start: '10:00', end: '14:00', breaks: [] },
        7: { open: false, start: '09:00', end: '17:00', breaks: [] },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Updated successfully.');
    const after = await hoursOf(agent);
    expect(res.json().data).toEqual(after);
    expect(after[0]).toEqual({
      id: 1,
      weekday: 1,
      open: true,
      start: '08:00',
      end: '16:00',
      breaks: [{ start: '12:00', end: '12:30' }],
    });
    expect(after[5]).toMatchObject({ id: 6, open: true, start: '10:00', end: '14:00' });
    expect(after[6]).toMatchObject({ id: 7, open: false });
    expect(after.slice(1, 5)).toEqual(before.slice(1, 5));
  });

  it('refuses the week when a day is wrong, naming each day’s problem, and saves none of it', async () => {
    const { agent } = await loggedIn(t.app);
    const before = await hoursOf(agent);
    const res = await agent.put('/api/v1/user/business-time-settings', {
      days: {
        1: { open: true, start: '07:00', end: '15:00', breaks: [] },
        3: { open: true, start: '17:00', end: '09:00', breaks: [] },
        5: { open: true, start: '09:00', end: '17:00', breaks: [{ start: '18:00', end: '19:00' }] },
      },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['days.3.end', 'days.5.breaks']);
    expect(await hoursOf(agent)).toEqual(before);
  });
});
