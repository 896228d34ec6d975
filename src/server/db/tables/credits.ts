import type { Generated } from 'kysely';

export type CreditType = 'sms' | 'email';
/** What moved the balance: see migration 0021. */
/** `refund`: a message's credits given back when the provider refused to take it. */
export type CreditKind = 'opening' | 'trial' | 'plan' | 'expiry' | 'bundle' | 'top_up' | 'spend' | 'refund' | 'admin';
/** Plan credits expire at the next renewal; bought ones carry over (spec §9). */
export type CreditBucket = 'plan' | 'bought';

export interface CreditEntriesTable {
  id: Generated<number>;
  user_id: number;
  type: CreditType;
  kind: CreditKind;
  bucket: CreditBucket;
  /** Signed: a grant is positive, spending and expiry negative. */
  amount: number;
  /** The type's balance after this row. */
  balance: number;
  reference: string | null;
  note: string | null;
  created_at: string;
}
