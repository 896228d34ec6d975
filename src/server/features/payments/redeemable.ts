import type { Db } from '../../db/database';
import type { Filter } from '../../engine/rules-to-sql';
import { packageSessionsLeft } from '../../core/redeemed';

/**
 * A client's packages to redeem: not expired on `today`, each service's sessions left from the ledger, those with
 * none left dropped; null when the client is not one the caller may read. `clients` and `packages` are the caller's
 * rules on `clients` and `package_sales`.
 */
export async function redeemablePackages(
  db: Db,
  filters: { clients: Filter; packages: Filter },
  clientId: number,
  today: string,
) {
  const client = await db
    .selectFrom('clients')
    .select('id')
    .where((eb) => eb.and([eb('clients.id', '=', clientId), filters.clients(eb)]))
    .executeTakeFirst();
  if (!client) return null;
  const sold = await db
    .selectFrom('package_sales')
    .innerJoin('packages', 'packages.id', 'package_sales.package_id')
    .select(['package_sales.id', 'packages.title', 'package_sales.expires_on'])
    .where((eb) =>
      eb.and([
        filters.packages(eb),
        eb('package_sales.client_id', '=', client.id),
        eb.or([eb('package_sales.expires_on', 'is', null), eb('package_sales.expires_on', '>=', today)]),
      ]),
    )
    .orderBy('package_sales.id')
    .execute();
  const left = await packageSessionsLeft(
    db,
    sold.map((s) => s.id),
  );
  return sold
    .map((s) => ({ package_sale_id: s.id, title: s.title, expires_on: s.expires_on, services: left.get(s.id)! }))
    .filter((p) => p.services.some((s) => s.left > 0));
}
