import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/database';
import { numberedSlug, slugFrom, SLUG_MIN } from '../../../domain/slug';
import { businessNameOf } from '../../infra/business-voice';
import { invalidFields, Label, type Message } from '../../infra/domain-error';
import { calendarOf } from '../availability';
import { bookingSettingsOf, BookingSettings } from '../../core/booking-settings';

/**
 * A page address for an owner who has none yet, made from the business's name (Hart Studio → hart-studio) and free:
 * numbered when another owner has it (hart-studio-2). Only suggested: it is the owner's once they save it.
 */
async function suggestedSlug(db: Db, owner: { id: number; first_name: string; last_name: string; settings: string }) {
  const named = slugFrom(businessNameOf(owner));
  const base = named.length >= SLUG_MIN ? named : named ? `${named}-booking` : 'booking';
  const candidates = Array.from({ length: 20 }, (_, i) => numberedSlug(base, i + 1));
  const taken = new Set(
    (
      await db
        .selectFrom('users')
        .select('booking_slug')
        .where('booking_slug', 'in', candidates)
        .where('id', '!=', owner.id)
        .execute()
    ).map((r) => r.booking_slug),
  );
  return candidates.find((c) => !taken.has(c)) ?? `${base}-${owner.id}`;
}

/**
 * The owner's online-booking settings as the settings screen shows them: the page's link (with an address suggested
 * from the business's name while none is saved), the services offered.
 */
export async function presentSettings(db: Db, req: FastifyRequest, appUrl: string) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'booking_slug', 'settings', 'first_name', 'last_name'])
    .where('id', '=', req.user!.id)
    .executeTakeFirstOrThrow();
  const settings = bookingSettingsOf(
    { settings: JSON.parse(row.settings) as Record<string, unknown> },
    row.booking_slug ?? (await suggestedSlug(db, row)),
  );
  const services = await db
    .selectFrom('services')
    .select('id')
    .where(req.filterFor('read', 'Service', 'services'))
    .where('online_booking', '=', 1)
    .where('archived_at', 'is', null)
    .execute();
  // Deposits and online purchases need a card provider of the owner's own, working: said in words when there is none.
  const card = await db
    .selectFrom('integrations')
    .select('status')
    .where('user_id', '=', req.user!.id)
    .where('kind', '=', 'payments')
    .executeTakeFirst();
  // The status in words whatever it is (a bare dash said nothing): no deposit asked, taken online, or why not.
  const notice =
    settings.deposit_mode === 'none'
      ? 'integrations.depositsNotAsked'
      : card?.status === 'connected'
        ? 'integrations.depositsOn'
        : card
          ? 'integrations.paymentDetailsIncomplete'
          : 'integrations.depositsOff';
  return {
    ...settings,
    service_ids: services.map((s) => s.id),
    page_url: settings.slug ? `${appUrl}/online-booking/${settings.slug}` : '',
    payments_notice: req.t(notice),
  };
}

/**
 * Checks what the schema cannot: the slug is free, the services, classes and packages are the owner's own and not
 * archived, and a page switched on has an offering and an open day (spec §5). A 422 on every field at fault.
 */
export async function checkSettings(db: Db, req: FastifyRequest, body: BookingSettings): Promise<void> {
  const owner = req.user!;
  const errors: Record<string, Message> = {};
  const notIn = (field: string): Message => ({
    key: 'validation.in',
    values: { field: new Label(`fields.booking-settings.${field}`) },
  });
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where('booking_slug', '=', body.slug)
    .where('id', '!=', owner.id)
    .executeTakeFirst();
  if (taken) errors.slug = { key: 'booking.settings.slugTaken' };
  for (const [field, table, subjectName] of [
    ['service_ids', 'services', 'Service'],
    ['class_ids', 'classes', 'Class'],
    ['package_ids', 'packages', 'Package'],
  ] as const) {
    const ids = field === 'service_ids' ? body.service_ids : [...new Set(body[field] ?? [])];
    const own = ids.length
      ? await db
          .selectFrom(table as 'classes')
          .select('id')
          .where(req.filterFor('read', subjectName, table))
          .where('id', 'in', ids)
          .where('archived_at', 'is', null)
          .execute()
      : [];
    if (own.length !== ids.length) errors[field] = notIn(field);
  }
  if (body.enabled) {
    if (!body.service_ids.length && !body.class_ids.length && !body.package_ids.length)
      errors.service_ids ??= { key: 'booking.settings.needsOffering' };
    if (!calendarOf(owner).hours.some((d) => d.open)) errors.enabled = { key: 'booking.settings.needsDay' };
  }
  if (Object.keys(errors).length) throw invalidFields(errors);
}

/** Saves the settings; which services are bookable online lives on the services themselves (their flag). */
export async function saveSettings(db: Db, req: FastifyRequest, body: BookingSettings): Promise<void> {
  const owner = req.user!;
  const { slug, service_ids, ...rest } = body;
  const settings = { ...owner.settings, bookingSettings: { ...rest, service_ids: [] } };
  const services = req.filterFor('update', 'Service', 'services');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ booking_slug: slug, settings: JSON.stringify(settings), updated_at: nowIso() })
      .where('id', '=', owner.id)
      .execute();
    await trx.updateTable('services').set({ online_booking: 0 }).where(services).execute();
    if (service_ids.length)
      await trx
        .updateTable('services')
        .set({ online_booking: 1 })
        .where(services)
        .where('id', 'in', service_ids)
        .execute();
  });
}
