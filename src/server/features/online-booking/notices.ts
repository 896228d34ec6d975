import type { FastifyRequest } from 'fastify';
import type { TFunction } from 'i18next';
import { formatMoney } from '@soloist/renderer/core';
import { currencyOf } from '../../../domain/currency';
import { dayInWords } from '../../../domain/dates-in-words';
import type { BookingDeps } from './context';
import { presentAppointment, presentSeat } from './manage';
import type { PublicOwner } from './owner';
import { presentPurchase } from './purchases';

export async function purchaseOf(deps: BookingDeps, owner: PublicOwner, purchaseId: number) {
  const p = await deps.app.db
    .selectFrom('online_purchases')
    .select(['kind', 'sale_id'])
    .where('id', '=', purchaseId)
    .executeTakeFirstOrThrow();
  return presentPurchase(deps.app.db, owner, p.kind, p.sale_id!);
}

/** The voucher (with its code) or package to the buyer, and a sale notice to the owner. */
export async function announcePurchase(
  deps: BookingDeps,
  req: FastifyRequest,
  owner: PublicOwner,
  purchaseId: number,
  manageToken: string | null,
  locale?: string,
) {
  const bought = await purchaseOf(deps, owner, purchaseId);
  const { booking_session_id, sale_id } = await deps.app.db
    .selectFrom('online_purchases')
    .select(['booking_session_id', 'sale_id'])
    .where('id', '=', purchaseId)
    .executeTakeFirstOrThrow();
  const values = (client: string, l: string) => ({
    name: owner.name,
    item: bought.title,
    code: bought.code,
    amount: money(owner, l, bought.amount),
    until: bought.expires_on ? dayInWords(l, bought.expires_on) : '—',
    client,
  });
  const client = await tell(
    deps,
    req,
    owner,
    booking_session_id,
    manageToken,
    {
      client: (t, c, l) => [
        t('booking.mail.purchaseSubject'),
        t(bought.kind === 'voucher' ? 'booking.mail.voucherText' : 'booking.mail.packageText', values(c, l)),
      ],
      owner: (t, c, l) => [t('booking.mail.ownerPurchaseSubject'), t('booking.mail.ownerPurchaseText', values(c, l))],
    },
    undefined,
    locale,
  );
  await deps.app.events.notify('online-booking.purchased', {
    ownerId: owner.user.id,
    saleId: sale_id!,
    item: bought.title,
    client,
    amount: bought.amount,
    currency: currencyOf(owner.user).toLowerCase(),
  });
}

/** What a completed hold became: its appointment, or its seat in a class session. */
export async function bookingOfHold(deps: BookingDeps, owner: PublicOwner, holdId: number) {
  const hold = await deps.app.db
    .selectFrom('slot_holds')
    .select(['appointment_id', 'class_session_id', 'booking_session_id'])
    .where('id', '=', holdId)
    .executeTakeFirstOrThrow();
  if (hold.appointment_id) return presentAppointment(deps.app.db, owner, hold.appointment_id);
  const session = await deps.app.db
    .selectFrom('booking_sessions')
    .select('client_id')
    .where('id', '=', hold.booking_session_id)
    .executeTakeFirstOrThrow();
  const seat = await deps.app.db
    .selectFrom('class_session_clients')
    .select('id')
    .where('session_id', '=', hold.class_session_id!)
    .where('client_id', '=', session.client_id!)
    .executeTakeFirstOrThrow();
  return presentSeat(deps.app.db, owner, seat.id);
}

/** Sends one message; a failed send is logged (and recorded by the sender), never undoing what it tells of. */
export async function deliver(
  deps: Pick<BookingDeps, 'app'>,
  owner: PublicOwner,
  channel: string,
  to: string,
  subjectLine: string,
  text: string,
) {
  try {
    if (channel === 'email')
      await deps.app.mailer.send({ to, subject: subjectLine, text, userId: owner.user.id, type: 'booking' });
    else await deps.app.sms.send({ to, text, userId: owner.user.id, type: 'booking' });
  } catch (err) {
    // Recorded with status "error" by the sender; the booking itself stands.
    deps.app.log.error({ err }, 'booking notification failed');
  }
}

/** The confirmation to the client (by the channel they verified) and the new-booking notice to the owner. */
export async function announce(
  deps: BookingDeps,
  req: FastifyRequest,
  owner: PublicOwner,
  holdId: number,
  manageToken: string | null,
  locale?: string,
) {
  const b = await bookingOfHold(deps, owner, holdId);
  const { booking_session_id, appointment_id } = await deps.app.db
    .selectFrom('slot_holds')
    .select(['booking_session_id', 'appointment_id'])
    .where('id', '=', holdId)
    .executeTakeFirstOrThrow();
  const values = (client: string, l: string) => ({
    name: owner.name,
    service: b.service,
    date: dayInWords(l, b.date),
    time: b.start_time,
    client,
    amount: money(owner, l, b.paid),
  });
  // The text, and the deposit paid when there was one.
  const message = (t: TFunction, key: string, c: string, l: string) =>
    [t(key, values(c, l)), ...(b.paid > 0 ? [t('booking.mail.deposit', values(c, l))] : [])].join(' ');
  const client = await tell(
    deps,
    req,
    owner,
    booking_session_id,
    manageToken,
    {
      client: (t, c, l) => [t('booking.mail.confirmSubject'), message(t, 'booking.mail.confirmText', c, l)],
      owner: (t, c, l) => [t('booking.mail.ownerSubject'), message(t, 'booking.mail.ownerText', c, l)],
    },
    undefined,
    locale,
  );
  await deps.app.events.notify('online-booking.booked', {
    ownerId: owner.user.id,
    appointmentId: appointment_id,
    service: b.service,
    date: b.date,
    time: b.start_time,
    client,
    paid: b.paid,
    currency: currencyOf(owner.user).toLowerCase(),
  });
}

/**
 * Tells the client by the channel they verified (in the language of their request, with the manage link) and the
 * owner by email (in the owner's language). Each message is [subject, text] given a translator and the client's name.
 */
export async function tell(
  deps: BookingDeps,
  req: FastifyRequest,
  owner: PublicOwner,
  bookingSessionId: number,
  manageToken: string | null,
  messages: Record<'client' | 'owner', (t: TFunction, client: string, locale: string) => [string, string]>,
  givenName?: string,
  clientLocale?: string,
) {
  const session = await deps.app.db
    .selectFrom('booking_sessions')
    .select(['channel', 'destination', 'client_id'])
    .where('id', '=', bookingSessionId)
    .executeTakeFirstOrThrow();
  // A client nothing was booked for may not be on the owner's list yet: the name they gave, or where they verified.
  const c = session.client_id
    ? await deps.app.db
        .selectFrom('clients')
        .select(['first_name', 'last_name'])
        .where('id', '=', session.client_id)
        .executeTakeFirst()
    : undefined;
  const client = c ? `${c.first_name} ${c.last_name ?? ''}`.trim() : givenName?.trim() || session.destination;
  // The client's language: the one they booked in (kept while they paid), else their request's.
  const [t, locale] =
    clientLocale === 'uk' || clientLocale === 'en'
      ? [deps.i18n.translator(clientLocale), clientLocale]
      : [req.t, req.locale];
  const [subject, text] = messages.client(t, client, locale);
  const link = manageToken
    ? ` ${t('booking.mail.manage', { link: `${deps.appUrl}/online-booking/${owner.settings.slug}/booking/${manageToken}` })}`
    : '';
  await deliver(deps, owner, session.channel, session.destination, subject, `${text}${link}`);
  const ownerLocale = owner.user.locale === 'uk' ? 'uk' : 'en';
  const [ownerSubject, ownerText] = messages.owner(deps.i18n.translator(ownerLocale), client, ownerLocale);
  await deliver(deps, owner, 'email', owner.user.email, ownerSubject, ownerText);
  return client;
}

/** An amount in minor units, in the page's currency, formatted for `locale`. */
/** An amount in the owner's currency, as a client reads it. */
export const money = (owner: PublicOwner, locale: string, minor: number) =>
  formatMoney(minor, locale, currencyOf(owner.user));
