import { defaultBusinessTimes } from '../../domain/calendar-settings';
import { newToken } from '../infra/crypto';
import type { Db } from '../db/database';

/** The demo owner's services, bookable on their public page /online-booking/olivia-hart (deposits on two). */
export async function seedBookableServices(trx: Db, ownerId: number, now: string): Promise<void> {
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
      // `as never`: the services table's type (db/tables) lacks hourly_rate, created_at and updated_at.
      .values({
        ...s,
        user_id: ownerId,
        multipart: parts.length ? 1 : 0,
        online_booking: 1,
        hourly_rate: null,
        public_id: newToken(12),
        created_at: now,
        updated_at: now,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    // Every service has at least one part (spec §5): a single service one blocked part of its own length.
    const rows = parts.length ? parts : [{ title: null, duration: s.duration, blocked: 1 }];
    await trx
      .insertInto('service_parts')
      .values(rows.map((p, position) => ({ ...p, service_id: (row as { id: number }).id, position })))
      .execute();
  }
  // A weekly class, 8 spaces of which 6 bookable online (its sessions come with the diary: seed-classes.ts).
  const yoga = await trx
    .insertInto('classes')
    // `as never`: the classes table's type (db/tables) lacks created_at and updated_at.
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
      public_id: newToken(12),
      created_at: now,
      updated_at: now,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  // A gift voucher on sale online and a package of three haircuts.
  const publicId = () => newToken(12);
  await trx
    .insertInto('gift_vouchers')
    // `as never`: the gift vouchers table's type (db/tables) lacks code, amount_left, created_at and updated_at.
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
    // `as never`: the packages table's type (db/tables) lacks created_at and updated_at.
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
