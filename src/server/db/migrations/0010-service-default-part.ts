import { sql, type Kysely } from 'kysely';

/**
 * Every service has at least one part (spec §5), as the service form and API insist; services stored without any
 * (earlier demo data) get one blocked part of the service's own length, so they can be edited and saved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into service_parts (service_id, position, title, duration, blocked)
    select services.id, 0, null, services.duration, 1 from services
    where not exists (select 1 from service_parts where service_parts.service_id = services.id)`.execute(db);
}
