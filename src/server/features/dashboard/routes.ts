import type { FastifyInstance } from 'fastify';
import { currencyOf } from '../../../domain/currency';
import { registerSettingsGroup } from '../../engine/settings-group-routes';
import { invalid } from '../../infra/domain-error';
import { STATISTIC } from './response-schemas';
import { dashboardStatistic } from './statistic';
import { responses } from '../../engine/responses';
import { keptFigures } from '../../core/kept-figures';
import { ownerTimeZone } from '../../core/owner-time';
import { todayIn } from '../../../domain/dates';

/** The dashboard screen whose cards the settings order and hide. */
export const DASHBOARD_SCREEN = 'dashboard.home';

export interface DashboardSettings {
  /** The cards in the order shown; `shown: false` hides one. Cards not named follow in the screen's order. */
  cards: Array<{ id: string; shown: boolean }>;
}

/**
 * The dashboard (spec §7): `GET /data/statistic`, its figures in the owner's days, and the owner's choice of cards
 * and their order, `GET`/`PUT /user/dashboard-settings`, checked against the cards the dashboard screen declares.
 */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/v1/data/statistic',
    { schema: { tags: ['dashboard'], response: responses({ 200: STATISTIC }) } },
    async (req) => ({
      // The owner's today is part of what the figures depend on: the agenda, this week and this month.
      data: await keptFigures(app.db, req, `statistic/${todayIn(ownerTimeZone(req))}`, () =>
        dashboardStatistic(app.reads, req),
      ),
      currency: currencyOf(req.user!),
    }),
  );

  const cardIds = () =>
    (app.registry.screens.get(DASHBOARD_SCREEN)?.cards ?? []).map((c) => c.id).filter((id): id is string => !!id);
  registerSettingsGroup<DashboardSettings>(app, {
    path: 'dashboard-settings',
    subject: 'DashboardSettings',
    key: 'dashboardSettings',
    body: 'dashboard-settings.request',
    read: (req) => {
      const stored = (req.user!.settings.dashboardSettings as Partial<DashboardSettings> | undefined)?.cards ?? [];
      const known = cardIds();
      const kept = stored.filter((c) => known.includes(c.id));
      const rest = known.filter((id) => !kept.some((c) => c.id === id)).map((id) => ({ id, shown: true }));
      return { cards: [...kept, ...rest] };
    },
    write: (_req, body) => {
      const known = cardIds();
      const seen = new Set<string>();
      for (const card of body.cards) {
        if (!known.includes(card.id)) throw invalid('cards', 'dashboard.unknownCard', { id: card.id });
        if (seen.has(card.id)) throw invalid('cards', 'dashboard.cardTwice', { id: card.id });
        seen.add(card.id);
      }
      return { cards: body.cards.map((c) => ({ id: c.id, shown: c.shown })) };
    },
  });
}
