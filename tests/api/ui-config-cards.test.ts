import { loggedIn, testApp, type TestApp } from './../helpers/app';
import { publishDraft, saveDraft as save } from './../helpers/ui-drafts';

/**
 * An admin adds a chart card to a dashboard: over records a source of that dashboard already reads, as its answer
 * schema describes them — never a new read, never a field the answer lacks; the card keeps the gate of its source's
 * cards, and users are served it once published.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const SOURCE = '/api/v1/data/analytics?from={from}&to={to}';
const card = {
  type: 'bar',
  source: SOURCE,
  items: 'data.income.days',
  index: 'date',
  value: 'income',
  format: 'money',
  title: { en: 'Takings by day', uk: 'Виручка за днями' },
};
const change = (value: unknown, id = 'takings') => ({
  op: 'add-card',
  screen: 'analytics.list',
  target: `cards[id=${id}]`,
  value,
});

describe('adding a card to a dashboard', () => {
  it('offers the records its sources answer, and serves the published card with its source’s gate', async () => {
    const { agent } = await loggedIn(t.app, { is_admin: 1 });
    const shipped = (await agent.get('/api/v1/admin/ui/screens/analytics.list')).json();
    expect(shipped.charts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          source: SOURCE,
          items: 'data.income.days',
          index: [{ field: 'date', format: 'date' }],
          values: ['income'],
        }),
      ]),
    );
    expect((await save(agent, [change(card)])).statusCode).toBe(200);
    const diff = (await agent.get('/api/v1/admin/ui/diff')).json().data as string[];
    expect(diff).toEqual([expect.stringMatching(/card ‘Takings by day’: added \(bar chart\)/)]);
    await publishDraft(agent, 'Takings');

    const { agent: owner } = await loggedIn(t.app);
    const served = (await owner.get('/api/v1/ui/screens/analytics.list')).json().data;
    const added = served.cards.find((c: { id: string }) => c.id === 'takings');
    const sibling = served.cards.find((c: { source?: string }) => c.source === SOURCE);
    expect(added).toMatchObject({
      source: SOURCE,
      gate: sibling.gate,
      chart: { type: 'bar', items: 'data.income.days', index: 'date', indexFormat: 'date', format: 'money' },
    });
    const en = (await owner.get('/api/v1/ui/locales/en')).json();
    const key = (added.title as string).split('.');
    expect(key.reduce((node: Record<string, unknown>, part: string) => node[part] as never, en)).toBe('Takings by day');
  });

  it('refuses a new read, a field the records lack, markup in the title, a taken id, and a card off a dashboard', async () => {
    const { agent } = await loggedIn(t.app, { is_admin: 1 });
    const refusals: Array<[unknown, string?, string?]> = [
      [{ ...card, source: '/api/v1/clients' }],
      [{ ...card, items: 'data.clients' }],
      [{ ...card, value: 'date' }],
      [{ ...card, index: 'income' }],
      [{ ...card, title: { en: '<img src=x onerror=alert(1)>', uk: 'x' } }],
      [card, 'income-days'],
    ];
    for (const [value, id] of refusals) {
      const res = await save(agent, [change(value, id)]);
      expect({ value, status: res.statusCode }).toEqual({ value, status: 422 });
      expect(Object.keys(res.json().errors)).toEqual(['changes/0/value']);
    }
    const list = await save(agent, [{ ...change(card), screen: 'clients.list' }]);
    expect(list.statusCode).toBe(422);
    const bad = await save(agent, [change({ ...card, type: 'radar' })]);
    expect(bad.statusCode).toBe(422);
  });
});
