import {
  appointmentTitle,
  calendarAt,
  calendarLocale,
  checkoutPath,
  shownFrom,
  clientNames,
  dayInWords,
  initialViewFor,
  outsideKept,
  paymentText,
  toEvents,
} from '../../../src/widgets/calendar/calendar.utils';
import type { Appointment } from '../../../src/widgets/calendar/calendar.types';
import en from '../../../src/locales/en.json';
import uk from '../../../src/locales/uk.json';
import { formatMoney } from '../../../packages/renderer/core/money';

/** A tiny i18next stand-in over the real texts: `a.b.c` with {{x}} filled in. */
const translator =
  (texts: unknown) =>
  (key: string, o: Record<string, unknown> = {}) => {
    const text = key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], texts);
    if (typeof text !== 'string') throw new Error(`missing text ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(o[k]));
  };
const t = translator(en);
const money = (minor: number) => formatMoney(minor, 'en-GB', 'GBP');

const base: Appointment = {
  id: 1,
  type: 'service',
  title: null,
  date: '2026-11-23',
  start_time: '10:00',
  end_time: '11:00',
  duration: 60,
  all_day: false,
  starts_at: '2026-11-23T10:00:00Z',
  ends_at: '2026-11-23T11:00:00Z',
  price: 4500,
  discounted_amount: null,
  payment_status: 'unpaid',
  left_to_pay: 4500,
  source: null,
  location_type: null,
  location_id: null,
  address: null,
  zoom: false,
  zoom_join_url: null,
  notes: null,
  service: { id: 3, title: 'Cut and colour', colour: '#8e24aa' },
  service_id: 3,
  client_ids: [7],
  recurring: null,
  clients: [{ id: 7, first_name: 'Amelia', last_name: 'Stone', main_photo: null, status: 'pending' }],
};

describe('calendar events', () => {
  it('name the client first, then the service', () => {
    expect(toEvents([base], t)[0].title).toBe('Amelia Stone · Cut and colour');
    expect(
      clientNames(
        {
          clients: [
            ...base.clients,
            { id: 8, first_name: 'Leo', last_name: null, main_photo: null, status: 'pending' },
          ],
        },
        t,
      ),
    ).toBe('Amelia Stone +1');
    expect(toEvents([{ ...base, type: 'private', service: null, clients: [] }], t)[0].title).toBe('Private time');
    expect(appointmentTitle({ ...base, service: null, title: 'Team lunch' }, t)).toBe('Team lunch');
  });

  it('say the payment status, not the attendance: a paid online booking reads Paid', () => {
    expect(paymentText({ ...base, payment_status: 'paid', left_to_pay: 0 }, t, money)).toBe('Paid');
    expect(paymentText({ ...base, payment_status: 'leftToPay', left_to_pay: 4500 }, t, money)).toBe(
      'Left to pay £45.00',
    );
    expect(paymentText(base, t, money)).toBe('Unpaid');
    expect(paymentText({ ...base, payment_status: 'free', left_to_pay: 0 }, t, money)).toBe('Free');
    expect(paymentText({ ...base, type: 'blocked' }, t, money)).toBeNull();
    expect(paymentText({ ...base, payment_status: 'paid' }, translator(uk), (m) => formatMoney(m, 'uk', 'UAH'))).toBe(
      'Оплачено',
    );
  });

  it('has words for every payment status of spec §4 in both languages', () => {
    for (const texts of [en, uk]) {
      for (const s of [
        'free',
        'paid',
        'unpaid',
        'leftToPay',
        'paidWithPackage',
        'paidWithVoucher',
        'noBookings',
        'refunded',
      ]) {
        expect(translator(texts)(`calendar.payment.${s}`, { amount: '£1.00' })).toBeTruthy();
      }
    }
  });
});

describe('calendar views and locale', () => {
  it('opens phones on a day, or the list when the owner prefers it', () => {
    expect(initialViewFor('week', true)).toBe('timeGridDay');
    expect(initialViewFor('month', true)).toBe('timeGridDay');
    expect(initialViewFor('list', true)).toBe('listWeek');
    expect(initialViewFor('week', false)).toBe('timeGridWeek');
    expect(initialViewFor('month', false)).toBe('dayGridMonth');
    expect(initialViewFor(undefined, false)).toBe('timeGridWeek');
  });

  it("speaks FullCalendar's Ukrainian for uk and British English otherwise", () => {
    expect(calendarLocale('uk')).toBe('uk');
    expect(calendarLocale('en-GB')).toBe('en-gb');
    expect(calendarLocale('en')).toBe('en-gb');
  });
});

describe('the calendar at a date and view', () => {
  const owed = { id: 7, type: 'service', payment_status: 'unpaid', clients: [{ id: 3 }] } as unknown as Appointment;

  it('sends the checkout back to the week and view the owner was on', () => {
    const path = checkoutPath(owed, calendarAt('2026-11-16', 'timeGridWeek'))!;
    const back = new URLSearchParams(path.split('?')[1]).get('back')!;
    expect(back).toBe('/appointments/calendar/events?date=2026-11-16&view=timeGridWeek');
    expect(shownFrom(new URLSearchParams(back.split('?')[1]))).toEqual({ date: '2026-11-16', view: 'timeGridWeek' });
  });

  it('opens on what the address asks only when it is a date and a view the calendar has', () => {
    expect(shownFrom(new URLSearchParams('date=2026-13-45&view=year'))).toEqual({ date: undefined, view: undefined });
    expect(shownFrom(new URLSearchParams(''))).toEqual({ date: undefined, view: undefined });
    expect(shownFrom(new URLSearchParams('date=2026-02-03&view=timeGridDay'))).toEqual({
      date: '2026-02-03',
      view: 'timeGridDay',
    });
  });

  it('says offline when the shown days go outside the kept window (the shown end is the day after the last)', () => {
    const kept = { from: '2026-11-28', to: '2027-01-28' };
    expect(outsideKept({ from: '2026-11-30', to: '2026-12-07' }, kept)).toBe(false);
    expect(outsideKept({ from: '2027-01-26', to: '2027-01-29' }, kept)).toBe(false);
    expect(outsideKept({ from: '2027-01-26', to: '2027-01-30' }, kept)).toBe(true);
    expect(outsideKept({ from: '2026-10-26', to: '2026-12-07' }, kept)).toBe(true);
  });

  it('writes a kept day in words, in either language', () => {
    expect(dayInWords('2027-01-28', 'en')).toBe('28 January 2027');
    expect(dayInWords('2027-01-28', 'uk')).toBe('28 січня 2027 р.');
  });
});
