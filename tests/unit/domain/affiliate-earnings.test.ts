import {
  commissionOf,
  dueFrom,
  earningsOf,
  NO_SETTINGS,
  payoutRuleOf,
  type ReferredPayment,
} from '../../../src/domain/affiliate-earnings';

const percent = { ...NO_SETTINGS, percent_amount: 20 };
const fixed = { ...NO_SETTINGS, fixed_amount: 500 };

describe("an affiliate's earnings", () => {
  it('earn a percent of each payment, or a fixed amount a payment, and a refund takes its share back', () => {
    expect(commissionOf(2999, percent)).toBe(600); // 599.8
    expect(commissionOf(-2999, percent)).toBe(-600);
    expect(commissionOf(2999, fixed)).toBe(500);
    expect(commissionOf(-2999, fixed)).toBe(-500);
    expect(commissionOf(0, fixed)).toBe(0);
    expect(commissionOf(2999, NO_SETTINGS)).toBe(0);
    // A percent wins over a fixed amount when both are set.
    expect(commissionOf(1000, { ...NO_SETTINGS, percent_amount: 10, fixed_amount: 500 })).toBe(100);
  });

  it('fall due 60 days after the payment in GBP, and from the 1st of the next month in UAH', () => {
    expect(payoutRuleOf('gbp')).toBe('gb');
    expect(payoutRuleOf('UAH')).toBe('ua');
    expect(dueFrom('2026-01-31T10:00:00.000Z', 'gb')).toBe('2026-04-01T10:00:00.000Z');
    expect(dueFrom('2026-01-31T23:59:00.000Z', 'ua')).toBe('2026-02-01T00:00:00.000Z');
    expect(dueFrom('2026-12-15T08:00:00.000Z', 'ua')).toBe('2027-01-01T00:00:00.000Z');
  });

  it('sum to what a hand count over payments and refunds across a month boundary gives', () => {
    const payments: ReferredPayment[] = [
      { amount: 2999, paid_at: '2026-09-30T23:30:00.000Z' }, // 600, due 1 Oct (UA)
      { amount: 2999, paid_at: '2026-10-01T00:10:00.000Z' }, // 600, due 1 Nov (UA)
      { amount: -2999, paid_at: '2026-10-02T09:00:00.000Z' }, // -600, due 1 Nov (UA)
      { amount: 4999, paid_at: '2026-10-31T12:00:00.000Z' }, // 1000, due 1 Nov (UA)
      { amount: 4999, paid_at: '2026-11-01T12:00:00.000Z' }, // 1000, due 1 Dec (UA)
    ];
    // On 31 October (UA): only September's payment is due.
    expect(earningsOf(payments, [], percent, 'ua', new Date('2026-10-31T23:59:59Z'))).toEqual({
      earned: 2600,
      pending: 2000,
      owed: 600,
      paid: 0,
    });
    // On 1 November, with September's commission paid out: October's, less its refund, is owed.
    expect(earningsOf(payments, [600], percent, 'ua', new Date('2026-11-01T00:00:00Z'))).toEqual({
      earned: 2600,
      pending: 1000,
      owed: 1000,
      paid: 600,
    });
    // GBP: 60 days each; on 30 November only September's is due.
    expect(earningsOf(payments, [], percent, 'gb', new Date('2026-11-30T00:00:00Z')).owed).toBe(600);
    // Paid out more than is due (a refund after the payout): nothing is owed, never a negative amount.
    expect(
      earningsOf([{ amount: -2999, paid_at: '2026-01-01T00:00:00Z' }], [600], percent, 'ua', new Date()).owed,
    ).toBe(0);
  });
});
