import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../../../infra/domain-error';
import { paysThroughLiqpay } from '../../../infra/billing/liqpay';
import { randomHex } from '../../../infra/crypto';
import { planById, type Plan } from '../../../../domain/plans';
import type { SessionUser } from '../../../infra/sessions';

/**
 * A LiqPay subscription is an order: `sl-<account>-<plan>-<random>`, so a callback names whose subscription it is
 * and which plan it was bought as (LiqPay's `info` would also do; the order id is what every message carries).
 */
export const newOrderId = (userId: number, plan: Plan) => `sl-${userId}-${plan.id}-${randomHex(4)}`;

export function readOrderId(orderId: unknown): { userId: number; plan: Plan } | null {
  const m = typeof orderId === 'string' ? /^sl-(\d+)-([a-z]+-(?:monthly|annual))-[0-9a-f]+$/.exec(orderId) : null;
  const plan = m ? planById(m[2]) : undefined;
  return m && plan ? { userId: Number(m[1]), plan } : null;
}

/** Whether an account pays for its plan through LiqPay: the UA deployment, with LiqPay configured. */
export const usesLiqpay = (app: FastifyInstance, user: Pick<SessionUser, 'region'>): boolean =>
  paysThroughLiqpay(app.liqpay, user.region);

/** Whether the account's subscription is a LiqPay order. */
export const isLiqpayOrder = (subscriptionId: string | null): boolean => Boolean(subscriptionId?.startsWith('sl-'));

/** LiqPay's `subscribe_periodicity` for a plan. */
export const periodicity = (plan: Plan) => (plan.interval === 'annual' ? 'year' : 'month');

/** LiqPay's amounts are decimal hryvnias. */
export const hryvnias = (minor: number) => Number((minor / 100).toFixed(2));

/** LiqPay's dates: 'YYYY-MM-DD HH:mm:ss' in UTC. */
export const liqpayDate = (iso: string) => iso.slice(0, 19).replace('T', ' ');

/** The end of a billing period that began at `startIso`: a calendar month or year later. */
export function periodAfter(startIso: string, plan: Plan): string {
  const d = new Date(startIso);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  if (plan.interval === 'annual') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.toISOString();
}

/**
 * The caller when their plan is paid through LiqPay (a UA owner, LiqPay configured), after the same permission
 * check as every subscription call; null for everyone else, whose plan is paid through the billing provider.
 */
export function liqpayOwner(app: FastifyInstance, req: FastifyRequest, action: 'read' | 'update'): SessionUser | null {
  if (!req.user || !usesLiqpay(app, req.user)) return null;
  if (!req.ability.can(action, 'Subscription')) throw forbidden(action, 'Subscription');
  return req.user;
}
