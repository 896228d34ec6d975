import { currencyOf } from '../../../domain/currency';
import { addDays, todayIn } from '../../../domain/dates';
import { REDEMPTION_METHODS } from '../../../domain/payments';
import type { Db } from '../../db/database';

/** How long after a campaign a receiver's payment counts as following it, unless asked otherwise. */
export const FOLLOW_DAYS = 30;

export interface CampaignSales {
  campaign_id: number;
  name: string;
  send_type: string;
  sent_at: string;
  /** The first and last local day (owner's zone) whose payments count. */
  from: string;
  to: string;
  /** Clients the campaign reached (a message not refused). */
  receivers: number;
  /** Receivers who paid in the window. */
  buyers: number;
  /** Their ledger rows of money in the window (not redemptions): payments, and refunds of them as negative rows. */
  payments: number;
  /** Net money in, minor units of `currency`. */
  amount: number;
  currency: string;
}

/**
 * The money that followed the owner's sent campaigns (spec §7 GET /marketing/sales): for each campaign, what its
 * receivers paid after it went out, until `days` later (local days in the owner's zone), net of refunds, from the
 * one ledger. A campaign does not claim a payment made before it; the same payment can follow two campaigns
 * sent close together — each answers "what did my receivers pay after this one".
 */
export async function campaignSales(
  db: Db,
  owner: { id: number; region: string; currency: string; timeZone: string },
  opts: { campaignId?: number; days: number },
): Promise<CampaignSales[]> {
  let q = db
    .selectFrom('marketing_campaigns')
    .select(['id', 'name', 'send_type', 'sent_at'])
    .where('user_id', '=', owner.id)
    .where('status', '=', 'sent')
    .where('sent_at', 'is not', null)
    .orderBy('sent_at', 'desc')
    .limit(100);
  if (opts.campaignId) q = q.where('id', '=', opts.campaignId);
  const campaigns = await q.execute();
  const currency = currencyOf(owner);
  const out: CampaignSales[] = [];
  for (const c of campaigns) {
    const from = todayIn(owner.timeZone, Date.parse(c.sent_at!));
    const to = addDays(from, opts.days - 1);
    const reached = db
      .selectFrom('outbox')
      .select('client_id')
      .where('campaign_id', '=', c.id)
      .where('status', '!=', 'error')
      .where('client_id', 'is not', null);
    const [count, money] = await Promise.all([
      db
        .selectFrom('outbox')
        .select((eb) => eb.fn.count<number | string>('client_id').distinct().as('n'))
        .where('campaign_id', '=', c.id)
        .where('status', '!=', 'error')
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('payments')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('rows'),
          eb.fn.sum<number | string | null>('amount').as('amount'),
          eb.fn
            .count<number | string>(eb.case().when('amount', '>', 0).then(eb.ref('client_id')).end())
            .distinct()
            .as('buyers'),
        ])
        .where('user_id', '=', owner.id)
        .where('currency', '=', currency)
        // Recorded after it went out (a payment earlier that day did not follow it), up to the window's last day.
        .where('created_at', '>=', c.sent_at!)
        .where('date', '<=', to)
        .where('client_id', 'in', reached)
        // Money in: paying from a gift voucher or a package brings none (their sale was the income).
        .where('method', 'not in', [...REDEMPTION_METHODS])
        .executeTakeFirstOrThrow(),
    ]);
    out.push({
      campaign_id: c.id,
      name: c.name,
      send_type: c.send_type,
      sent_at: c.sent_at!,
      from,
      to,
      receivers: Number(count.n),
      buyers: Number(money.buyers),
      payments: Number(money.rows),
      amount: Number(money.amount ?? 0),
      currency,
    });
  }
  return out;
}
