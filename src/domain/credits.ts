import type { BillingCurrency } from './plans';

/**
 * SMS and email credits (spec §9): bundles an owner buys with the default card, and the two thresholds that act on
 * the SMS balance. Bought credits carry over; a plan's monthly grant expires at the next renewal. No refunds for
 * credits. Prices are minor units, VAT included in GBP. Email is priced at 1p per 4 emails (0.05 UAH each in UA).
 */
export type CreditType = 'sms' | 'email';
export const CREDIT_TYPES: readonly CreditType[] = ['sms', 'email'];

export interface Bundle {
  /** `sms-100`: what the buy call names. */
  id: string;
  type: CreditType;
  credits: number;
  prices: Record<BillingCurrency, number>;
}

export const BUNDLES: readonly Bundle[] = [
  { id: 'sms-50', type: 'sms', credits: 50, prices: { gbp: 400, uah: 9900 } },
  { id: 'sms-100', type: 'sms', credits: 100, prices: { gbp: 700, uah: 17900 } },
  { id: 'sms-250', type: 'sms', credits: 250, prices: { gbp: 1500, uah: 39900 } },
  { id: 'sms-500', type: 'sms', credits: 500, prices: { gbp: 2700, uah: 74900 } },
  { id: 'email-1000', type: 'email', credits: 1000, prices: { gbp: 250, uah: 5000 } },
  { id: 'email-4000', type: 'email', credits: 4000, prices: { gbp: 1000, uah: 20000 } },
  { id: 'email-10000', type: 'email', credits: 10000, prices: { gbp: 2500, uah: 50000 } },
];

export const bundleById = (id: string): Bundle | undefined => BUNDLES.find((b) => b.id === id);
export const bundlesOf = (type: CreditType): Bundle[] => BUNDLES.filter((b) => b.type === type);
export const isCreditType = (value: string): value is CreditType => (CREDIT_TYPES as string[]).includes(value);

/** With auto-renew on, the balance falling to this buys the last bundle again (spec §9). */
export const TOP_UP_AT = 10;
/** The SMS balance falling to this sends the owner a low-credit email (spec §9). */
export const LOW_SMS_AT = 20;

/** Whether a balance going from `before` to `after` fell to or below `threshold` with this change. */
export const crossed = (before: number, after: number, threshold: number): boolean =>
  before > threshold && after <= threshold;
