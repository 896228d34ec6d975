import {
  checkoutDiscount,
  ledgerStatus,
  shareInOrder,
  splitPayments,
  type AppointmentMoney,
} from '../../../src/domain/payments';

const cash = (amount: number) => ({ amount, method: 'cash' });
const row = (method: string, amount: number) => ({ amount, method });
const money = (m: Partial<AppointmentMoney>): AppointmentMoney => ({
  price: 3500,
  discounted: null,
  discount: 0,
  rows: [],
  ...m,
});

describe('ledgerStatus (spec §4): exactly one of the eight', () => {
  it.each([
    ['a free appointment', money({ price: 0 }), 'free', 0],
    ['discounted to nothing on the appointment', money({ discounted: 0 }), 'free', 0],
    ['a checkout discount of everything', money({ discount: 3500 }), 'free', 0],
    ['nothing paid', money({}), 'unpaid', 3500],
    ['a deposit paid online', money({ rows: [row('card', 1000)] }), 'leftToPay', 2500],
    ['paid in full in cash', money({ rows: [cash(3500)] }), 'paid', 0],
    ['paid in two parts', money({ rows: [cash(1500), row('card', 2000)] }), 'paid', 0],
    ['overpaid (an older deposit)', money({ rows: [cash(4000)] }), 'paid', 0],
    ['the discounted price due', money({ discounted: 3000, rows: [cash(1000)] }), 'leftToPay', 2000],
    ['a checkout discount and a part paid', money({ discount: 500, rows: [cash(1000)] }), 'leftToPay', 2000],
    ['the discounted price paid', money({ discounted: 3000, rows: [cash(3000)] }), 'paid', 0],
    ['paid with a package', money({ rows: [row('package', 3500)] }), 'paidWithPackage', 0],
    ['paid with a gift voucher', money({ rows: [row('gift_voucher', 3500)] }), 'paidWithVoucher', 0],
    ['a voucher and cash', money({ rows: [row('gift_voucher', 2000), cash(1500)] }), 'paid', 0],
    [
      'the cash part refunded, the voucher kept and the rest paid by voucher',
      money({ rows: [row('gift_voucher', 2000), cash(1500), cash(-1500), row('gift_voucher', 1500)] }),
      'paidWithVoucher',
      0,
    ],
    [
      'the cash refunded in two parts, then paid by voucher',
      money({ rows: [cash(3500), cash(-1000), cash(-2500), row('gift_voucher', 3500)] }),
      'paidWithVoucher',
      0,
    ],
    ['part of the payment refunded', money({ rows: [cash(3500), cash(-1000)] }), 'leftToPay', 1000],
    ['refunded in parts up to the whole', money({ rows: [cash(3500), cash(-1000), cash(-2500)] }), 'refunded', 0],
    ['paid and fully refunded', money({ rows: [cash(3500), cash(-3500)] }), 'refunded', 0],
    ['a part paid and refunded', money({ rows: [cash(1000), cash(-1000)] }), 'refunded', 0],
    ['two payments, one refunded', money({ rows: [cash(1000), cash(2500), cash(-2500)] }), 'leftToPay', 2500],
    ['a class session nobody attends', money({ attendees: 0 }), 'noBookings', 0],
    ['a class session with attendees', money({ attendees: 2 }), 'unpaid', 3500],
  ] as const)('%s → %s, %i left', (_name, input, status, left) => {
    expect(ledgerStatus(input)).toEqual({ status, left_to_pay: left });
  });
});

describe('checkoutDiscount: percent rounded half up once per checkout, never beyond what is owed', () => {
  it.each([
    ['10% of 1005 (100.5 → 101)', 1005, { kind: 'percent', value: 10 }, 101],
    ['10% of 1004 (100.4 → 100)', 1004, { kind: 'percent', value: 10 }, 100],
    ['15% of 3333 (499.95 → 500)', 3333, { kind: 'percent', value: 15 }, 500],
    ['33% of 1 (0.33 → 0)', 1, { kind: 'percent', value: 33 }, 0],
    ['50% of 1 (0.5 → 1)', 1, { kind: 'percent', value: 50 }, 1],
    ['100% of 3500', 3500, { kind: 'percent', value: 100 }, 3500],
    ['a fixed 500', 3500, { kind: 'fixed', value: 500 }, 500],
    ['a fixed amount beyond what is owed', 300, { kind: 'fixed', value: 500 }, 300],
    ['nothing owed', 0, { kind: 'percent', value: 50 }, 0],
    ['no discount', 3500, null, 0],
  ] as const)('%s → %i', (_name, owed, discount, expected) => {
    expect(checkoutDiscount(owed, discount)).toBe(expected);
  });
});

describe('sharing a checkout over its appointments', () => {
  it('takes the discount in order', () => {
    expect(shareInOrder([300, 500, 200], 600)).toEqual([300, 300, 0]);
    expect(shareInOrder([300, 500], 0)).toEqual([0, 0]);
  });

  it('splits payments over appointments in order, one row per appointment and payment', () => {
    expect(
      splitPayments(
        [3000, 2000],
        [
          { method: 'card', amount: 2500 },
          { method: 'cash', amount: 1500 },
        ],
      ),
    ).toEqual([
      { index: 0, method: 'card', amount: 2500 },
      { index: 0, method: 'cash', amount: 500 },
      { index: 1, method: 'cash', amount: 1000 },
    ]);
  });
});
