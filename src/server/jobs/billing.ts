import type { Db, Dialect } from '../db/database';
import { syncSubscription } from '../features/billing';
import type { BillingProvider } from '../infra/billing/provider';

/**
 * The hourly check against the billing provider (spec §4): every account with a provider customer gets its latest
 * subscription's state written again, so a webhook that never arrived (the endpoint was down, the event was lost)
 * is repaired within the hour. One account failing (the provider unreachable) leaves the others; the count of
 * accounts checked is returned.
 */
export async function runBillingReconciliation(
  db: Db,
  dialect: Dialect,
  provider: BillingProvider,
  onError: (err: unknown) => void = () => {},
): Promise<number> {
  const accounts = await db
    .selectFrom('users')
    .select(['id', 'billing_customer_id'])
    .where('billing_customer_id', 'is not', null)
    .where('deleted_at', 'is', null)
    .execute();
  let checked = 0;
  for (const a of accounts) {
    try {
      await syncSubscription(db, dialect, provider, { customerId: a.billing_customer_id!, latest: true });
      checked += 1;
    } catch (err) {
      onError(err);
    }
  }
  return checked;
}
