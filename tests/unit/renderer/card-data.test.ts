import { changePercent, chartRows, numberAt, valueAt } from '../../../packages/renderer/core/card-data';
import { arrangeCards } from '../../../packages/renderer/react/screens/dashboard/layout';

const answer = {
  currency: 'GBP',
  data: {
    income: {
      week: { amount: 1200, previous: 1000 },
      weeks: [
        { from: '2026-11-16', income: 500 },
        { from: '2026-11-23', income: 0 },
      ],
    },
    clients: { new: 3, returning: 7 },
    credits: null,
  },
};

describe('card data', () => {
  it('reads dot paths, and a number only where there is one', () => {
    expect(valueAt(answer, 'data.income.week.amount')).toBe(1200);
    expect(numberAt(answer, 'data.income.week.previous')).toBe(1000);
    expect(numberAt(answer, 'data.credits.sms')).toBeNull();
    expect(numberAt(answer, 'data.nothing.here')).toBeNull();
    expect(numberAt(answer, undefined)).toBeNull();
  });

  it('maps the rows at `items` to an index and a value per series', () => {
    const chart = {
      type: 'line' as const,
      items: 'data.income.weeks',
      index: 'from',
      values: [{ field: 'income', label: 'x' }],
    };
    expect(chartRows(chart, answer)).toEqual([
      { index: '2026-11-16', values: { income: 500 } },
      { index: '2026-11-23', values: { income: 0 } },
    ]);
  });

  it('makes a slice of each declared value of the object at `path`', () => {
    const chart = {
      type: 'pie' as const,
      path: 'data.clients',
      values: [
        { field: 'new', label: 'a' },
        { field: 'returning', label: 'b' },
      ],
    };
    expect(chartRows(chart, answer)).toEqual([
      { index: 'new', values: { value: 3 } },
      { index: 'returning', values: { value: 7 } },
    ]);
    expect(chartRows({ ...chart, path: 'data.credits' }, answer)).toBeNull();
  });

  it('keys each bar or slice for the card’s details: the item’s key path, `none` where it is empty, or the field', () => {
    const bars = {
      type: 'bar' as const,
      items: 'services',
      index: 'title',
      values: [{ field: 'amount', label: 'x' }],
    };
    const services = {
      services: [
        { service_id: 3, title: 'Cut', amount: 500 },
        { service_id: null, title: '', amount: 200 },
      ],
    };
    const details = { screen: 'analytics.details', view: 'by_service', key: 'service_id' };
    expect(chartRows(bars, services, details)!.map((r) => r.key)).toEqual(['3', 'none']);
    expect(chartRows(bars, services)!.every((r) => r.key === undefined)).toBe(true);
    const pie = { type: 'pie' as const, path: 'data.clients', values: [{ field: 'new', label: 'a' }] };
    expect(chartRows(pie, answer, { screen: 'analytics.details', view: 'clients' })).toEqual([
      { index: 'new', values: { value: 3 }, key: 'new' },
    ]);
  });

  it('says the change in whole percent, none against nothing', () => {
    expect(changePercent(1200, 1000)).toBe(20);
    expect(changePercent(500, 1000)).toBe(-50);
    expect(changePercent(500, 0)).toBeNull();
  });
});

describe('arrangeCards', () => {
  const cards = [{ id: 'a', title: 'A' }, { id: 'b', title: 'B' }, { id: 'c', title: 'C' }, { title: 'no id' }];
  it('orders and hides as the settings say; cards they do not name follow in the screen’s order', () => {
    expect(
      arrangeCards(cards, [
        { id: 'c', shown: true },
        { id: 'a', shown: false },
      ]).map((c) => c.title),
    ).toEqual(['C', 'B', 'no id']);
    expect(arrangeCards(cards, undefined)).toBe(cards);
    expect(arrangeCards(cards, [{ id: 'gone', shown: true }]).map((c) => c.title)).toEqual(['A', 'B', 'C', 'no id']);
  });
});
