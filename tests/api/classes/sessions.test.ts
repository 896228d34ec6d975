import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { checkout, newClient } from '../../helpers/payments-studio';

/**
 * A class's sessions on its page: one at a time or a weekly pattern with an end date, changed for one session or
 * this and later ones (as appointments are), attendees seated by hand within the spaces, marked, paid at the till.
 */
let t: TestApp;
let owner: Agent;
let other: Agent;
let yoga: number;
let ann: number;
let bo: number;
beforeAll(async () => {
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
  ({ agent: other } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
  yoga = (await owner.post('/api/v1/classes', { title: 'Yoga', price: 1200, duration: 60, spaces: 2 })).json().data.id;
  ann = await newClient(owner, 'Ann');
  bo = await newClient(owner, 'Bo');
});
afterAll(async () => t.close());

const sessions = (id = yoga) => `/api/v1/classes/${id}/sessions`;
type Row = { id: number; date: string; start_time: string; series_id: number | null; repeats_until: string | null };
const coming = async (): Promise<Row[]> => (await owner.get(sessions())).json().data;
const days = (rows: Row[]) => rows.map((r) => `${r.date} ${r.start_time}`);
const count = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('class_sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('class_id', '=', yoga)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('class sessions', () => {
  it('adds a weekly pattern until its end date, and one session on its own', async () => {
    const weekly = await owner.post(sessions(), {
      date: '2027-03-03',
      start_time: '18:00',
      repeat_until: '2027-03-31',
    });
    expect(weekly.statusCode).toBe(201);
    expect(days(weekly.json().data)).toEqual([
      '2027-03-03 18:00',
      '2027-03-10 18:00',
      '2027-03-17 18:00',
      '2027-03-24 18:00',
      '2027-03-31 18:00',
    ]);
    expect(weekly.json().data[0]).toMatchObject({ repeats_until: '2027-03-31', clients: [] });
    const one = await owner.post(sessions(), { date: '2027-03-05', start_time: '07:30' });
    expect(one.json().data).toEqual([expect.objectContaining({ series_id: null, repeats_until: null })]);
    expect(days(await coming())).toEqual([
      '2027-03-03 18:00',
      '2027-03-05 07:30',
      '2027-03-10 18:00',
      '2027-03-17 18:00',
      '2027-03-24 18:00',
      '2027-03-31 18:00',
    ]);
    // The class's record lists them in the same order.
    const record = (await owner.get(`/api/v1/classes/${yoga}`)).json().data;
    expect(record.sessions.map((s: Row) => s.date)).toEqual(days(await coming()).map((d) => d.slice(0, 10)));
  });

  it('refuses what makes no sense in words, and writes nothing', async () => {
    const before = await count();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ date: '2027-04-07', start_time: '18:00', repeat_until: '2027-04-01' }, 'repeat_until', 'on or after'],
      [{ date: '2027-04-07', start_time: '18:00', repeat_until: '2028-06-01' }, 'repeat_until', 'beyond a year'],
      [{ date: '2027-03-03', start_time: '18:00' }, 'date', 'already has a session'],
      [{ date: '2027-04-07', start_time: '25:00' }, 'start_time', ''],
      [{ date: 'soon', start_time: '18:00' }, 'date', ''],
    ];
    for (const [body, field, words] of cases) {
      const res = await owner.post(sessions(), body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field][0]).toContain(words);
    }
    expect(await count()).toBe(before);
  });

  it('moves one session of a pattern alone, or this and later ones keeping their attendees', async () => {
    const [first, , third] = (await coming()).filter((r) => r.series_id);
    // A session of a pattern needs a scope.
    const unscoped = await owner.put(`${sessions()}/${third.id}`, { date: '2027-03-18', start_time: '18:00' });
    expect(unscoped.json().errors.scope[0]).toContain('choose whether');
    const alone = await owner.put(`${sessions()}/${first.id}?scope=this`, { date: '2027-03-04', start_time: '19:00' });
    expect(alone.json().data).toEqual([expect.objectContaining({ date: '2027-03-04', series_id: null })]);

    expect((await owner.post(`${sessions()}/${third.id}/clients`, { client_id: ann })).statusCode).toBe(201);
    const later = await owner.put(`${sessions()}/${third.id}?scope=future`, {
      date: '2027-03-18',
      start_time: '17:00',
    });
    expect(later.statusCode).toBe(200);
    expect(days(later.json().data)).toEqual(['2027-03-18 17:00', '2027-03-25 17:00', '2027-04-01 17:00']);
    expect(later.json().data[0].clients).toEqual([expect.objectContaining({ id: ann, attendance: 'pending' })]);
    expect(later.json().data[0].repeats_until).toBe('2027-04-01');
    // The earlier one of the pattern now ends the day before.
    expect((await coming()).find((r) => r.date === '2027-03-10')).toMatchObject({ repeats_until: '2027-03-16' });

    // A shorter pattern: later sessions past the end date go, unless one has attendees.
    const moved = later.json().data as Row[];
    const cut = await owner.put(`${sessions()}/${moved[0].id}?scope=future`, {
      date: '2027-03-18',
      start_time: '17:00',
      repeat_until: '2027-03-20',
    });
    expect(cut.json().data.map((r: Row) => r.date)).toEqual(['2027-03-18']);
    // And longer again: new sessions fill the weeks up to it.
    const longer = await owner.put(`${sessions()}/${moved[0].id}?scope=future`, {
      date: '2027-03-18',
      start_time: '17:00',
      repeat_until: '2027-04-08',
    });
    expect(longer.json().data.map((r: Row) => r.date)).toEqual([
      '2027-03-18',
      '2027-03-25',
      '2027-04-01',
      '2027-04-08',
    ]);
  });

  it('deletes a session or this and later ones, never one with attendees', async () => {
    const pattern = (await coming()).filter((r) => r.date >= '2027-03-18' && r.series_id);
    const booked = pattern[0];
    const refused = await owner.delete(`${sessions()}/${booked.id}?scope=this`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.session[0]).toContain('take them off first');
    const gone = await owner.delete(`${sessions()}/${pattern[2].id}?scope=future`);
    expect(gone.statusCode).toBe(200);
    expect((await coming()).filter((r) => r.date >= '2027-03-18').map((r) => r.date)).toEqual([
      '2027-03-18',
      '2027-03-25',
    ]);
  });

  it('seats clients by hand within the spaces, marks attendance, and the till takes the seat’s payment', async () => {
    const session = (await coming()).find((r) => r.date === '2027-03-18')!;
    const seats = `${sessions()}/${session.id}/clients`;
    expect((await owner.post(seats, { client_id: ann })).json().errors.client_id[0]).toContain('already');
    const added = await owner.post(seats, { client_id: bo });
    expect(added.statusCode).toBe(201);
    expect(added.json().data.clients.map((c: { id: number }) => c.id)).toEqual([ann, bo]);
    // Two spaces, two seats: full.
    const carl = await newClient(owner, 'Carl');
    expect((await owner.post(seats, { client_id: carl })).json().errors.client_id[0]).toBe('This session is full.');
    // Another owner's client is not one of theirs.
    const theirs = await newClient(other, 'Dee');
    const session2 = (await coming()).find((r) => r.date === '2027-03-25')!;
    const foreign = await owner.post(`${sessions()}/${session2.id}/clients`, { client_id: theirs });
    expect(foreign.json().errors.client_id[0]).toBe('Choose one of your clients.');

    const marked = await owner.put(`${seats}/${ann}/attendance`, { attendance: 'attended' });
    expect(marked.json().data.clients[0]).toMatchObject({ id: ann, attendance: 'attended', status: 'unpaid' });
    expect((await owner.put(`${seats}/${ann}/attendance`, { attendance: 'maybe' })).statusCode).toBe(422);

    const seat = marked.json().data.clients[0].seat_id;
    const paid = await checkout(owner, {
      client_id: ann,
      class_seat_ids: [seat],
      payments: [{ method: 'cash', amount: 1200 }],
    });
    expect(paid.code).toBe(201);
    const after = (await owner.get(sessions())).json().data.find((r: Row) => r.id === session.id);
    expect(after.clients[0]).toMatchObject({ status: 'paid', left_to_pay: 0 });
    // A paid seat stays until its payment is refunded; an unpaid one goes.
    expect((await owner.delete(`${seats}/${ann}`)).json().errors.client_id[0]).toContain('refund');
    const off = await owner.delete(`${seats}/${bo}`);
    expect(off.json().data.clients.map((c: { id: number }) => c.id)).toEqual([ann]);
    expect((await owner.delete(`${seats}/${bo}`)).statusCode).toBe(404);
  });

  it('keeps each owner to their own classes and the plans that have classes', async () => {
    const first = (await coming())[0];
    expect((await other.get(sessions())).statusCode).toBe(404);
    expect((await other.post(sessions(), { date: '2027-05-05', start_time: '10:00' })).statusCode).toBe(404);
    expect((await other.delete(`${sessions()}/${first.id}?scope=this`)).statusCode).toBe(404);
    expect((await other.post(`${sessions()}/${first.id}/clients`, { client_id: ann })).statusCode).toBe(404);
    const lite = (await loggedIn(t.app, { plan_name: 'Lite Monthly' })).agent;
    expect((await lite.get(sessions())).statusCode).toBe(403);
    expect((await lite.post(sessions(), { date: '2027-05-05', start_time: '10:00' })).statusCode).toBe(403);
    expect((await owner.get(`${sessions()}/${first.id}`)).statusCode).toBe(404);
  });
});
