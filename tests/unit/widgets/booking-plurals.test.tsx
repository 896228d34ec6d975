import { screen } from '@testing-library/react';
import { todayIn } from '../../../src/domain/dates';
import { SlotPicker } from '../../../src/widgets/booking-wizard/slot-picker';
import { fakeRest, renderBooking } from '../../helpers/booking-widget';

const PAGE = '/api/v1/online-booking/hart-studio';
const page = {
  data: {
    name: 'Hart Studio',
    open: true,
    message: null,
    currency: 'GBP',
    payment_note: null,
    time_zone: 'UTC',
    existing_clients_only: false,
    remember_days: 30,
    services: [],
    classes: [],
    vouchers: [],
    packages: [],
    verified: null,
  },
};

/** `n` free times on the first day the picker shows (the owner's today), a quarter of an hour apart from 08:00. */
const slotsOnFirstDay = (n: number) => {
  const today = todayIn('UTC');
  return Array.from({ length: n }, (_, i) =>
    new Date(Date.parse(`${today}T08:00:00Z`) + i * 15 * 60_000).toISOString(),
  );
};

async function dayLabel(lng: 'en' | 'uk', n: number) {
  const { rest } = fakeRest({
    [`GET ${PAGE}`]: () => page,
    [`GET ${PAGE}/services/cut/slots`]: () => ({ data: slotsOnFirstDay(n), meta: { time_zone: 'UTC' } }),
  });
  const view = await renderBooking(
    <SlotPicker slug="hart-studio" service="cut" pending={null} onPick={() => undefined} />,
    rest,
    lng,
  );
  const first = await screen.findByRole('option', { selected: true });
  const text = first.querySelector('.MuiTypography-caption')!.textContent;
  view.unmount();
  return text;
}

describe('a day’s free times are counted in words, with the language’s plural forms', () => {
  it.each([
    ['en', 1, '1 free slot'],
    ['en', 24, '24 free slots'],
    ['uk', 1, '1 вільний слот'],
    ['uk', 3, '3 вільні слоти'],
    ['uk', 24, '24 вільні слоти'],
    ['uk', 5, '5 вільних слотів'],
    ['uk', 11, '11 вільних слотів'],
    ['uk', 21, '21 вільний слот'],
  ] as const)('%s: %i → %s', async (lng, n, words) => {
    expect(await dayLabel(lng, n)).toBe(words);
  });
});
