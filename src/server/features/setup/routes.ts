import type { FastifyInstance } from 'fastify';
import { BOOLEAN, dataBody, object, responses, STRING } from '../../engine/responses';
import { activeCount } from './counts';

/** One step of a new owner's setup (issue: a new owner lands on a short checklist that disappears when done). */
export interface SetupStep {
  id: 'service' | 'businessHours' | 'onlineBooking' | 'client' | 'plan';
  done: boolean;
}

/**
 * GET /api/v1/user/setup-checklist: what a new owner still has to do, ticked from their real data — a service, their
 * own business hours (saved once), online booking switched on (only when the plan has it), a client, and on the free
 * trial the plan it turns into (a card saved and a plan chosen: spec §1, the trial has a card on file). Owners only.
 */
export async function setupRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/v1/user/setup-checklist',
    {
      schema: {
        response: responses({ 200: dataBody({ type: 'array', items: object({ id: STRING, done: BOOLEAN }) }) }),
        tags: ['user'],
      },
    },
    async (req) => {
      const user = req.user!;
      // Owners only: the rules give admins and affiliates no services or clients, so they are refused here.
      const mine = {
        services: req.filterFor('read', 'Service', 'services'),
        clients: req.filterFor('read', 'Client', 'clients'),
      };
      const count = (table: 'services' | 'clients') => activeCount(app.db, table, mine[table]);
      const settings = user.settings as { businessTimeSettings?: unknown; bookingSettings?: { enabled?: boolean } };
      const steps: SetupStep[] = [
        { id: 'service', done: (await count('services')) > 0 },
        { id: 'businessHours', done: Array.isArray(settings.businessTimeSettings) },
        ...(req.ability.can('update', 'OnlineBooking')
          ? [{ id: 'onlineBooking' as const, done: settings.bookingSettings?.enabled === true }]
          : []),
        { id: 'client', done: (await count('clients')) > 0 },
        ...(user.subscription_status === 'trialing'
          ? [{ id: 'plan' as const, done: user.billing_subscription_id !== null }]
          : []),
      ];
      return { data: steps };
    },
  );
}
