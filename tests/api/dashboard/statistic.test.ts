import { Agent, loggedIn, testApp, type TestApp } from '../../helpers/app';
import { book, checkout, newClient, newService } from '../../helpers/payments-studio';
import { setClock } from '../../helpers/clock';

/**
 * The dashboard's figures in the owner's days. The owner works in Kyiv; payments are made on several days by moving
 * the clock, the last at 22:30 UTC on Monday 30 November 2026 — already Tuesday 1 December in Kyiv.
 */
const at = (iso: string) => jest.setSystemTime(Date.parse(iso));

let t: TestApp;
let owner: Agent;
let ids: { ann: number; bob: number; cat: number };
beforeAll(async () => {
  setClock(Date.parse('2026-11-23T10:00:00Z'));
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app, { plan_name: 'Premium Monthly' }));
  await owner.put('/api/v1/user/calendar-settings', {
    time_zone: 'Europe/Kyiv',
    slot_step: 15,
    min_notice_minutes: 0,
    week_starts_on: 1,
  });
  ids = { ann: await newClient(owner, 'Ann'), bob: await newClient(owner, 'Bob'), cat: await newClient(owner, 'Cat') };
  const cut = await newService(owner, 100000);
  const visits = {
    monday: await book(owner, cut, [ids.ann], '2026-11-23'),
    tuesday: await book(owner, cut, [ids.ann], '2026-11-24'),
    wednesday: await book(owner, cut, [ids.ann], '2026-11-25'),
    today: await book(owner, cut, [ids.ann], '2026-12-01'),
  };
  const cancelled = await book(owner, cut, [ids.cat], '2026-12-01');
  await owner.put(`/api/v1/appointments/${cancelled}/status`, { status: 'cancelled', client_id: ids.cat });
  await book(owner, cut, [ids.bob], '2026-12-02');
  await owner.post('/api/v1/appointments', {
    type: 'private',
    title: 'Lunch',
    date: '2026-12-01',
    start_time: '13:00',
    duration: 60,
  });
  // Paid on Monday 23 and Tuesday 24 (the same days last week as today's week so far), Wednesday 25, and today.
  const pay = async (iso: string, appointment: number, amount: number) => {
    at(iso);
    const res = await checkout(owner, {
      client_id: ids.ann,
      appointment_ids: [appointment],
      payments: [{ method: 'cash', amount }],
    });
    expect(res.code).toBe(201);
  };
  await pay('2026-11-23T10:00:00Z', visits.monday, 3000);
  await pay('2026-11-24T10:00:00Z', visits.tuesday, 1000);
  await pay('2026-11-25T10:00:00Z', visits.wednesday, 2000);
  await pay('2026-11-30T22:30:00Z', visits.today, 5000);
});
afterAll(async () => {
  await t.close();
  jest.useRealTimers();
});

describe('GET /api/v1/data/statistic', () => {
  it('income this week and month in the owner’s days, against the same days of the last', async () => {
    const res = await owner.get('/api/v1/data/statistic');
    expect(res.statusCode).toBe(200);
    const { data, currency } = res.json();
    expect(currency).toBe('GBP');
    expect(data.today).toBe('2026-12-01');
    expect(data.income.week).toEqual({
      from: '2026-11-30',
      to: '2026-12-06',
      amount: 5000,
      previous: 4000,
      previous_from: '2026-11-23',
      previous_to: '2026-11-24',
    });
    expect(data.income.month).toMatchObject({ from: '2026-12-01', to: '2026-12-31', amount: 5000, previous: 0 });
    expect(data.income.weeks).toHaveLength(12);
    expect(data.income.weeks.slice(-2)).toEqual([
      { from: '2026-11-23', to: '2026-11-29', income: 6000 },
      { from: '2026-11-30', to: '2026-12-06', income: 5000 },
    ]);
  });

  it('today’s agenda and the next appointments, a cancelled one marked, private time named', async () => {
    const { appointments } = (await owner.get('/api/v1/data/statistic')).json().data;
    expect(
      appointments.today.map((a: { clients: string[]; title: string | null; cancelled: boolean }) => [
        a.clients,
        a.title,
        a.cancelled,
      ]),
    ).toEqual([
      [['Ann Ledger'], null, false],
      [[], null, true],
      [[], 'Lunch', false],
    ]);
    expect(appointments.next).toHaveLength(1);
    expect(appointments.next[0]).toMatchObject({ date: '2026-12-02', clients: ['Bob Ledger'] });
  });

  it('new and returning clients this month: a first visit in it, or one before it', async () => {
    const { clients } = (await owner.get('/api/v1/data/statistic')).json().data;
    // Ann came in November too; Bob's first visit is tomorrow; Cat cancelled hers.
    expect(clients).toEqual({ from: '2026-12-01', to: '2026-12-31', new: 1, returning: 1 });
  });

  it('the credits left, and nothing of another owner’s books', async () => {
    const mine = (await owner.get('/api/v1/data/statistic')).json().data.credits;
    expect(mine).toEqual({ sms: expect.any(Number), email: expect.any(Number) });
    const other = (await loggedIn(t.app, { plan_name: 'Lite Monthly' })).agent;
    const theirs = (await other.get('/api/v1/data/statistic')).json().data;
    expect(theirs.income.week.amount).toBe(0);
    expect(theirs.appointments).toEqual({ today: [], next: [] });
    expect(theirs.clients).toMatchObject({ new: 0, returning: 0 });
  });
});

describe('/api/v1/user/dashboard-settings', () => {
  it('lists every card of the dashboard, in its order, before anything is saved', async () => {
    const res = await owner.get('/api/v1/user/dashboard-settings');
    expect(res.statusCode).toBe(200);
    const cards = res.json().data.cards;
    expect(cards[0]).toEqual({ id: 'setup', shown: true });
    expect(cards.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining(['income-week', 'goals', 'clients']));
  });

  it('keeps the order and the hidden cards; cards not named follow', async () => {
    const put = await owner.put('/api/v1/user/dashboard-settings', {
      cards: [
        { id: 'goals', shown: true },
        { id: 'setup', shown: false },
      ],
    });
    expect(put.statusCode).toBe(200);
    const cards = (await owner.get('/api/v1/user/dashboard-settings')).json().data.cards;
    expect(cards.slice(0, 3)).toEqual([
      { id: 'goals', shown: true },
      { id: 'setup', shown: false },
      { id: 'income-week', shown: true },
    ]);
    expect((await owner.get('/api/v1/user')).json().data.dashboardSettings.cards[0]).toEqual({
      id: 'goals',
      shown: true,
    });
  });

  it('refuses a card the dashboard does not have, one named twice, or a malformed list, and keeps what was saved', async () => {
    for (const body of [
      { cards: [{ id: 'rocket', shown: true }] },
      {
        cards: [
          { id: 'goals', shown: true },
          { id: 'goals', shown: false },
        ],
      },
      { cards: [{ id: 'goals' }] },
      { cards: Array.from({ length: 31 }, () => ({ id: 'goals', shown: true })) },
    ]) {
      const res = await owner.put('/api/v1/user/dashboard-settings', body);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors).join()).toMatch(/cards/);
    }
    expect((await owner.get('/api/v1/user/dashboard-settings')).json().data.cards[0]).toEqual({
      id: 'goals',
      shown: true,
    });
  });
});
