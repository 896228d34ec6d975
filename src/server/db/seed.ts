import type { Db, Dialect } from './database';
import { nowIso } from './database';
import crypto from 'node:crypto';
import { hashPassword } from '../infra/passwords';
import { seedDemoDiary } from './seed-appointments';
import { defaultBusinessTimes } from '../../domain/calendar-settings';

export const DEMO_PASSWORD = 'Demo-pass-1';

const ENDED = new Date(Date.now() - 30 * 86_400_000).toISOString();

export const DEMO_USERS = [
  {
    email: 'owner@demo.test',
    first_name: 'Olivia',
    last_name: 'Hart',
    plan_name: 'Premium Monthly',
    subscription_status: 'active',
    stage: 'subscriber',
    sms_credits: 200,
    email_credits: 500,
    is_admin: 0,
    is_affiliate: 0,
  },
  {
    email: 'lite@demo.test',
    first_name: 'Liam',
    last_name: 'Price',
    plan_name: 'Lite Monthly',
    subscription_status: 'active',
    stage: 'subscriber',
    sms_credits: 0,
    email_credits: 50,
    is_admin: 0,
    is_affiliate: 0,
  },
  {
    email: 'admin@demo.test',
    first_name: 'Ada',
    last_name: 'Admin',
    plan_name: null,
    subscription_status: 'active',
    stage: 'subscriber',
    sms_credits: 0,
    email_credits: 0,
    is_admin: 1,
    is_affiliate: 0,
  },
  {
    email: 'affiliate@demo.test',
    first_name: 'Aria',
    last_name: 'Fields',
    plan_name: null,
    subscription_status: 'active',
    stage: 'subscriber',
    sms_credits: 0,
    email_credits: 0,
    is_admin: 0,
    is_affiliate: 1,
  },
  // A paid subscription that ended 30 days ago: read-only mode, data deleted in 60 days.
  {
    email: 'readonly@demo.test',
    first_name: 'Rhea',
    last_name: 'Stone',
    plan_name: 'Business Monthly',
    subscription_status: 'expired',
    stage: 'unsubscriber',
    sms_credits: 0,
    email_credits: 0,
    is_admin: 0,
    is_affiliate: 0,
    ends_at: ENDED,
    subscription_ended_at: ENDED,
  },
] as const;

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

/** Deterministic pseudo-random numbers, so every fresh database gets the same demo clients. */
function rng(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

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

/** Adds the demo accounts, about 50 clients and a diary of appointments for the demo owner, once: an existing database is left alone. */
export async function seedDemoData(db: Db, dialect: Dialect): Promise<void> {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_USERS[0].email)
    .executeTakeFirst();
  if (existing) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    for (const u of DEMO_USERS) {
      await trx
        .insertInto('users')
        .values({
          ...u,
          password_hash: passwordHash,
          is_api_user: 0,
          trial_ends_at: null,
          locale: 'en',
          region: 'GB',
          email_verified_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const owner = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_USERS[0].email)
      .executeTakeFirstOrThrow();
    const clients = Array.from({ length: 50 }, (_, i) => demoClient(i, owner.id, now));
    await trx.insertInto('clients').values(clients).execute();
    await seedBookableServices(trx, owner.id, now);
    const readOnly = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'readonly@demo.test')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('clients')
      .values(Array.from({ length: 5 }, (_, i) => demoClient(i + 7, readOnly.id, now)))
      .execute();
  });
  const owner = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_USERS[0].email)
    .executeTakeFirstOrThrow();
  await seedDemoDiary(db, dialect, owner.id);
}

/** The demo owner's services, bookable on their public page /online-booking/olivia-hart (deposits on two). */
async function seedBookableServices(trx: Db, ownerId: number, now: string): Promise<void> {
  const services = [
    {
      title: 'Haircut',
      description: 'Wash, cut and blow-dry.',
      colour: '#1976d2',
      price: 3500,
      duration: 45,
      deposit_amount: 1000,
      booking_question: null,
      parts: [],
    },
    {
      title: 'Colour and style',
      description: 'Full colour; you are free while it develops.',
      colour: '#c2185b',
      price: 9000,
      duration: 90,
      deposit_amount: 2000,
      booking_question: 'Any allergies we should know about?',
      parts: [
        { title: 'Apply colour', duration: 30, blocked: 1 },
        { title: 'Develop', duration: 30, blocked: 0 },
        { title: 'Rinse and style', duration: 30, blocked: 1 },
      ],
    },
    {
      title: 'Free consultation',
      description: 'A short chat about what you would like.',
      colour: '#388e3c',
      price: 0,
      duration: 15,
      deposit_amount: null,
      booking_question: null,
      parts: [],
    },
    {
      title: 'Home visit cut',
      description: 'A haircut at your home.',
      colour: '#f57c00',
      price: 5000,
      duration: 60,
      deposit_amount: 1500,
      booking_question: null,
      at_client_place: 1,
      parts: [],
    },
  ];
  for (const { parts, ...s } of services) {
    const row = await trx
      .insertInto('services')
      .values({
        ...s,
        user_id: ownerId,
        multipart: parts.length ? 1 : 0,
        online_booking: 1,
        hourly_rate: null,
        public_id: crypto.randomBytes(12).toString('base64url'),
        created_at: now,
        updated_at: now,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    // Every service has at least one part (spec §5): a single service one blocked part of its own length.
    const rows = parts.length ? parts : [{ title: null, duration: s.duration, blocked: 1 }];
    await trx
      .insertInto('service_parts')
      .values(rows.map((p, position) => ({ ...p, service_id: (row as { id: number }).id, position })) as never)
      .execute();
  }
  // A weekly class on the next four Wednesdays at 18:00, 8 spaces of which 6 bookable online.
  const yoga = await trx
    .insertInto('classes')
    .values({
      user_id: ownerId,
      title: 'Yoga flow',
      description: 'An hour of gentle yoga for all levels.',
      colour: '#7b1fa2',
      price: 1200,
      duration: 60,
      spaces: 8,
      online_seat_limit: 6,
      zoom: 0,
      public_id: crypto.randomBytes(12).toString('base64url'),
      created_at: now,
      updated_at: now,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const today = new Date();
  const firstWednesday = new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + ((3 - today.getUTCDay() + 7) % 7 || 7)),
  );
  await trx
    .insertInto('class_sessions')
    .values(
      Array.from({ length: 4 }, (_, i) => ({
        class_id: (yoga as { id: number }).id,
        position: i,
        date: new Date(firstWednesday.getTime() + i * 7 * 86_400_000).toISOString().slice(0, 10),
        start_time: '18:00',
      })) as never,
    )
    .execute();
  // A gift voucher on sale online and a package of three haircuts.
  const publicId = () => crypto.randomBytes(12).toString('base64url');
  await trx
    .insertInto('gift_vouchers')
    .values({
      user_id: ownerId,
      public_id: publicId(),
      title: 'Pamper voucher',
      description: 'Treat someone to any service.',
      template: 'floral',
      colour: '#c2185b',
      code: 'PAMPER50',
      amount: 5000,
      amount_left: 5000,
      expires_on: null,
      sales_limit: null,
      sold_count: 0,
      online_sale: 1,
      client_notes: 1,
      created_at: now,
      updated_at: now,
    } as never)
    .execute();
  const haircut = await trx
    .selectFrom('services')
    .select('id')
    .where('user_id', '=', ownerId)
    .where('title', '=', 'Haircut')
    .executeTakeFirstOrThrow();
  const pack = await trx
    .insertInto('packages')
    .values({
      user_id: ownerId,
      public_id: publicId(),
      title: 'Three haircuts',
      description: 'Three haircuts for the price of two and a half.',
      price: 9500,
      expiry_days: 180,
      created_at: now,
      updated_at: now,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('package_services')
    .values({ package_id: (pack as { id: number }).id, service_id: haircut.id, quantity: 3, position: 0 })
    .execute();
  // The demo owner has set their hours (the new owner's checklist is done) and takes bookings online.
  const settings = {
    businessTimeSettings: defaultBusinessTimes(),
    bookingSettings: {
      enabled: true,
      existing_clients_only: false,
      block_new_bookings: false,
      remember_days: 30,
      deposit_mode: 'per_service',
      class_ids: [(yoga as { id: number }).id],
      package_ids: [(pack as { id: number }).id],
    },
  };
  await trx
    .updateTable('users')
    .set({ booking_slug: 'olivia-hart', settings: JSON.stringify(settings) })
    .where('id', '=', ownerId)
    .execute();
}
