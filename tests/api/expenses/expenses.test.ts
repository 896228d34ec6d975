import { loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { runExpenseRecurrence } from '../../../src/server/jobs/expenses';
import { pdfPages } from '../../helpers/pdf-text';

/** Expenses: one-off and repeating, edited and deleted for one or from one on, summed by category. */
let t: TestApp;
let owner: Agent;
let ownerId: number;
beforeAll(async () => {
  t = await testApp();
  const signed = await loggedIn(t.app, { plan_name: 'Lite Monthly' });
  owner = signed.agent;
  ownerId = signed.user.id;
});
afterAll(async () => t.close());

type Row = { id: number; date: string; amount: number; end_date: string | null; next_recurrence_date: string | null };
const create = async (body: Record<string, unknown>) => {
  const res = await owner.post('/api/v1/expenses', body);
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as Row & { series_id: number | null };
};
/** The rows of a series (or of a title), in day order. */
const rowsOf = (title: string) =>
  t.app.db
    .selectFrom('expenses')
    .select(['id', 'date', 'amount', 'end_date', 'next_recurrence_date', 'series_id', 'title'])
    .where('user_id', '=', ownerId)
    .where('title', '=', title)
    .orderBy('date')
    .execute();

describe('expenses', () => {
  it('records a one-off expense, lists it newest first and sums a period by category', async () => {
    const rent = await create({ category: 'rent', title: 'Chair rent', amount: 12000, date: '2026-02-02' });
    expect(rent).toMatchObject({ category: 'rent', amount: 12000, currency: 'gbp', recurrence: 'never' });
    await create({ category: 'supplies', title: 'Foils', amount: 1850, date: '2026-02-10' });
    await create({ category: 'supplies', title: 'Gloves', amount: 650, date: '2026-02-11' });
    const list = (await owner.get('/api/v1/expenses?per_page=2')).json();
    expect(list.data.map((e: { title: string }) => e.title)).toEqual(['Gloves', 'Foils']);
    const stat = (await owner.get('/api/v1/expenses/statistic?from=2026-02-01&to=2026-02-28')).json();
    expect(stat).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
      total: 14500,
      count: 3,
      by_category: [
        { category: 'rent', amount: 12000, count: 1 },
        { category: 'supplies', amount: 2500, count: 2 },
      ],
    });
    expect((await owner.get('/api/v1/expenses/statistic?from=2026-03-01&to=2026-02-01')).statusCode).toBe(422);
  });

  it('repeats monthly on the same day, or the month’s last when it is shorter, up to its end', async () => {
    await create({
      category: 'rent',
      title: 'Studio rent 2024',
      amount: 50000,
      date: '2024-01-31',
      recurrence: 'monthly',
      end_date: '2024-04-30',
    });
    const rows = await rowsOf('Studio rent 2024');
    expect(rows.map((r) => r.date)).toEqual(['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30']);
    expect(new Set(rows.map((r) => r.series_id)).size).toBe(1);
    expect(rows.every((r) => r.next_recurrence_date === null)).toBe(true);
    await create({
      category: 'rent',
      title: 'Rent 2025',
      amount: 500,
      date: '2025-01-31',
      recurrence: 'monthly',
      end_date: '2025-03-30',
    });
    expect((await rowsOf('Rent 2025')).map((r) => r.date)).toEqual(['2025-01-31', '2025-02-28']);
  });

  it('keeps weekly days through the change to summer time, and yearly on 28 February after a 29th', async () => {
    await create({
      category: 'travel',
      title: 'Train pass',
      amount: 3000,
      date: '2025-03-24',
      recurrence: 'weekly',
      end_date: '2025-04-07',
    });
    expect((await rowsOf('Train pass')).map((r) => r.date)).toEqual(['2025-03-24', '2025-03-31', '2025-04-07']);
    await create({
      category: 'insurance',
      title: 'Cover',
      amount: 9000,
      date: '2024-02-29',
      recurrence: 'yearly',
      end_date: '2026-03-01',
    });
    expect((await rowsOf('Cover')).map((r) => r.date)).toEqual(['2024-02-29', '2025-02-28', '2026-02-28']);
  });

  it('the job writes what fell due by the owner’s today once, and catches up a missed fortnight in one run', async () => {
    const first = await create({
      category: 'software',
      title: 'Booking app',
      amount: 1200,
      date: '2030-01-07',
      recurrence: 'weekly',
    });
    expect(first.next_recurrence_date).toBe('2030-01-14');
    expect(await runExpenseRecurrence(t.app.db, Date.parse('2030-01-13T12:00:00Z'))).toBe(0);
    const late = Date.parse('2030-01-29T12:00:00Z');
    expect(await runExpenseRecurrence(t.app.db, late)).toBe(3);
    expect(await runExpenseRecurrence(t.app.db, late)).toBe(0);
    const rows = await rowsOf('Booking app');
    expect(rows.map((r) => r.date)).toEqual(['2030-01-07', '2030-01-14', '2030-01-21', '2030-01-28']);
    expect(rows.every((r) => r.next_recurrence_date === '2030-02-04')).toBe(true);
  });

  it('changes one occurrence, or it and every later one; deletes one, or it and every later one', async () => {
    await create({
      category: 'supplies',
      title: 'Towels',
      amount: 1000,
      date: '2025-06-02',
      recurrence: 'weekly',
      end_date: '2025-06-30',
    });
    const rows = await rowsOf('Towels');
    expect(rows.map((r) => r.date)).toEqual(['2025-06-02', '2025-06-09', '2025-06-16', '2025-06-23', '2025-06-30']);
    const body = {
      category: 'supplies',
      title: 'Towels',
      date: '2025-06-16',
      recurrence: 'weekly',
      end_date: '2025-06-30',
    };

    expect((await owner.put(`/api/v1/expenses/${rows[2].id}`, { ...body, amount: 1500 })).statusCode).toBe(200);
    expect((await rowsOf('Towels')).map((r) => r.amount)).toEqual([1000, 1000, 1500, 1000, 1000]);
    // How it repeats changes only for this and the later ones.
    const refused = await owner.put(`/api/v1/expenses/${rows[2].id}`, { ...body, amount: 1500, recurrence: 'monthly' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty('recurring_range');
    // Moving one onto another's day is refused.
    const clash = await owner.put(`/api/v1/expenses/${rows[2].id}`, { ...body, amount: 1500, date: '2025-06-09' });
    expect(clash.statusCode).toBe(422);

    // A receipt on a later occurrence stays with that day's occurrence after a change from an earlier one on.
    await t.app.db
      .updateTable('expenses')
      .set({ receipt: '/uploads/towels-30.pdf' })
      .where('id', '=', rows[4].id)
      .execute();
    const future = await owner.put(`/api/v1/expenses/${rows[3].id}`, {
      ...body,
      date: '2025-06-23',
      amount: 999,
      recurring_range: 'future',
    });
    expect(future.statusCode).toBe(200);
    let now = await rowsOf('Towels');
    expect(now.map((r) => [r.date, r.amount])).toEqual([
      ['2025-06-02', 1000],
      ['2025-06-09', 1000],
      ['2025-06-16', 1500],
      ['2025-06-23', 999],
      ['2025-06-30', 999],
    ]);
    expect(now[2].end_date).toBe('2025-06-22');
    expect(now[3].series_id).toBe(rows[3].id);
    const receipt = await t.app.db
      .selectFrom('expenses')
      .select('receipt')
      .where('id', '=', now[4].id)
      .executeTakeFirst();
    expect(receipt?.receipt).toBe('/uploads/towels-30.pdf');

    expect((await owner.delete(`/api/v1/expenses/${rows[1].id}?recurring_range=future`)).statusCode).toBe(200);
    expect((await owner.delete(`/api/v1/expenses/${now[4].id}`)).statusCode).toBe(200);
    now = await rowsOf('Towels');
    expect(now.map((r) => r.date)).toEqual(['2025-06-02', '2025-06-23']);
    expect(now[0].end_date).toBe('2025-06-08');
  });

  it('refuses bad input in words and changes nothing; and another owner’s expense is not found', async () => {
    const before = await t.app.db.selectFrom('expenses').select('id').where('user_id', '=', ownerId).execute();
    const bad = await owner.post('/api/v1/expenses', {
      category: 'rent',
      amount: 100,
      date: '2026-05-10',
      recurrence: 'monthly',
      end_date: '2026-05-01',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.end_date).toEqual(['The last day cannot be before the first.']);
    for (const body of [
      { category: 'rent', amount: 0, date: '2026-05-10' },
      { category: 'yachts', amount: 100, date: '2026-05-10' },
      { category: 'rent', amount: 'Infinity', date: '2026-05-10' },
      { category: 'rent', amount: 100, date: '2026-02-30' },
    ])
      expect((await owner.post('/api/v1/expenses', body)).statusCode).toBe(422);
    expect(await t.app.db.selectFrom('expenses').select('id').where('user_id', '=', ownerId).execute()).toEqual(before);

    const mine = await create({ category: 'other', title: 'Mine', amount: 100, date: '2026-05-10' });
    const other = (await loggedIn(t.app)).agent;
    expect((await other.get(`/api/v1/expenses/${mine.id}`)).statusCode).toBe(404);
    expect(
      (await other.put(`/api/v1/expenses/${mine.id}`, { category: 'other', amount: 1, date: '2026-05-10' })).statusCode,
    ).toBe(404);
    expect((await other.delete(`/api/v1/expenses/${mine.id}`)).statusCode).toBe(404);
    expect((await owner.get(`/api/v1/expenses/${mine.id}`)).json().data.amount).toBe(100);
  });

  it('names the categories in the reader’s language', async () => {
    const en = (await owner.get('/api/v1/data/expense-categories')).json().data;
    expect(en).toContainEqual({ id: 'rent', title: 'Rent and premises' });
    expect(en.at(-1)).toEqual({ id: 'other', title: 'Other' });
    owner.locale = 'uk';
    const uk = (await owner.get('/api/v1/data/expense-categories')).json().data;
    expect(uk).toContainEqual({ id: 'rent', title: 'Оренда приміщення' });
    owner.locale = 'en';
  });
});

describe('POST /api/v1/expenses/export', () => {
  it('writes a PDF of the expenses searched, categories in words, amounts with their currency, and the total', async () => {
    await create({ category: 'rent', title: 'Export check studio', amount: 45000, date: '2026-02-01' });
    await create({ category: 'phone_internet', title: 'Export check phone', amount: 1850, date: '2026-02-03' });
    owner.locale = 'uk';
    const res = await owner.post('/api/v1/expenses/export', { format: 'pdf', search: 'Export check' });
    owner.locale = 'en';
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/filename="expenses-\d{4}-\d{2}-\d{2}\.pdf"/);
    const text = pdfPages(res.rawPayload).join('\n');
    expect(text).toContain('Export check studio');
    expect(text).toContain('Оренда');
    expect(text).toContain('468,50');
    expect(text).not.toContain('phone_internet');
  });
});
