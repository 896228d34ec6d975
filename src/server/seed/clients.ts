import { rng } from './random';

/** Demo clients: names, phones, birthdays and addresses drawn from these lists, the same ones on every database. */
const FIRST = [
  'Amelia',
  'Oliver',
  'Isla',
  'George',
  'Ava',
  'Noah',
  'Mia',
  'Arthur',
  'Grace',
  'Leo',
  'Freya',
  'Oscar',
  'Lily',
  'Harry',
  'Ella',
  'Jack',
  'Sophie',
  'Charlie',
  'Evie',
  'Thomas',
  'Poppy',
  'James',
  'Florence',
  'William',
  'Rosie',
];
const LAST = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Kovalenko',
  'Shevchenko',
  'Bondarenko',
  'Hughes',
];
const CITIES = ['London', 'Manchester', 'Bristol', 'Leeds', 'Brighton', 'Oxford', 'Cambridge', 'York', 'Bath', 'Kyiv'];
const STREETS = [
  'High Street',
  'Station Road',
  'Church Lane',
  'Park Avenue',
  'Mill Lane',
  'Victoria Road',
  'Green Lane',
  'Manor Road',
];

/** The `i`th demo client of an owner, as a row of the clients table. */
export function demoClient(i: number, userId: number, now: string) {
  const r = rng(i + 1);
  const first = FIRST[i % FIRST.length];
  const last = LAST[Math.floor(i / FIRST.length + r() * LAST.length) % LAST.length];
  const month = String(1 + Math.floor(r() * 12)).padStart(2, '0');
  const day = String(1 + Math.floor(r() * 28)).padStart(2, '0');
  const optOut = r() < 0.1 ? 1 : 0;
  return {
    user_id: userId,
    first_name: first,
    last_name: last,
    email: `${first}.${last}${i}@example.com`.toLowerCase(),
    // Stored as E.164, as the app stores every phone.
    phone: `+447${String(100_000_000 + Math.floor(r() * 899_999_999)).slice(0, 3)}${String(Math.floor(r() * 999_999)).padStart(6, '0')}`,
    birthday: `${1960 + Math.floor(r() * 45)}-${month}-${day}`,
    notes: r() < 0.3 ? 'Prefers morning appointments.' : null,
    address_1: `${1 + Math.floor(r() * 200)} ${STREETS[Math.floor(r() * STREETS.length)]}`,
    address_2: null,
    city: CITIES[Math.floor(r() * CITIES.length)],
    state: null,
    post_code: `SW${1 + Math.floor(r() * 20)} ${1 + Math.floor(r() * 9)}AB`,
    billing_address: null,
    email_reminders: 1,
    sms_reminders: r() < 0.8 ? 1 : 0,
    marketing_messages: optOut ? 0 : 1,
    opt_out: optOut,
    archived_at: r() < 0.08 ? now : null,
    // Follows the client's appointments (features/appointments/client-history.ts), set once the diary is seeded.
    last_appointment_date: null,
    main_photo: null,
    created_at: now,
    updated_at: now,
  };
}
