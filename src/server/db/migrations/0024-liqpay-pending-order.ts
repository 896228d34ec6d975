import type { Kysely } from 'kysely';

/**
 * The LiqPay order an owner was last sent to pay (the UA deployment): until LiqPay's `subscribed` callback makes it
 * the account's subscription, it is only known here, so the hourly check can ask LiqPay for its status and repair a
 * callback that never arrived.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('liqpay_pending_order', 'varchar(64)').execute();
}
