import type { FastifyInstance, FastifyRequest } from 'fastify';
import { todayIn } from '../../../domain/dates';
import { ADDONS, PLANS, planByName } from '../../../domain/plans';
import { dayInWords } from '../../../domain/dates-in-words';
import { object, responses, STRING } from '../../engine/responses';
import { ownerTimeZone } from '../../core/owner-time';
import { typed } from '../../engine/typed-routes';
import { billingAccount, liveSubscriptionId, requestedPlan } from './account';
import { activePromo } from './promo';
import { requestedAddon } from './addons';
import { paidForText } from './paid-for';
import { planBillingFor } from './plan-billing-for';
import { ADDONS_LIST, HISTORY, PLANS_LIST } from './response-schemas';

const planBody = {
  type: 'object',
  required: ['plan_id'],
  additionalProperties: false,
  properties: { plan_id: { type: 'string', enum: PLANS.map((p) => p.id) } },
} as const;
const subscribeBody = {
  ...planBody,
  properties: { ...planBody.properties, promo_code: { type: 'string', maxLength: 32 } },
} as const;
const addonBody = {
  type: 'object',
  required: ['plan_id'],
  additionalProperties: false,
  properties: { plan_id: { type: 'string', enum: ADDONS.map((a) => a.id) } },
} as const;
const emptyBody = { type: ['object', 'null'], additionalProperties: false, properties: {} } as const;
const MESSAGE = object({ message: STRING }, { required: ['message'] });

/**
 * The owner's own subscription (spec §2 /account-setup/subscription, §4, §7): the plans with their prices in the
 * owner's billing currency, subscribing (or buying again), swapping plan, cancelling (auto-renew off) and resuming,
 * and the provider's invoices as the history. Each change answers with a message; the app then reads the user
 * again. Cards are in `card-routes.ts`, the provider's events in `webhook-routes.ts`.
 */
export async function billingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const base = '/api/v1/subscription';
  // The day an instant falls on in the owner's zone, in words.
  const when = (req: FastifyRequest, iso: string) =>
    dayInWords(req.locale ?? 'en', todayIn(ownerTimeZone(req), Date.parse(iso)));

  app.get(
    base + '/plans',
    { schema: { response: responses({ 200: PLANS_LIST }), tags: ['subscription'] } },
    async (req) => {
      const account = billingAccount(app, req, 'read');
      const current = planByName(account.user.plan_name);
      return {
        promo: await activePromo(app, account.user.id),
        provider: planBillingFor(app, req, 'read').provider,
        data: PLANS.map((p) => ({
          id: p.id,
          name: p.name,
          level: p.level,
          interval: p.interval,
          price: p.prices[account.currency],
          currency: account.currency,
          sms_credits: p.smsCredits,
          // The plan held: paid through the provider, or given without it (a plan set by hand); not the trial's.
          current:
            p.id === current?.id &&
            (liveSubscriptionId(account.user) !== null || account.user.subscription_status === 'active'),
        })),
      };
    },
  );

  app.get(
    base + '/history',
    { schema: { response: responses({ 200: HISTORY }), tags: ['subscription'] } },
    async (req) => {
      const rows = await planBillingFor(app, req, 'read').history();
      const data = rows.map((row) => ({ ...row, description: paidForText(req.t, row.paid_for) }));
      // All of it in one page: the provider answers the history whole.
      return { data, meta: { current_page: 1, last_page: 1, per_page: data.length, total: data.length } };
    },
  );

  const action = { response: responses({ 200: MESSAGE }), tags: ['subscription'] };
  app.post(base + '/subscribe', { schema: { ...action, body: subscribeBody } }, async (req) => {
    const billing = planBillingFor(app, req, 'update');
    const plan = requestedPlan(req.body);
    const code = req.body.promo_code?.trim();
    await billing.subscribe(plan, code || undefined);
    return { message: req.t('billing.subscribed', { plan: plan.name }) };
  });

  app.post(base + '/swap', { schema: { ...action, body: planBody } }, async (req) => {
    const billing = planBillingFor(app, req, 'update');
    const plan = requestedPlan(req.body);
    const from = await billing.swap(plan);
    return {
      message:
        from === 'kept'
          ? req.t('billing.kept', { plan: plan.name })
          : from === 'now'
            ? req.t('billing.swapped', { plan: plan.name })
            : req.t('billing.swapAtRenewal', { plan: plan.name, date: when(req, from) }),
    };
  });

  app.get(
    base + '/addons',
    { schema: { response: responses({ 200: ADDONS_LIST }), tags: ['subscription'] } },
    async (req) => ({ data: await planBillingFor(app, req, 'read').addonOffers() }),
  );

  app.post(base + '/addon', { schema: { ...action, body: addonBody } }, async (req) => {
    const billing = planBillingFor(app, req, 'update');
    const addon = requestedAddon(req.body);
    await billing.addAddon(addon);
    return { message: req.t('billing.addonAdded', { addon: req.t(`billing.addons.${addon.id}.name`) }) };
  });

  app.post(base + '/addon/cancel', { schema: { ...action, body: addonBody } }, async (req) => {
    const billing = planBillingFor(app, req, 'update');
    const addon = requestedAddon(req.body);
    const end = await billing.cancelAddon(addon);
    return {
      message: req.t('billing.addonCancelled', {
        addon: req.t(`billing.addons.${addon.id}.name`),
        date: when(req, end),
      }),
    };
  });

  app.post(base + '/cancel', { schema: { ...action, body: emptyBody } }, async (req) => {
    // A downgrade that was waiting is called off with the renewal: the owner is told which plan runs to the end.
    const { plan_name: held, pending_plan_name: pending } = req.user!;
    const end = await planBillingFor(app, req, 'update').cancel();
    return {
      message: pending
        ? req.t('billing.cancelledChangeOff', { date: when(req, end), plan: held, pending })
        : req.t('billing.cancelled', { date: when(req, end) }),
    };
  });

  app.post(base + '/resume', { schema: { ...action, body: emptyBody } }, async (req) => {
    await planBillingFor(app, req, 'update').resume();
    return { message: req.t('billing.resumed') };
  });
}
