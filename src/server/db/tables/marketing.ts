import type { Generated } from 'kysely';

// Marketing campaigns (migration 0027).

export type CampaignStatus = 'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled';

export interface MarketingCampaignsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  send_type: 'email' | 'sms';
  subject: string | null;
  text: string;
  last_visit_after: string | null;
  last_visit_before: string | null;
  service_id: number | null;
  /** "01"–"12". */
  birthday_month: string | null;
  status: CampaignStatus;
  scheduled_at: string | null;
  sent_at: string | null;
  total_clients: Generated<number>;
  /** Messages written so far (the progress while sending). */
  sent_count: Generated<number>;
  credits_spent: Generated<number>;
  created_at: string;
  updated_at: string;
}
