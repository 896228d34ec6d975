import type { CreditType } from '../../../domain/credits';

/** An owner's credits of one type: the SMS balance fell to the low mark, or auto-renew bought a bundle or could not. */
export interface CreditsLow {
  ownerId: number;
  type: CreditType;
  balance: number;
}

declare module '../../engine/events' {
  interface FeatureEvents {
    /** Notified once per crossing of the low-credit mark (spec §9: 20 SMS credits). */
    'credits.low': CreditsLow;
    /** Notified when auto-renew bought the last bundle again; `balance` is the balance after it. */
    'credits.renewed': CreditsLow;
    /** Notified when auto-renew could not buy (a declined card, no card); `balance` is what is left. */
    'credits.renew-failed': CreditsLow;
  }
}
