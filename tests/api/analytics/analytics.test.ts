import { loggedIn, type Agent, type TestApp } from '../../helpers/app';
import { novemberBusiness } from '../../helpers/analytics-studio';

/** Analytics of November 2026 against the 30 days before it, on a small business whose figures are worked out by hand. */
const NOVEMBER = 'from=2026-11-01&to=2026-11-30';

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  ({ t, owner } = await novemberBusiness());
});
afterAll(async () => {
  await t.close();
  jest.useRealTimers();
});

describe('GET /api/v1/data/analytics', () => {
  it('income, visits with the no-show and cancellation rates, and clients, each against the period before', async () => {
    const res = await owner.get(`/api/v1/data/analytics?${NOVEMBER}`);
    expect(res.statusCode).toBe(200);
    const { data, currency, advanced_available } = res.json();
    expect([currency, advanced_available]).toEqual(['GBP', true]);
    expect(data).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-30',
      previous_from: '2026-10-02',
      previous_to: '2026-10-31',
    });
    expect(data.income).toEqual({
      total: 12000,
      previous: 5000,
      days: [
        { date: '2026-11-02', income: 5000 },
        { date: '2026-11-09', income: 5000 },
        { date: '2026-11-20', income: 2000 },
      ],
    });
    // Six visits: Ann's three (one a no-show), Bob's two (one cancelled, one to come), Cat's one.
    expect(data.appointments).toEqual({
      total: 6,
      attended: 3,
      no_show: 1,
      cancelled: 1,
      pending: 1,
      no_show_rate: 16.7,
      cancellation_rate: 16.7,
      previous: 1,
    });
    // Ann came 3 times (retained, spec §9) and first in November, as did Bob; Cat came in October too.
    expect(data.clients).toEqual({
      seen: 3,
      retained: 1,
      retention_rate: 33.3,
      new: 2,
      returning: 1,
      previous_seen: 1,
    });
    expect(data.advanced).toBeNull();
  });

  it('advanced reporting: by service, by method, by weekday, hour and day', async () => {
    const { advanced } = (await owner.get(`/api/v1/data/analytics?${NOVEMBER}&advanced=1`)).json().data;
    expect(advanced.by_service).toEqual([{ service_id: expect.any(Number), title: 'Haircut', amount: 10000 }]);
    expect(advanced.by_method).toEqual([
      { method: 'card', income: 5000, count: 1 },
      { method: 'cash', income: 7000, count: 2 },
    ]);
    // Appointments someone did not cancel: three Mondays, two on Friday the 20th.
    expect(advanced.by_weekday.map((w: { appointments: number }) => w.appointments)).toEqual([0, 3, 0, 0, 0, 2, 0]);
    expect(advanced.by_hour.filter((h: { appointments: number }) => h.appointments > 0)).toEqual([
      { hour: 9, appointments: 2 },
      { hour: 10, appointments: 2 },
      { hour: 14, appointments: 1 },
    ]);
    expect(advanced.days).toEqual([
      { date: '2026-11-02', appointments: 1 },
      { date: '2026-11-09', appointments: 1 },
      { date: '2026-11-16', appointments: 1 },
      { date: '2026-11-20', appointments: 2 },
    ]);
  });

  it('periods that start or end mid-month: the days at their ends count as much as the whole months', async () => {
    // 5–25 November: Ann twice (she came on the 2nd too: returning), Bob once (his 3rd was cancelled: new), Cat
    // once (October: returning).
    const inside = (await owner.get('/api/v1/data/analytics?from=2026-11-05&to=2026-11-25&advanced=1')).json().data;
    expect(inside.clients).toMatchObject({ seen: 3, new: 1, returning: 2, retained: 0 });
    expect(inside.appointments).toMatchObject({ total: 4, attended: 2, no_show: 1, pending: 1, cancelled: 0 });
    expect(inside.advanced.by_hour.filter((h: { appointments: number }) => h.appointments > 0)).toEqual([
      { hour: 9, appointments: 1 },
      { hour: 10, appointments: 2 },
      { hour: 14, appointments: 1 },
    ]);
    // 10 October – 30 November: October's days and November whole; every client's first visit is in it.
    const across = (await owner.get('/api/v1/data/analytics?from=2026-10-10&to=2026-11-30&advanced=1')).json().data;
    expect(across.clients).toMatchObject({ seen: 3, new: 3, returning: 0, retained: 1 });
    expect(across.advanced.by_hour.filter((h: { appointments: number }) => h.appointments > 0)).toEqual([
      { hour: 9, appointments: 3 },
      { hour: 10, appointments: 2 },
      { hour: 14, appointments: 1 },
    ]);
  });

  it('refuses a period backwards or longer than two years, in words on its field', async () => {
    const backwards = await owner.get('/api/v1/data/analytics?from=2026-11-30&to=2026-11-01');
    expect(backwards.statusCode).toBe(422);
    expect(Object.keys(backwards.json().errors)).toEqual(['to']);
    const long = await owner.get('/api/v1/data/analytics?from=2020-01-01&to=2026-11-01');
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.from[0]).toMatch(/two years/);
    expect((await owner.get('/api/v1/data/analytics?from=2026-13-01')).statusCode).toBe(422);
  });

  it('a Business owner has the basic figures, and is refused advanced reporting with a 403 naming Premium', async () => {
    const business = (await loggedIn(t.app, { plan_name: 'Business Monthly' })).agent;
    const basic = await business.get(`/api/v1/data/analytics?${NOVEMBER}`);
    expect(basic.statusCode).toBe(200);
    expect(basic.json().advanced_available).toBe(false);
    expect(basic.json().data.income.total).toBe(0);
    const advanced = await business.get(`/api/v1/data/analytics?${NOVEMBER}&advanced=1`);
    expect(advanced.statusCode).toBe(403);
    expect(advanced.json().message).toMatch(/Premium/);
  });
});
