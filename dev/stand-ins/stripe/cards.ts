import { invalid } from './http';
import type { State } from './state';
import type { Subscription } from './types';

/** A card number the local provider declines, as Stripe's test card 4000 0000 0000 0002 is declined. */
export const DECLINED_CARD = '4000000000000002';

/**
 * A card number that saves fine but declines every later charge, as Stripe's test card 4000 0000 0000 0341 does:
 * what a subscription's renewal failing looks like.
 */
export const FAILING_CARD = '4000000000000341';

/** The card's brand from its first digits, as Stripe names it. */
export function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

/** A payment method the customer has, or the 400 Stripe answers for one they do not. */
export function ownCard(state: State, customer: string, paymentMethod: string, param: string): string {
  if (state.paymentMethods.get(paymentMethod)?.customer !== customer) {
    throw invalid(
      `The customer does not have a payment method with the ID ${paymentMethod}. The payment method must be attached to the customer.`,
      param,
      'resource_missing',
    );
  }
  return paymentMethod;
}

/**
 * The payment method a subscription's invoices are charged to: the subscription's own default, else the
 * customer's invoice default. Null when there is none.
 */
export function chargedMethod(state: State, sub: Subscription): string | null {
  return (
    sub.default_payment_method ?? state.customers.get(sub.customer)?.invoice_settings.default_payment_method ?? null
  );
}

/**
 * Whether charging `amount` to `paymentMethod` fails: nothing to charge never fails; no card, a card no longer
 * attached, or a card that declines (0341) always does.
 */
export function declines(state: State, paymentMethod: string | null, amount: number): boolean {
  if (amount <= 0) return false;
  const card = paymentMethod ? state.paymentMethods.get(paymentMethod) : undefined;
  return !card?.customer || state.decliningCards.has(card.id);
}
