import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { AppointmentsTable } from '../../db/tables/appointments';
import { ledgerOfAppointments, statusOf } from '../../core/ledger';

/** Appointments with their clients, services and payment status (over the ledger), in the API's shape; a fixed number of queries whatever the count. */
export async function presentAppointments(db: Db, rows: ReadonlyArray<Selectable<AppointmentsTable>>) {
  const ids = rows.map((r) => r.id);
  const clients = ids.length
    ? await db
        .selectFrom('appointment_clients')
        .innerJoin('clients', 'clients.id', 'appointment_clients.client_id')
        .select([
          'appointment_clients.appointment_id',
          'clients.id',
          'clients.first_name',
          'clients.last_name',
          'clients.main_photo',
          'appointment_clients.status',
        ])
        .where('appointment_clients.appointment_id', 'in', ids)
        .orderBy('appointment_clients.position')
        .execute()
    : [];
  const serviceIds = [...new Set(rows.map((r) => r.service_id).filter((v) => v !== null))];
  const services = serviceIds.length
    ? await db.selectFrom('services').select(['id', 'title', 'colour']).where('id', 'in', serviceIds).execute()
    : [];
  const ledger = await ledgerOfAppointments(db, ids);
  const seriesIds = [...new Set(rows.map((r) => r.series_id).filter((v) => v !== null))];
  const series = seriesIds.length
    ? await db.selectFrom('appointment_series').selectAll().where('id', 'in', seriesIds).execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    title: r.title,
    date: r.date,
    start_time: r.start_time,
    end_time: r.end_time,
    duration: r.duration,
    all_day: r.all_day === 1,
    starts_at: r.starts_at,
    ends_at: r.ends_at,
    price: r.price,
    discounted_amount: r.discounted_amount,
    ...(() => {
      const p = statusOf(r, ledger.get(r.id));
      return { payment_status: p.status, left_to_pay: p.left_to_pay };
    })(),
    source: r.source,
    location_type: r.location_type,
    location_id: r.location_id,
    address: r.address,
    zoom: r.zoom === 1,
    /** The Zoom meeting's join link, when one was made for it. */
    zoom_join_url: r.zoom_join_url ?? null,
    notes: r.notes,
    service: services.find((s) => s.id === r.service_id) ?? null,
    service_id: r.service_id,
    client_ids: clients.filter((c) => c.appointment_id === r.id).map((c) => c.id),
    recurring: (() => {
      const s = series.find((x) => x.id === r.series_id);
      return s
        ? {
            series_id: s.id,
            frequency: s.frequency,
            interval: s.interval,
            start_date: s.start_date,
            end_date: s.end_date,
          }
        : null;
    })(),
    clients: clients.filter((c) => c.appointment_id === r.id).map(({ appointment_id: _a, ...c }) => c),
  }));
}
