import type { FastifyInstance } from 'fastify';
import { CREDIT_TYPES } from '../../../domain/credits';
import { messageKey } from './scan';
import { channelSettingsOf, type BookingKind } from './settings';

/**
 * Tells an appointment's clients that the owner booked, moved or cancelled it (spec §1 booking confirmations, changes
 * and cancellations; message type `booking`), by each channel the owner switched the message on for: one job per
 * client and channel on the queue, composed and sent there (notificationJobs), so the owner's request never waits for
 * a mail server and a refused message never undoes the booking. Only appointments still to come are told of; each
 * message happens once (a change once per new time). `clientIds` narrows it to some clients (added, or the one
 * cancelled); a failure here is logged, never thrown: the appointment stands.
 */
export async function announceAppointment(
  app: FastifyInstance,
  kind: BookingKind,
  appointmentId: number,
  clientIds?: number[],
): Promise<void> {
  try {
    let q = app.db
      .selectFrom('appointments as a')
      .innerJoin('appointment_clients as ac', 'ac.appointment_id', 'a.id')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.starts_at', 'ac.client_id', 'u.settings'])
      .where('a.id', '=', appointmentId)
      .where('a.starts_at', '>', new Date().toISOString());
    if (clientIds) {
      if (clientIds.length === 0) return;
      q = q.where('ac.client_id', 'in', clientIds);
    }
    for (const row of await q.execute())
      for (const channel of CREDIT_TYPES) {
        if (!channelSettingsOf(row.settings, channel)[kind].enabled) continue;
        const m = { kind, appointmentId, clientId: row.client_id, channel };
        await app.queue.add('message.appointment', m, { key: messageKey(m, row.starts_at), attempts: 3 });
      }
  } catch (err) {
    app.log.error({ err, appointmentId, kind }, 'appointment message not asked for');
  }
}

/** An appointment's time and clients, to tell what a change changed. */
export interface AppointmentSnapshot {
  startsAt: string;
  clients: number[];
}

export async function snapshotOf(app: FastifyInstance, appointmentId: number): Promise<AppointmentSnapshot | null> {
  const rows = await app.db
    .selectFrom('appointments as a')
    .leftJoin('appointment_clients as ac', 'ac.appointment_id', 'a.id')
    .select(['a.starts_at', 'ac.client_id', 'ac.status'])
    .where('a.id', '=', appointmentId)
    .execute();
  if (rows.length === 0) return null;
  const clients = rows.filter((r) => r.client_id !== null && r.status !== 'cancelled').map((r) => r.client_id!);
  return { startsAt: rows[0].starts_at, clients };
}

/**
 * After the owner changed an appointment (now `appointmentId`, which a change of a series' future gives a new id):
 * clients added are sent its confirmation, clients kept are told of its new time when it moved.
 */
export async function announceChange(
  app: FastifyInstance,
  before: AppointmentSnapshot | null,
  appointmentId: number,
): Promise<void> {
  const after = await snapshotOf(app, appointmentId).catch(() => null);
  if (!before || !after) return;
  const added = after.clients.filter((c) => !before.clients.includes(c));
  const kept = after.clients.filter((c) => before.clients.includes(c));
  await announceAppointment(app, 'booked', appointmentId, added);
  if (after.startsAt !== before.startsAt) await announceAppointment(app, 'rescheduled', appointmentId, kept);
}
