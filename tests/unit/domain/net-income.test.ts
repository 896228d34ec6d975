import { netIncomeRows, periodOf } from '../../../src/domain/net-income';

describe('net income periods', () => {
  it.each([
    ['2026-11-23', 'month', { key: '2026-11', from: '2026-11-01', to: '2026-11-30' }],
    ['2026-04-05', 'quarter', { key: '2025-26 Q4', from: '2026-01-06', to: '2026-04-05' }],
    ['2026-04-06', 'quarter', { key: '2026-27 Q1', from: '2026-04-06', to: '2026-07-05' }],
    ['2026-10-06', 'quarter', { key: '2026-27 Q3', from: '2026-10-06', to: '2027-01-05' }],
    ['2027-01-01', 'tax_year', { key: '2026-27', from: '2026-04-06', to: '2027-04-05' }],
    ['2099-12-31', 'tax_year', { key: '2099-00', from: '2099-04-06', to: '2100-04-05' }],
  ] as const)('%s by %s', (date, kind, period) => {
    expect(periodOf(date, kind)).toEqual(period);
  });

  it('sums days into every period of the range, empty ones too, net of expenses and mileage', () => {
    const rows = netIncomeRows(
      [
        { date: '2026-01-10', income: 5000 },
        { date: '2026-01-11', expenses: 1200, mileage: 450 },
        { date: '2026-03-02', income: 700 },
        { date: '2025-12-31', income: 99 },
      ],
      'month',
      '2026-01-01',
      '2026-03-31',
    );
    expect(rows.map((r) => [r.period, r.income, r.expenses, r.mileage, r.net])).toEqual([
      ['2026-01', 5000, 1200, 450, 3350],
      ['2026-02', 0, 0, 0, 0],
      ['2026-03', 700, 0, 0, 700],
    ]);
  });
});
