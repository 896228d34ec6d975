import type { Db } from '../../db/database';
import type { Filter } from '../../engine/resource-repository';

/** A client the caller may see, with what their messages are addressed to; undefined when they may not. */
export async function clientContact(db: Db, allowed: Filter, id: number) {
  return db
    .selectFrom('clients')
    .select(['user_id', 'email', 'phone'])
    .where((eb) => eb.and([eb('clients.id', '=', id), allowed(eb)]))
    .executeTakeFirst();
}

export type ClientContact = NonNullable<Awaited<ReturnType<typeof clientContact>>>;

/**
 * One page of the client messages of the client's owner the caller may see that went to this email (case-folded,
 * given lower-cased) or phone, newest first, and how many there are in all.
 */
export async function clientMessagePage(
  db: Db,
  allowed: Filter,
  client: ClientContact,
  email: string | null,
  page: number,
  perPage: number,
) {
  const base = db
    .selectFrom('outbox')
    .where((eb) =>
      eb.and([
        allowed(eb),
        eb('outbox.user_id', '=', client.user_id),
        eb('outbox.type', 'is not', null),
        eb.or([
          ...(email
            ? [eb.and([eb('outbox.channel', '=', 'email'), eb(eb.fn('lower', ['outbox.recipient']), '=', email)])]
            : []),
          ...(client.phone
            ? [eb.and([eb('outbox.channel', '=', 'sms'), eb('outbox.recipient', '=', client.phone)])]
            : []),
        ]),
      ]),
    );
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const data = await base
    .select(['outbox.id', 'outbox.created_at', 'outbox.channel', 'outbox.type', 'outbox.subject', 'outbox.status'])
    .orderBy('outbox.created_at', 'desc')
    .orderBy('outbox.id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return { data, total: Number(total) };
}
