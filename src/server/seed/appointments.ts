import { defaultCalendarSettings } from '../../domain/calendar-settings';
import { addDays, todayIn } from '../../domain/dates';
import { refreshLastAppointment } from '../features/appointments/client-history';
import { createAppointments } from '../features/appointments/create-appointments';
import type { OwnerContext } from '../core/owner-context';
import { DomainError } from '../infra/domain-error';
import type { Db, Dialect } from '../db/database';
import { nowIso } from '../db/database';
import { between, pickWith, rng } from './random';

/** What became of a seeded appointment: its attendance, once its day has passed. */
export type Fate = 'attended' | 'noShow' | 'cancelled' | 'pending';

/** A seeded appointment with one client, and what is still owed on it after any deposit. */
export interface Visit {
  id: number;
  client: number;
  date: string;
  service: string;
  service_id: number;
  fate: Fate;
  /** What the till still has to take: the price (or discounted amount) less the deposit paid online. */
  due: number;
}

/** How much of a diary to seed, and how. */
export interface DiaryPlan {
  seed: number;
  /** The first and last day, in days from the owner's today (today holds only a few appointments still to come). */
  from: number;
  to: number;
  currency: string;
  /** The share of services with a deposit booked online, the deposit paid by card on the booking day. */
  online: number;
  /** A private hour now and then (the owner's own time, no client). */
  privateTime: boolean;
}

/** A date `days` from the owner's `today`, as YYYY-MM-DD, and its weekday (0 = Sunday). */
function dayFrom(today: string, days: number): { date: string; weekday: number } {
  const date = addDays(today, days);
  return { date, weekday: new Date(`${date}T00:00:00Z`).getUTCDay() };
}

/** Past days' appointment times: a full working day. */
const PAST_TIMES = ['09:00', '10:00', '11:30', '13:00', '14:30', '16:00'];
/**
 * Coming days are lighter, so the booking page and a new booking in the calendar still find free time: one
 * appointment first thing and one mid-afternoon, short services only.
 */
const COMING_TIMES = ['09:00', '15:00'];
/** Today's appointments (a working day), at times the coming days' also leave free. */
const TODAY_TIMES = ['10:00', '13:00', '16:30'];
const PRIVATE = ['Accountant', 'Supplier visit', 'Training course', 'Dentist'];
/** A no-show this recent is still unpaid (the left-to-pay list has it); an older one was charged half. */
const STILL_OWED_DAYS = 14;

/**
 * An owner's diary, as a business in use has one: past appointments on working days (mostly attended, a few
 * cancelled or no-shows, now and then private time) and coming ones, each with a client, made through the same
 * service as the calendar's own writes (blocked spans, the clients' last appointment date), all in one
 * transaction. Some were booked online and paid a deposit then; a cancelled one keeps its deposit and owes nothing
 * more, an older no-show was charged half. Returns the appointments with a client, for the ledger to settle.
 */
export async function seedDiary(db: Db, dialect: Dialect, ownerId: number, plan: DiaryPlan): Promise<Visit[]> {
  const r = rng(plan.seed);
  const pick = <T>(xs: readonly T[]) => pickWith(r, xs);
  const services = await db
    .selectFrom('services')
    .select(['id', 'title', 'price', 'duration', 'deposit_amount'])
    .where('user_id', '=', ownerId)
    .execute();
  const byTitle = new Map(services.map((s) => [s.title, s]));
  const clients = await db
    .selectFrom('clients')
    .select('id')
    .where('user_id', '=', ownerId)
    .where('archived_at', 'is', null)
    .orderBy('id')
    .execute();
  if (clients.length === 0 || services.length === 0) return [];
  const timeZone = defaultCalendarSettings('GB').time_zone;
  const today = todayIn(timeZone);
  const visits: Visit[] = [];
  await db.transaction().execute(async (trx) => {
    // createAppointments joins this transaction: one commit for the whole diary.
    const ctx: OwnerContext = {
      db: trx,
      dialect,
      ownerId,
      timeZone,
      zoomConnected: false,
      clientFilter: (eb) => eb('clients.user_id', '=', ownerId),
    };
    for (let days = plan.from; days <= plan.to; days++) {
      if (days === 0) continue;
      const { date, weekday } = dayFrom(today, days);
      if (weekday === 0 || weekday === 6) continue;
      const past = days < 0;
      if (past && plan.privateTime && r() < 0.12)
        await createAppointments(ctx, {
          type: 'private',
          title: pick(PRIVATE),
          date,
          start_time: '12:30',
          duration: 30,
        });
      for (const time of past ? PAST_TIMES : COMING_TIMES) {
        if (r() < (past ? 0.25 : 0.5)) continue; // a real diary has gaps
        // The long colour service only where it ends within the working day.
        const long = past && time < '15:00' ? ['Colour and style'] : [];
        const service = byTitle.get(
          pick(
            past
              ? ['Haircut', 'Haircut', 'Home visit cut', 'Free consultation', ...long]
              : ['Haircut', 'Haircut', 'Free consultation'],
          ),
        );
        if (!service) continue;
        const client = pick(clients).id;
        const roll = r();
        const fate: Fate = !past ? 'pending' : roll < 0.84 ? 'attended' : roll < 0.92 ? 'noShow' : 'cancelled';
        const online = !!service.deposit_amount && r() < plan.online;
        const deposit = online ? service.deposit_amount! : 0;
        const booked = addDays(date, -between(r, 1, 12));
        const charged =
          fate === 'cancelled'
            ? deposit
            : fate === 'noShow' && days < -STILL_OWED_DAYS
              ? Math.max(deposit, Math.round(service.price / 200) * 100)
              : null;
        const atHome = service.title === 'Home visit cut';
        const input = {
          type: 'service' as const,
          service_id: service.id,
          client_ids: [client],
          date,
          start_time: time,
          price: service.price,
          discounted_amount: charged,
          location_type: atHome ? ('client' as const) : null,
        };
        // A long service may run into the next time: that slot stays free, as the calendar itself would insist.
        const id = await createAppointments(ctx, input, {
          columns: online ? { source: 'online' } : {},
          // The row an online booking's card deposit writes (online-booking/completion.ts), dated the day it was
          // booked (never after today): that service stamps the real today, a seed needs the day in the past.
          then: online
            ? (t, appointmentId) =>
                t
                  .insertInto('payments')
                  .values({
                    user_id: ownerId,
                    appointment_id: appointmentId,
                    client_id: client,
                    type: 'appointment',
                    method: 'card',
                    provider: 'stripe',
                    provider_ref: `pi_demo_${appointmentId}`,
                    amount: deposit,
                    currency: plan.currency,
                    date: booked < today ? booked : today,
                    created_at: nowIso(),
                  })
                  .execute()
                  .then(() => undefined)
            : undefined,
        }).then(
          ([first]) => first,
          (err: unknown) => {
            if (err instanceof DomainError) return null;
            throw err;
          },
        );
        if (id === null) continue;
        const due = Math.max(0, (charged ?? service.price) - deposit);
        visits.push({ id, client, date, service: service.title, service_id: service.id, fate, due });
      }
    }
    // Today, a working day: a few appointments still to be marked, drawn apart so the other days stay as they are.
    const { weekday } = dayFrom(today, 0);
    const drawToday = rng(plan.seed + 1);
    if (plan.from <= 0 && plan.to >= 0 && weekday !== 0 && weekday !== 6)
      for (const time of TODAY_TIMES) {
        const service = byTitle.get(pickWith(drawToday, ['Haircut', 'Haircut', 'Free consultation']));
        if (!service) continue;
        const input = {
          type: 'service' as const,
          service_id: service.id,
          client_ids: [pickWith(drawToday, clients).id],
          date: today,
          start_time: time,
          price: service.price,
        };
        await createAppointments(ctx, input).catch((err: unknown) => {
          if (!(err instanceof DomainError)) throw err;
        });
      }
    await markAttendance(trx, visits);
  });
  return visits;
}

/** Sets the past appointments' attendance, a few statements per status, and the clients' last appointment dates. */
async function markAttendance(trx: Db, visits: Visit[]): Promise<void> {
  for (const status of ['attended', 'noShow', 'cancelled'] as const) {
    const ids = visits.filter((v) => v.fate === status).map((v) => v.id);
    for (let i = 0; i < ids.length; i += 500)
      await trx
        .updateTable('appointment_clients')
        .set({ status })
        .where('appointment_id', 'in', ids.slice(i, i + 500))
        .execute();
  }
  await refreshLastAppointment(
    trx,
    visits.map((v) => v.client),
  );
}
