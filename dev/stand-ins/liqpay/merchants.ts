import { newToken, numericCode } from '../../../src/server/infra/crypto';
import type { Ledger } from './billing';
import type { Merchant, State } from './types';

/** What the checkout page calls the platform (the stand-in's own key pair, that owners' subscriptions pay). */
export const PLATFORM_NAME = 'Soloist';

/** The longest name a merchant is given; a longer one is cut. */
const NAME_MAX = 100;

/** Keys that look like LiqPay's sandbox keys (`sandbox_i` and digits, `sandbox_` and a secret). */
export const newKeys = (): { publicKey: string; privateKey: string } => ({
  publicKey: `sandbox_i${numericCode(11)}`,
  privateKey: `sandbox_${newToken(30)}`,
});

/**
 * A new merchant, kept in `state`: new sandbox-like keys (none the platform's or another merchant's) and `name`, or
 * "Merchant n" when it is blank.
 */
export function addMerchant(state: State, platformKey: string, name?: string): Merchant {
  let keys = newKeys();
  while (keys.publicKey === platformKey || state.merchants.has(keys.publicKey)) keys = newKeys();
  const given = (name ?? '').trim().slice(0, NAME_MAX);
  const merchant = { name: given || `Merchant ${state.merchants.size + 1}`, ...keys };
  state.merchants.set(merchant.publicKey, merchant);
  return merchant;
}

/** The merchant `publicKey` names: the platform or one added; undefined for a key the stand-in does not know. */
export const merchantOf = (ledger: Ledger, publicKey: string): Merchant | undefined =>
  publicKey === ledger.platform.publicKey ? ledger.platform : ledger.state.merchants.get(publicKey);

/** The private key of each public key the stand-in knows: what opens messages and signs callbacks. */
export const privateKeyOf =
  (ledger: Ledger) =>
  (publicKey: string): string | undefined =>
    merchantOf(ledger, publicKey)?.privateKey;
