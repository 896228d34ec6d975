import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../../infra/domain-error';
import type { SessionUser } from '../../../infra/sessions';
import type { PlanBilling } from '../plan-billing';
import { liqpayCancel, liqpaySwap } from './changes';
import { liqpayHistory } from './history';

const refuse = (key: string) => async (): Promise<never> => {
  throw new DomainError(422, key);
};

/**
 * A UA owner's plan billed by LiqPay (its `subscribe` action): a subscription starts, or starts again after a cancel,
 * on LiqPay's page (`/liqpay/widget`), where the card is typed; a plan change is `subscribe_update`, a cancel
 * `unsubscribe`; the history is the payments LiqPay reported. LiqPay bills one amount per subscription, so there are
 * no add-ons (Premium includes tax).
 */
export function liqpayPlanBilling(app: FastifyInstance, user: SessionUser): PlanBilling {
  return {
    provider: 'liqpay',
    history: () => liqpayHistory(app, user.id),
    subscribe: refuse('billing.liqpay.useCheckout'),
    swap: (plan) => liqpaySwap(app, user, plan),
    cancel: () => liqpayCancel(app, user),
    resume: refuse('billing.liqpay.resumeOnPage'),
    addonOffers: async () => [],
    addAddon: refuse('billing.liqpay.noAddons'),
    cancelAddon: refuse('billing.liqpay.noAddons'),
  };
}
