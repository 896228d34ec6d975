import { loggedIn, type Agent, type TestApp } from '../../helpers/app';
import { novemberBusiness } from '../../helpers/analytics-studio';

/** The rows behind each analytics view of the hand-worked November (tests/helpers/analytics-studio.ts). */
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

const details = (query: string, agent = owner) => agent.get(`/api/v1/data/analytics-details?${NOVEMBER}&${query}`);

describe('GET /api/v1/data/analytics-details', () => {
  it('income: the ledger rows of the period, oldest first, adding up to the figure', async () => {
    const res = await details('view=income');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ total: 3, sum: 12000, from: '2026-11-01', to: '2026-11-30' });
    expect(body.data.map((r: Record<string, unknown>) => [r.date, r.client, r.service, r.method, r.amount])).toEqual([
      ['2026-11-02', 'Ann Ledger', 'Haircut', 'cash', 5000],
      ['2026-11-09', 'Ann Ledger', 'Haircut', 'card', 5000],
      ['2026-11-20', 'Cat Ledger', null, 'cash', 2000],
    ]);
  });

  it('each bar and slice of every view narrows to rows that add up to it', async () => {
    const { data } = (await owner.get(`/api/v1/data/analytics?${NOVEMBER}&advanced=1`)).json();
    const sumOf = async (query: string) => (await details(query)).json().meta.sum as number;
    for (const s of data.advanced.by_service)
      expect(await sumOf(`view=by_service&key=${s.service_id ?? 'none'}`)).toBe(s.amount);
    expect(await sumOf('view=by_service')).toBe(10000); // the product sold paid no appointment
    for (const m of data.advanced.by_method) expect(await sumOf(`view=by_method&key=${m.method}`)).toBe(m.income);
    for (const w of data.advanced.by_weekday)
      expect(await sumOf(`view=by_weekday&key=${w.weekday}`)).toBe(w.appointments);
    for (const h of data.advanced.by_hour) expect(await sumOf(`view=by_hour&key=${h.hour}`)).toBe(h.appointments);
    for (const d of data.advanced.days) expect(await sumOf(`view=days&key=${d.date}`)).toBe(d.appointments);
    expect(await sumOf('view=appointments')).toBe(data.appointments.total);
    expect(await sumOf('view=appointments&key=noShow')).toBe(data.appointments.no_show);
    expect(await sumOf('view=appointments&key=cancelled')).toBe(data.appointments.cancelled);
    expect(await sumOf('view=clients')).toBe(data.clients.seen);
    expect(await sumOf('view=clients&key=new')).toBe(data.clients.new);
    expect(await sumOf('view=clients&key=returning')).toBe(data.clients.returning);
    expect(await sumOf('view=clients&key=retained')).toBe(data.clients.retained);
    // The Monday bar is Ann's three visits; the clients, most visits first.
    const monday = (await details('view=by_weekday&key=1')).json().data;
    expect(monday.map((r: Record<string, unknown>) => [r.date, r.start_time, r.client, r.status])).toEqual([
      ['2026-11-02', '09:00', 'Ann Ledger', 'attended'],
      ['2026-11-09', '09:00', 'Ann Ledger', 'attended'],
      ['2026-11-16', '10:00', 'Ann Ledger', 'noShow'],
    ]);
    const clients = (await details('view=clients')).json().data;
    expect(clients.map((r: Record<string, unknown>) => [r.client, r.visits, r.kind, r.retained])).toEqual([
      ['Ann Ledger', 3, 'new', true],
      ['Bob Ledger', 1, 'new', false],
      ['Cat Ledger', 1, 'returning', false],
    ]);
  });

  it('pages the rows', async () => {
    const second = (await details('view=appointments&per_page=2&page=2')).json();
    expect(second.meta).toMatchObject({ page: 2, per_page: 2, total: 6 });
    expect(second.data.map((r: Record<string, unknown>) => r.date)).toEqual(['2026-11-09', '2026-11-16']);
    expect((await details('view=appointments&per_page=101')).statusCode).toBe(422);
  });

  it('refuses an unknown view or part in words, and advanced views to a Business owner with a 403 naming Premium', async () => {
    const bad = await details('view=by_method&key=bitcoin');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.key[0]).toBe('This view has no such part.');
    expect((await details('view=salaries')).statusCode).toBe(422);
    expect((await details('view=by_weekday&key=7')).statusCode).toBe(422);
    const business = (await loggedIn(t.app, { plan_name: 'Business Monthly' })).agent;
    const refused = await details('view=by_service', business);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Premium/);
    expect((await details('view=income', business)).json().meta).toMatchObject({ total: 0, sum: 0 });
  });
});

describe('GET /api/v1/data/analytics-details/export', () => {
  it('writes a view’s rows as CSV in the owner’s words, with the total under the money', async () => {
    const file = await owner.get(
      `/api/v1/data/analytics-details/export?${NOVEMBER}&view=by_method&key=card&format=csv`,
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/filename="analytics-by-method-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = file.body.trim().split('\n');
    expect(lines[0]).toBe('Date,Client,Service,Type,Method,Amount (GBP)');
    expect(lines[1]).toBe('2026-11-09,Ann Ledger,Haircut,Appointment,Card,50');
    expect(lines.at(-1)).toBe('Income,,,,,50');
    const visits = await owner.get(`/api/v1/data/analytics-details/export?${NOVEMBER}&view=clients&format=xlsx`);
    expect(visits.statusCode).toBe(200);
    expect(visits.headers['content-type']).toMatch(/spreadsheetml/);
    const pdf = await owner.get(`/api/v1/data/analytics-details/export?${NOVEMBER}&view=by_weekday&key=1&format=pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });
});
