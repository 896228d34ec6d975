import type { FastifyInstance } from 'fastify';
import { calendarSettingsOf } from '../../../domain/calendar-settings';
import type { CampaignInput } from './campaigns';
import { estimate, previewFor, senderOf } from './campaigns';
import { campaignSales, FOLLOW_DAYS } from './sales';
import type { MarketingDeps } from './send';

/** A campaign as its page reads it: the record, and what its review, progress or outcome says. */
export interface CampaignReview {
  /** Draft or scheduled: how many clients its filters choose now, what it costs, the balance, a client's message. */
  receivers: number | null;
  credits_needed: number | null;
  credits_balance: number | null;
  short_of_credits: boolean;
  /** Someone to send it to, and the credits for all of them. */
  ready: boolean;
  preview_subject: string | null;
  preview_text: string | null;
  /** Sending: the share of its receivers written to (0–100). */
  progress: number | null;
  /** Sent: what its receivers paid in the days after it (GET /marketing/sales). */
  sales_from: string | null;
  sales_to: string | null;
  sales_open: boolean;
  sales_receivers: number | null;
  sales_buyers: number | null;
  sales_payments: number | null;
  sales_amount: number | null;
  currency: string | null;
}

const NONE: CampaignReview = {
  receivers: null,
  credits_needed: null,
  credits_balance: null,
  short_of_credits: false,
  ready: false,
  preview_subject: null,
  preview_text: null,
  progress: null,
  sales_from: null,
  sales_to: null,
  sales_open: false,
  sales_receivers: null,
  sales_buyers: null,
  sales_payments: null,
  sales_amount: null,
  currency: null,
};

type Campaign = CampaignInput & { id: number; status: string; total_clients: number | null; sent_count: number | null };
type Owner = { id: number; region: string; currency: string; settings: Record<string, unknown> };

/**
 * What a campaign's page says of it by its status (spec §2: message type → text → choose clients → review and send):
 * before it goes, the clients its filters choose now, the credits it takes beside the balance and the message exactly
 * as a client gets it (tags filled, with the opt-out line or unsubscribe link); while it goes, how far it is; after,
 * what its receivers paid in the days that followed.
 */
export async function reviewOf(
  app: FastifyInstance,
  deps: MarketingDeps,
  owner: Owner,
  campaign: Campaign,
): Promise<CampaignReview> {
  if (campaign.status === 'draft' || campaign.status === 'scheduled') {
    const e = await estimate(app, deps, owner.id, campaign);
    const { sender, t } = await senderOf(app, deps, owner.id);
    const preview = previewFor(t, campaign, sender);
    return {
      ...NONE,
      receivers: e.count,
      credits_needed: e.credits,
      credits_balance: e.balance,
      short_of_credits: e.credits > e.balance,
      ready: e.count > 0 && e.credits <= e.balance,
      preview_subject: campaign.send_type === 'email' ? preview.subject || null : null,
      preview_text: preview.text,
    };
  }
  if (campaign.status === 'sending') {
    const total = campaign.total_clients ?? 0;
    const sent = Math.min(campaign.sent_count ?? 0, total);
    return { ...NONE, progress: total ? Math.round((sent / total) * 100) : 0 };
  }
  if (campaign.status !== 'sent') return NONE;
  const zone = calendarSettingsOf(owner).time_zone;
  const [s] = await campaignSales(
    app.db,
    { id: owner.id, region: owner.region, currency: owner.currency, timeZone: zone },
    { campaignId: campaign.id, days: FOLLOW_DAYS },
  );
  if (!s) return NONE;
  const today = new Date().toLocaleDateString('en-CA', { timeZone: zone });
  return {
    ...NONE,
    sales_from: s.from,
    sales_to: s.to,
    sales_open: s.to >= today,
    sales_receivers: s.receivers,
    sales_buyers: s.buyers,
    sales_payments: s.payments,
    sales_amount: s.amount,
    currency: s.currency,
  };
}
