import { addDays } from '../../domain/dates';
import { nowIso } from '../db/database';
import { checkoutOn, type LedgerOwner } from './ledger';
import { between, pickWith } from './random';

/**
 * The weekly class's sessions (Wednesdays at 18:00) from `fromDays` back to the next four, in date order, with
 * attendees: past sessions three to seven, each paying the class price, a quarter of them online by card when they
 * booked (the row the online booking writes, dated that day; the seat keeps what was paid) and the rest at the
 * till on the evening, through the ledger's checkout (one in ten still left to pay); coming sessions at most two, booked online, so the booking
 * page still has seats.
 */
export async function seedClassSessions(o: LedgerOwner, fromDays: number, r: () => number): Promise<void> {
  const yoga = await o.db
    .selectFrom('classes')
    .select(['id', 'price'])
    .where('user_id', '=', o.ownerId)
    .orderBy('id')
    .executeTakeFirst();
  if (!yoga) return;
  const clients = (
    await o.db
      .selectFrom('clients')
      .select('id')
      .where('user_id', '=', o.ownerId)
      .where('archived_at', 'is', null)
      .orderBy('id')
      .execute()
  ).map((c) => c.id);
  // Regulars come most weeks: the first dozen clients, and now and then someone else.
  const regulars = clients.slice(0, 12);
  const weekday = new Date(`${o.today}T00:00:00Z`).getUTCDay();
  const nextWednesday = addDays(o.today, (3 - weekday + 7) % 7 || 7);
  const dates: string[] = [];
  for (let d = addDays(nextWednesday, -7); d >= addDays(o.today, fromDays); d = addDays(d, -7)) dates.unshift(d);
  for (let i = 0; i < 4; i++) dates.push(addDays(nextWednesday, i * 7));
  const sessions = await o.db
    .insertInto('class_sessions')
    .values(dates.map((date, position) => ({ class_id: yoga.id, position, date, start_time: '18:00' })))
    .returning(['id', 'date'])
    .execute();
  const tills: Array<{ client: number; session: number; date: string }> = [];
  const seats: Array<{ session_id: number; client_id: number; paid_amount: number; created_at: string }> = [];
  const online: Array<{ client: number; session: number; date: string }> = [];
  for (const s of sessions) {
    const past = s.date < o.today;
    const count = past ? between(r, 3, 7) : between(r, 0, 2);
    const who = new Set<number>();
    while (who.size < count) who.add(pickWith(r, r() < 0.8 ? regulars : clients));
    for (const client of who) {
      const paidOnline = !past || r() < 0.25;
      seats.push({
        session_id: s.id,
        client_id: client,
        paid_amount: paidOnline ? yoga.price : 0,
        created_at: nowIso(),
      });
      if (paidOnline) {
        const booked = addDays(s.date, -between(r, 1, 6));
        online.push({ client, session: s.id, date: booked < o.today ? booked : o.today });
      } else tills.push({ client, session: s.id, date: s.date });
    }
  }
  const saved = seats.length
    ? await o.db
        .insertInto('class_session_clients')
        .values(seats)
        .returning(['id', 'session_id', 'client_id'])
        .execute()
    : [];
  const seatOf = (p: { client: number; session: number }) =>
    saved.find((x) => x.session_id === p.session && x.client_id === p.client)!.id;
  // What the online booking's seat writes (online-booking/completion.ts), dated the day the seat was booked.
  if (online.length)
    await o.db
      .insertInto('payments')
      .values(
        online.map((p, i) => ({
          user_id: o.ownerId,
          appointment_id: null,
          class_seat_id: seatOf(p),
          client_id: p.client,
          type: 'appointment',
          method: 'card',
          provider: 'stripe',
          provider_ref: `pi_demo_class_${i + 1}`,
          amount: yoga.price,
          currency: o.currency,
          date: p.date,
          created_at: nowIso(),
        })),
      )
      .execute();
  // At the till on the evening; now and then a seat is left to pay, as at the chair.
  for (const t of tills)
    if (r() >= 0.1)
      await checkoutOn(o, t.date, {
        client_id: t.client,
        class_seat_ids: [seatOf(t)],
        payments: [{ method: r() < 0.5 ? 'cash' : 'card', amount: yoga.price }],
      });
}
