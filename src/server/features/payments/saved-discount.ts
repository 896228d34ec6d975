import type { Discount } from '../../../domain/payments';
import type { Db } from '../../db/database';
import { invalid } from '../../infra/domain-error';
import { dyn } from '../../engine/resource-repository';
import type { PaymentsContext } from './context';

interface SavedRow {
  id: number;
  kind: string;
  value: number;
  period_type: string;
  starts_on: string | null;
  ends_on: string | null;
}

/**
 * One of the owner's saved discounts as a checkout takes it (spec §4 period types): ongoing — any day; fixed period —
 * from its first to its last day, in the owner's days; one time — once per client (read under the owner's lock, so
 * two checkouts cannot both take it). An archived one, another owner's or one the plan does not open is refused as
 * unknown. Each refusal names `discount_id`.
 */
export async function savedDiscount(
  trx: Db,
  ctx: Pick<PaymentsContext, 'today' | 'discounts'>,
  discountId: number,
  clientId: number,
): Promise<Discount> {
  const saved = ctx.discounts
    ? ((await dyn(trx)
        .selectFrom('discounts')
        .select(['id', 'kind', 'value', 'period_type', 'starts_on', 'ends_on'])
        .where((eb) =>
          eb.and([eb('discounts.id', '=', discountId), eb('discounts.archived_at', 'is', null), ctx.discounts!(eb)]),
        )
        .executeTakeFirst()) as SavedRow | undefined)
    : undefined;
  if (!saved) throw invalid('discount_id', 'payments.discountUnknown');
  if (saved.period_type === 'fixed_period') {
    const from = saved.starts_on ?? '0000-01-01';
    const to = saved.ends_on ?? '9999-12-31';
    if (ctx.today < from || ctx.today > to)
      throw invalid('discount_id', 'payments.discountOutOfPeriod', {
        from: saved.starts_on ?? '—',
        to: saved.ends_on ?? '—',
      });
  }
  if (saved.period_type === 'one_time') {
    const used = await trx
      .selectFrom('checkouts')
      .select('id')
      .where('discount_id', '=', saved.id)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (used) throw invalid('discount_id', 'payments.discountUsed');
  }
  return { kind: saved.kind === 'fixed' ? 'fixed' : 'percent', value: saved.value };
}
