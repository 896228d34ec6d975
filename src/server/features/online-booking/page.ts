import { currencyOf } from '../../../domain/currency';
import type { FastifyRequest } from 'fastify';
import { addDays } from '../../../domain/dates';
import { DomainError } from '../../infra/domain-error';
import { calendarOf } from '../availability';
import { BOOKING_COOKIE, type BookingDeps, MAX_DAYS, open } from './context';
import { offeredClasses, offeredServices } from './offerings';
import { ownerToday, type PublicOwner } from './owner';
import { offeredPackages, offeredVouchers } from './purchases';
import { clientPackages } from './redeem';
import { findBookingSession } from './sessions';

/**
 * The page as the wizard first reads it: the owner's name, whether the page takes bookings (else the reason, and
 * nothing offered), what it offers by public id, and the client this device verified, if any, with the packages
 * they hold.
 */
export async function presentPage(deps: BookingDeps, req: FastifyRequest, owner: PublicOwner) {
  let message: string | null = null;
  try {
    await open(deps, owner);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    message = err.textIn(req.t);
  }
  const session = await findBookingSession(deps.app.db, owner.user.id, req.cookies[BOOKING_COOKIE]);
  const client = session?.client_id
    ? await deps.app.db
        .selectFrom('clients')
        .select(['first_name', 'last_name'])
        .where('id', '=', session.client_id)
        .executeTakeFirst()
    : null;
  const services = message ? [] : await offeredServices(deps.app.db, owner);
  const today = ownerToday(owner);
  const classes = message ? [] : await offeredClasses(deps.app.db, owner, today, addDays(today, MAX_DAYS));
  const vouchers = message ? [] : await offeredVouchers(deps.app.db, owner);
  const packages = message ? [] : await offeredPackages(deps.app.db, owner);
  return {
    name: owner.name,
    open: message === null,
    message,
    // The owner's own currency, which deposits are taken in.
    currency: currencyOf(owner.user),
    payment_note: owner.cardPayments
      ? ((owner.user.settings.paymentSettings as { payment_note?: string | null } | undefined)?.payment_note ?? null)
      : null,
    time_zone: calendarOf(owner.user).settings.time_zone,
    existing_clients_only: owner.settings.existing_clients_only,
    remember_days: owner.settings.remember_days,
    services: services.map((s) => ({
      id: s.public_id,
      title: s.title,
      description: s.description,
      duration: s.duration,
      price: s.price,
      deposit: s.deposit,
      multipart: s.multipart === 1,
      question: s.booking_question,
      at_client: s.at_client_place === 1,
      colour: s.colour,
    })),
    classes: classes.map((c) => ({
      id: c.id,
      title: c.title,
      description: c.description,
      price: c.price,
      duration: c.duration,
      deposit: c.deposit,
      sessions: c.sessions.length,
    })),
    vouchers: vouchers.map((v) => ({
      id: v.public_id,
      title: v.title,
      description: v.description,
      amount: v.amount,
      colour: v.colour,
      template: v.template,
      expires_on: v.expires_on,
      client_notes: v.client_notes === 1,
    })),
    packages: packages.map((p) => ({
      id: p.public_id,
      title: p.title,
      description: p.description,
      price: p.price,
      expiry_days: p.expiry_days,
      services: p.services,
    })),
    verified: session
      ? {
          destination: session.destination,
          channel: session.channel,
          client: client ?? null,
          packages: session.client_id && !message ? await packagesOf(deps, owner, session.client_id) : [],
        }
      : null,
  };
}

/** A client's packages as the page lists them: each service by its public id, with the sessions left of it. */
async function packagesOf(deps: BookingDeps, owner: PublicOwner, clientId: number) {
  const held = await clientPackages(deps.app.db, owner, clientId);
  const ids = [...new Set(held.flatMap((p) => p.services.map((s) => s.service_id)))];
  const publicIds = ids.length
    ? await deps.app.db.selectFrom('services').select(['id', 'public_id']).where('id', 'in', ids).execute()
    : [];
  return held.map((p) => ({
    title: p.title,
    expires_on: p.expires_on,
    services: p.services.map((s) => ({
      id: publicIds.find((x) => x.id === s.service_id)?.public_id ?? '',
      title: s.title,
      left: s.left,
    })),
  }));
}
