import { addCard, seriesIn, type NewCard } from '../../../packages/renderer/core/overlay-cards';

/** What a new dashboard card may chart comes from its source's answer schema; nothing else is accepted. */
const answer = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: {
        income: {
          anyOf: [
            {
              type: 'object',
              properties: {
                total: { type: 'integer' },
                days: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { date: { type: 'string', format: 'date' }, income: { type: 'integer' } },
                  },
                },
              },
            },
            { type: 'null' },
          ],
        },
        by_service: {
          type: ['array'],
          items: {
            type: 'object',
            properties: {
              title: { type: 'string' },
              amount: { type: 'integer' },
              count: { type: 'number' },
              tags: { type: 'array' },
            },
          },
        },
        names: { type: 'array', items: { type: 'string' } },
      },
    },
  },
};

describe('chart series in an answer schema', () => {
  it('finds each array of records with text or date fields to go along and numbers to draw, through nulls', () => {
    expect(seriesIn('/api/x', answer)).toEqual([
      { source: '/api/x', items: 'data.income.days', index: [{ field: 'date', format: 'date' }], values: ['income'] },
      {
        source: '/api/x',
        items: 'data.by_service',
        index: [{ field: 'title', format: 'text' }],
        values: ['amount', 'count'],
      },
    ]);
    expect(seriesIn('/api/x', undefined)).toEqual([]);
  });
});

describe('adding a card', () => {
  const series = seriesIn('/api/x', answer);
  const screen = () => ({
    kind: 'dashboard',
    cards: [{ id: 'income', title: 'k', source: '/api/x', gate: { subject: 'Income', action: 'read' } }],
  });
  const card: NewCard = {
    type: 'line',
    source: '/api/x',
    items: 'data.income.days',
    index: 'date',
    value: 'income',
    format: 'money',
    title: { en: 'By day' },
  };

  it('appends the chart with its source’s gate and the title’s key', () => {
    const s = screen();
    expect(addCard(s, 'cards[id=by-day]', card, series, 'overlay.key')).toBeNull();
    expect(s.cards[1]).toEqual({
      id: 'by-day',
      title: 'overlay.key',
      gate: { subject: 'Income', action: 'read' },
      source: '/api/x',
      span: 2,
      chart: {
        type: 'line',
        items: 'data.income.days',
        index: 'date',
        indexFormat: 'date',
        values: [{ field: 'income', label: 'overlay.key' }],
        format: 'money',
      },
    });
  });

  it.each([
    ['a source the dashboard does not read', { source: '/api/y' }],
    ['records the source does not answer', { items: 'data.names' }],
    ['a number the records lack', { value: 'total' }],
    ['an axis that is a number', { index: 'income' }],
    ['a chart the renderer has not', { type: 'radar' }],
    ['a format it does not show', { format: 'hours' }],
    ['markup in the title', { title: { en: '<b>x</b>' } }],
    ['no title', { title: {} }],
  ])('refuses %s', (_why, change) => {
    const s = screen();
    expect(addCard(s, 'cards[id=new]', { ...card, ...change } as NewCard, series, 'k')).toEqual(expect.any(String));
    expect(s.cards).toHaveLength(1);
  });

  it('refuses a taken or malformed id, and a screen that is not a dashboard', () => {
    expect(addCard(screen(), 'cards[id=income]', card, series, 'k')).toMatch(/already/);
    expect(addCard(screen(), 'cards[id=New Card]', card, series, 'k')).toMatch(/lowercase/);
    expect(addCard({ kind: 'list', columns: [] }, 'cards[id=x]', card, series, 'k')).toMatch(/dashboard/);
  });
});
