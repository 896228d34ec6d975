import type { FastifyInstance } from 'fastify';
import { object, responses, STRING } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import { DomainError, notFound } from '../../infra/domain-error';
import { billingAccount, customerOf, defaultCard, liveSubscriptionId } from './account';
import { liqpayOwner } from './liqpay/orders';
import { CARD_SETUP, CARDS } from './response-schemas';

const cardParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;
const cardSetupBody = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: { return: { type: 'string', enum: ['cards', 'start'] } },
} as const;
const MESSAGE = object({ message: STRING }, { required: ['message'] });

/**
 * The owner's cards (spec §2 /account-setup/subscription/cards, §7): listed as the provider keeps them (brand, last
 * four digits, expiry, which is the default); added on the provider's hosted page, so no card number passes through
 * the app; one made the default; one removed — but not the default while a subscription is paid with it.
 */
export async function billingCardRoutes(fastify: FastifyInstance, opts: { appUrl: string }): Promise<void> {
  const app = typed(fastify);
  const base = '/api/v1/subscription/cards';

  app.get(base, { schema: { response: responses({ 200: CARDS }), tags: ['subscription'] } }, async (req) => {
    // LiqPay keeps a UA owner's card: none is listed here.
    if (liqpayOwner(app, req, 'read')) return { data: [] };
    const account = billingAccount(app, req, 'read');
    if (!account.user.billing_customer_id) return { data: [] };
    return { data: (await defaultCard(account, account.user.billing_customer_id)).cards };
  });

  app.post(
    base,
    {
      schema: { response: responses({ 200: CARD_SETUP }), tags: ['subscription'], body: cardSetupBody },
    },
    async (req) => {
      if (liqpayOwner(app, req, 'update')) throw new DomainError(422, 'billing.liqpay.cardOnPage');
      const account = billingAccount(app, req, 'update');
      const customer = await customerOf(app, account);
      // Back to the page the owner came from: the cards page, or the card step that follows registration.
      const page = req.body?.return === 'start' ? 'start' : 'cards';
      const back = `${opts.appUrl}/account-setup/subscription/${page}`;
      const setup = await account.provider.cardSetup(customer, {
        successUrl: `${back}?card=saved`,
        cancelUrl: back,
        currency: account.currency,
      });
      return { data: setup };
    },
  );

  /** The card, if it is one of the caller's; else 404. */
  const ownCard = async (req: Parameters<typeof billingAccount>[1], id: string) => {
    const account = billingAccount(app, req, 'update');
    const customer = account.user.billing_customer_id;
    const cards = customer ? await account.provider.cards(customer) : [];
    const card = cards.find((c) => c.id === id);
    if (!customer || !card) throw notFound();
    return { account, customer, card };
  };

  app.put(
    `${base}/:id`,
    { schema: { response: responses({ 200: MESSAGE }), tags: ['subscription'], params: cardParams } },
    async (req) => {
      const { account, customer, card } = await ownCard(req, req.params.id);
      await account.provider.setDefaultCard(customer, card.id);
      return { message: req.t('billing.cardDefault') };
    },
  );

  app.delete(
    `${base}/:id`,
    { schema: { response: responses({ 200: MESSAGE }), tags: ['subscription'], params: cardParams } },
    async (req) => {
      const { account, customer, card } = await ownCard(req, req.params.id);
      if (card.default && liveSubscriptionId(account.user)) throw new DomainError(422, 'billing.defaultCardInUse');
      await account.provider.removeCard(customer, card.id);
      return { message: req.t('billing.cardRemoved') };
    },
  );
}
