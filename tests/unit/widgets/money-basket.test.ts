import {
  addItem,
  errorsByPart,
  requestBody,
  setQuantity,
  totals,
  voucherLinesOver,
  type Basket,
} from '../../../src/widgets/money/basket';
import { checkoutPath } from '../../../src/widgets/calendar/calendar.utils';

const basket = (over: Partial<Basket> = {}): Basket => ({
  client_id: 12,
  appointments: [
    { id: 31, amount: 4000 },
    { id: 32, amount: 2500 },
  ],
  chosen: [31],
  items: [],
  discount: null,
  payments: [],
  ...over,
});

describe('the checkout basket', () => {
  it('owes the ticked appointments and the items, less the discount, and leaves what is not paid', () => {
    const b = basket({
      items: [{ kind: 'product', id: 5, title: 'Oil', price: 750, quantity: 2 }],
      discount: { kind: 'percent', value: 10 },
      payments: [
        { key: 0, method: 'gift_voucher', code: 'AB12', amount: 2000 },
        { key: 1, method: 'cash', amount: 1000 },
      ],
    });
    // 4000 + 2 × 750 = 5500; 10 % = 550; 4950 − 3000 paid = 1950
    expect(totals(b)).toEqual({ owed: 5500, discount: 550, total: 4950, paid: 3000, left: 1950 });
  });

  it('a fixed discount never exceeds what is owed, and overpaying leaves nothing, not less', () => {
    const b = basket({ discount: { kind: 'fixed', value: 9000 }, payments: [{ key: 0, method: 'cash', amount: 500 }] });
    expect(totals(b)).toEqual({ owed: 4000, discount: 4000, total: 0, paid: 500, left: 0 });
  });

  it('a package session pays its ticked appointment whole, and nothing for an unticked one', () => {
    const line = { key: 0, method: 'package' as const, amount: null, package_sale_id: 9, appointment_id: 31 };
    expect(totals(basket({ payments: [line] })).paid).toBe(4000);
    expect(totals(basket({ payments: [{ ...line, appointment_id: 32 }] })).paid).toBe(0);
  });

  it('sends the contract body: ticked appointments, items, a discount above 0, filled payment lines only', () => {
    const b = basket({
      chosen: [32],
      items: [{ kind: 'gift_voucher', id: 3, title: 'Gift', price: 5000, quantity: 1 }],
      discount: { kind: 'fixed', value: 0 },
      payments: [
        { key: 0, method: 'cash', amount: 1500 },
        { key: 1, method: 'card', amount: null },
        { key: 2, method: 'gift_voucher', code: ' AB12CD34 ', amount: 2000 },
        { key: 3, method: 'package', amount: null, package_sale_id: 9, appointment_id: 32 },
        { key: 4, method: 'package', amount: null, package_sale_id: null, appointment_id: 32 },
      ],
    });
    expect(requestBody(b)).toEqual({
      client_id: 12,
      appointment_ids: [32],
      class_seat_ids: [],
      items: [{ kind: 'gift_voucher', id: 3, quantity: 1 }],
      discount: null,
      payments: [
        { method: 'cash', amount: 1500 },
        { method: 'gift_voucher', code: 'AB12CD34', amount: 2000 },
        { method: 'package', package_sale_id: 9, appointment_id: 32 },
      ],
    });
  });

  it('owes a ticked class seat beside an appointment of the same id, and sends it as a seat', () => {
    const b = basket({
      appointments: [
        { id: 31, amount: 4000 },
        { id: 31, kind: 'class', amount: 1200 },
        { id: 40, kind: 'class', amount: 900 },
      ],
      chosen: [],
      chosenSeats: [31],
      payments: [{ key: 0, method: 'package', amount: null, package_sale_id: 9, appointment_id: 31 }],
    });
    // The seat is owed; a package line names an appointment, and appointment 31 is not ticked: it pays nothing.
    expect(totals(b)).toEqual({ owed: 1200, discount: 0, total: 1200, paid: 0, left: 1200 });
    expect(requestBody(b)).toMatchObject({ appointment_ids: [], class_seat_ids: [31] });
  });

  it('adds one more of a thing already in the basket, and a quantity of 0 takes it out', () => {
    const one = addItem([], { kind: 'product', id: 5, title: 'Oil', price: 750 });
    const two = addItem(one, { kind: 'product', id: 5, title: 'Oil', price: 750 });
    expect(two).toEqual([{ kind: 'product', id: 5, title: 'Oil', price: 750, quantity: 2 }]);
    expect(setQuantity(two, 'product', 5, 3)[0].quantity).toBe(3);
    expect(setQuantity(two, 'product', 5, 0)).toEqual([]);
  });

  it("places a 422's field errors on the payment lines they name, the rest apart", () => {
    expect(
      errorsByPart({ 'payments.1.code': ['This code is unknown.'], payments: ['Too much.'], client_id: ['Choose.'] }),
    ).toEqual({ lines: { 1: 'This code is unknown.' }, other: ['Too much.', 'Choose.'] });
  });
});

describe("the calendar's checkout", () => {
  const a = { id: 31, type: 'service', payment_status: 'leftToPay', clients: [{ id: 12 }] } as never;
  it('opens for an appointment with something left to pay, its first client and the appointment chosen', () => {
    expect(checkoutPath(a)).toBe(
      '/financials/income/checkout?client_id=12&appointment_id=31&back=%2Fappointments%2Fcalendar%2Fevents',
    );
  });
  it('is not offered when nothing is owed', () => {
    for (const payment_status of ['paid', 'free', 'paidWithPackage', 'refunded'])
      expect(checkoutPath({ ...(a as object), payment_status } as never)).toBeNull();
  });
});

describe('gift voucher lines over the balance', () => {
  it('counts every line of a code (typed in any case) against its balance once looked up', () => {
    const v = (key: number, code: string, amount: number, codeLeft?: number | null) => ({
      key,
      method: 'gift_voucher' as const,
      code,
      amount,
      codeLeft,
    });
    expect(voucherLinesOver([v(0, 'GOOD', 1500, 1500)])).toEqual(new Set());
    expect(voucherLinesOver([v(0, 'GOOD', 1600, 1500)])).toEqual(new Set([0]));
    expect(voucherLinesOver([v(0, 'GOOD', 1000, 1500), v(1, ' good', 600)])).toEqual(new Set([0, 1]));
    // Not looked up yet: the server decides.
    expect(voucherLinesOver([v(0, 'NEW', 9999, null)])).toEqual(new Set());
    expect(voucherLinesOver([{ key: 0, method: 'cash', amount: 9999 }])).toEqual(new Set());
  });
});
