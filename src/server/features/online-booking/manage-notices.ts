import type { FastifyRequest } from 'fastify';
import { dayInWords } from '../../../domain/dates-in-words';
import type { BookingDeps } from './context';
import type { Managed } from './manage';
import { deliver } from './notices';
import type { PublicOwner } from './owner';

type When = { date: string; start_time: string };

/**
 * Tells of a change to a client's own booking: the client (email, else SMS, in the language of their request; a
 * moved booking with its manage link) and the owner (email, in theirs).
 */
export async function noticeOfChange(
  deps: Pick<BookingDeps, 'app' | 'appUrl' | 'i18n'>,
  req: FastifyRequest<{ Params: { token: string } }>,
  owner: PublicOwner,
  managed: Managed,
  what: 'cancel' | 'reschedule',
  shown: When & { service: string | null },
  before?: When,
): Promise<void> {
  const c = await deps.app.db
    .selectFrom('clients')
    .select(['first_name', 'last_name', 'email', 'phone'])
    .where('id', '=', managed.clientId)
    .executeTakeFirstOrThrow();
  const client = `${c.first_name} ${c.last_name ?? ''}`.trim();
  const when = (t: typeof req.t, locale: string, at: When) =>
    t('booking.mail.when', { day: dayInWords(locale, at.date), time: at.start_time });
  const values = (t: typeof req.t, locale: string) => ({
    name: owner.name,
    client,
    service: shown.service ?? '',
    when: when(t, locale, shown),
    from: before ? when(t, locale, before) : '',
  });
  const link = `${deps.appUrl}/online-booking/${owner.settings.slug}/booking/${req.params.token}`;
  const key = what === 'cancel' ? 'cancel' : 'reschedule';
  const ownerKey = what === 'cancel' ? 'ownerCancel' : 'ownerReschedule';
  const text = `${req.t(`booking.mail.${key}Text`, values(req.t, req.locale))}${what === 'reschedule' ? ` ${req.t('booking.mail.manage', { link })}` : ''}`;
  if (c.email) await deliver(deps, owner, 'email', c.email, req.t(`booking.mail.${key}Subject`), text);
  else if (c.phone) await deliver(deps, owner, 'sms', c.phone, req.t(`booking.mail.${key}Subject`), text);
  const ownerLocale = owner.user.locale === 'uk' ? 'uk' : 'en';
  const t = deps.i18n.translator(ownerLocale) as typeof req.t;
  const ownerText = t(`booking.mail.${ownerKey}Text`, values(t, ownerLocale));
  await deliver(deps, owner, 'email', owner.user.email, t(`booking.mail.${ownerKey}Subject`), ownerText);
  if (what === 'cancel')
    await deps.app.events.notify('online-booking.cancelled', {
      ownerId: owner.user.id,
      appointmentId: managed.kind === 'appointment' ? managed.id : null,
      service: shown.service,
      date: shown.date,
      time: shown.start_time,
      client,
    });
}
