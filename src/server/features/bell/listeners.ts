import type { FastifyInstance } from 'fastify';
import type { OnlineBooked, OnlineCancelled, OnlinePurchased } from '../online-booking';
import type { CampaignSent } from '../marketing';
import type { ExportReady } from '../data-export';
import type { ClientsImported } from '../client-import';
import type { CreditsLow } from '../credits';
import type { PaymentFailed } from '../billing';
import type { InvoiceOverdue } from '../invoices';
import { addNotification, type NewNotification } from './notifications';

/** Where a booking is seen: its appointment, or the calendar for a class seat. */
const bookingLink = (appointmentId: number | null) =>
  appointmentId ? `/appointments/calendar/form/${appointmentId}` : '/appointments/calendar/events';

const when = (e: OnlineCancelled) => ({
  client: e.client,
  service: e.service ?? '',
  date: e.date,
  time: e.time,
});

/** Each event an owner must know, as the notification it writes (texts: `bell.kinds.<kind>` in the owner's language). */
export const NOTIFIED = {
  'online-booking.booked': (e: OnlineBooked): NewNotification[] => [
    { kind: 'bookedOnline', values: when(e), link: bookingLink(e.appointmentId) },
    ...(e.paid > 0
      ? [
          {
            kind: 'depositReceived',
            values: { ...when(e), amount: e.paid, currency: e.currency },
            link: bookingLink(e.appointmentId),
          },
        ]
      : []),
  ],
  'online-booking.cancelled': (e: OnlineCancelled): NewNotification[] => [
    { kind: 'cancelledOnline', values: when(e), link: bookingLink(e.appointmentId) },
  ],
  'online-booking.purchased': (e: OnlinePurchased): NewNotification[] => [
    {
      kind: 'paymentReceived',
      values: { client: e.client, item: e.item, amount: e.amount, currency: e.currency },
      link: `/sales-and-products/sales/${e.saleId}`,
    },
  ],
  'marketing.sent': (e: CampaignSent): NewNotification[] => [
    { kind: 'campaignSent', values: { title: e.title, count: e.sent }, link: `/marketing/campaign/${e.campaignId}` },
  ],
  'data-export.ready': (_e: ExportReady): NewNotification[] => [
    { kind: 'exportReady', values: {}, link: '/account-setup/helpful-tools/export-information' },
  ],
  'client-import.done': (e: ClientsImported): NewNotification[] => [
    { kind: 'importDone', values: { count: e.imported, skipped: e.skipped }, link: '/clients/list' },
  ],
  'credits.low': (e: CreditsLow): NewNotification[] => [
    { kind: `${e.type}CreditsLow`, values: { count: e.balance }, link: '/account-setup/notifications/credits' },
  ],
  'credits.renewed': (e: CreditsLow): NewNotification[] => [
    { kind: `${e.type}CreditsRenewed`, values: { count: e.balance }, link: '/account-setup/notifications/credits' },
  ],
  'credits.renew-failed': (e: CreditsLow): NewNotification[] => [
    { kind: `${e.type}CreditsRenewFailed`, values: { count: e.balance }, link: '/account-setup/notifications/credits' },
  ],
  'invoices.overdue': (e: InvoiceOverdue): NewNotification[] => [
    { kind: 'invoiceOverdue', values: { number: e.number }, link: `/financials/invoices/${e.invoiceId}` },
  ],
  'billing.payment-failed': (_e: PaymentFailed): NewNotification[] => [
    { kind: 'paymentFailed', values: {}, link: '/account-setup/subscription/cards' },
  ],
} as const;

type Notified = typeof NOTIFIED;
type OwnerOf = { ownerId: number };

/** Listens to each event above and writes its notifications for the owner it names. */
export function listen(app: FastifyInstance): void {
  for (const name of Object.keys(NOTIFIED) as Array<keyof Notified>) {
    const toNotifications = NOTIFIED[name] as (e: OwnerOf) => NewNotification[];
    app.events.on(name, async (event: OwnerOf) => {
      for (const n of toNotifications(event)) await addNotification(app.db, event.ownerId, n);
    });
  }
}
