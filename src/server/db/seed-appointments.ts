import { defaultCalendarSettings } from '../../domain/calendar-settings';
import { addDays, todayIn } from '../../domain/dates';
import { refreshLastAppointment } from '../features/appointments/client-history';
import { DomainError } from '../infra/domain-error';
import { createAppointments, type OwnerContext } from '../features/appointments/create-appointments';
import type { Db, Dialect } from './database';
import { rng } from './seed-random';

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

/**
 * The demo owner's diary, as a business in use has one: six weeks of past appointments on working days (mostly
 * attended, a few cancelled or no-shows) and two weeks of coming ones, each with a client, made through the same
 * service as the calendar's own writes (blocked spans, the clients' last appointment date). Payments come with the
 * ledger.
 */
export async function seedDemoDiary(db: Db, dialect: Dialect, ownerId: number): Promise<void> {
  const r = rng(42);
  const services = await db
    .selectFrom('services')
    .select(['id', 'title', 'price', 'duration'])
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
  if (clients.length === 0 || services.length === 0) return;
  const ctx: OwnerContext = {
    db,
    dialect,
    ownerId,
    timeZone: defaultCalendarSettings('GB').time_zone,
    zoomConnected: false,
    clientFilter: (eb) => eb('clients.user_id', '=', ownerId) as never,
  };
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const today = todayIn(ctx.timeZone);
  const marks: Array<{ id: number; client: number; status: string }> = [];

  for (let days = -42; days <= 14; days++) {
    if (days === 0) continue;
    const { date, weekday } = dayFrom(today, days);
    if (weekday === 0 || weekday === 6) continue;
    const past = days < 0;
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
      const atHome = service.title === 'Home visit cut';
      const input = {
        type: 'service' as const,
        service_id: service.id,
        client_ids: [client],
        date,
        start_time: time,
        price: service.price,
        location_type: atHome ? ('client' as const) : null,
      };
      // A long service may run into the next time: that slot stays free, as the calendar itself would insist.
      const id = await createAppointments(ctx, input).then(
        ([first]) => first,
        (err: unknown) => {
          if (err instanceof DomainError) return null;
          throw err;
        },
      );
      if (id === null) continue;
      if (past) {
        const roll = r();
        marks.push({ id, client, status: roll < 0.85 ? 'attended' : roll < 0.93 ? 'noShow' : 'cancelled' });
      }
    }
  }
  for (const m of marks) {
    await db
      .updateTable('appointment_clients')
      .set({ status: m.status })
      .where('appointment_id', '=', m.id)
      .where('client_id', '=', m.client)
      .execute();
  }
  await refreshLastAppointment(
    db,
    marks.map((m) => m.client),
  );
}
