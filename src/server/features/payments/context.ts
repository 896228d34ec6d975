import { ledgerCurrency } from '../../core/list-totals';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Action } from '../../../../permissions/subjects';
import { todayIn } from '../../../domain/dates';
import type { Db, Dialect } from '../../db/database';
import type { FeatureEventBus } from '../../engine/events';
import type { Filter } from '../../engine/rules-to-sql';
import { ownerTimeZone } from '../../core/owner-time';

/** What a payments service needs of the calling owner: the database, their lock, their day and what they may touch. */
export interface PaymentsContext {
  db: Db;
  dialect: Dialect;
  ownerId: number;
  /** The owner's today: a payment's date is the owner's local day. */
  today: string;
  currency: string;
  /** The clients and appointments the caller may settle (tenancy from the rules). */
  clients: Filter;
  appointments: Filter;
  /** The classes whose seats the caller may settle; null on a plan without classes. */
  classes: Filter | null;
  /** The sales whose rest the caller may settle; null for a caller who may not read sales. */
  sales: Filter | null;
  /** The saved discounts a checkout may take; null for a caller who may not read them. */
  discounts: Filter | null;
  /** The ledger rows the caller may act on. */
  payments: Filter;
  /**
   * Told of what the ledger writes, within the write (`events.ts`). The demo seed, which writes its ledger before
   * any invoice exists, has nobody to tell.
   */
  events?: FeatureEventBus;
}

/**
 * The caller's context for an action on the ledger (subject Income), in the owner's currency; a 403 when the rules
 * allow none of it.
 */
export function paymentsContext(app: FastifyInstance, req: FastifyRequest, action: Action): PaymentsContext {
  return {
    db: app.db,
    dialect: app.dialect,
    ownerId: req.user!.id,
    today: todayIn(ownerTimeZone(req)),
    currency: ledgerCurrency(req),
    payments: req.filterFor(action, 'Income', 'payments'),
    clients: req.filterFor('read', 'Client', 'clients'),
    appointments: req.filterFor('read', 'Appointment', 'appointments'),
    classes: req.ability.can('read', 'Class') ? req.filterFor('read', 'Class', 'classes') : null,
    sales: req.ability.can('read', 'Sale') ? req.filterFor('read', 'Sale', 'sales') : null,
    discounts: req.ability.can('read', 'Discount') ? req.filterFor('read', 'Discount', 'discounts') : null,
    events: app.events,
  };
}
