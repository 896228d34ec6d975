import { savedLabel, validOn, type SavedDiscount } from '../../../src/widgets/checkout/saved-discounts';

const discount = (over: Partial<SavedDiscount>): SavedDiscount => ({
  id: 1,
  title: 'Winter',
  kind: 'percentage',
  value: 10,
  period_type: 'ongoing',
  starts_on: null,
  ends_on: null,
  ...over,
});
const t = (key: string, o?: Record<string, unknown>) =>
  key === 'checkout.until' ? `until ${o?.date}` : key.split('.')[1];

describe('the till’s saved discounts', () => {
  it('offers a fixed-period discount only between its dates, the others any day', () => {
    const winter = discount({ period_type: 'fixed_period', starts_on: '2026-12-01', ends_on: '2026-12-31' });
    expect(['2026-11-30', '2026-12-01', '2026-12-31', '2027-01-01'].map((d) => validOn(winter, d))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(validOn(discount({ period_type: 'fixed_period', ends_on: '2026-12-31' }), '2020-01-01')).toBe(true);
    expect(validOn(discount({ period_type: 'one_time' }), '2030-01-01')).toBe(true);
  });

  it('names each with its amount in the owner’s currency or percent, and its period in words', () => {
    expect(savedLabel(discount({ period_type: 'one_time', value: 20 }), t, 'en-GB', 'GBP')).toBe(
      'Winter · 20% · oneTime',
    );
    expect(
      savedLabel(
        discount({ kind: 'fixed', value: 500, period_type: 'fixed_period', ends_on: '2027-08-31' }),
        t,
        'en-GB',
        'GBP',
      ),
    ).toBe('Winter · £5.00 · until 31 August 2027');
    expect(savedLabel(discount({ value: 15 }), t, 'uk', 'UAH')).toBe('Winter · 15%');
  });
});
