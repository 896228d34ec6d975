import type { FastifyRequest } from 'fastify';
import { calendarSettingsOf } from '../../../domain/calendar-settings';
import { todayIn } from '../../../domain/dates';
import { MONEY_GOALS, percentOf, periodHolding, type GoalTimeframe, type GoalType } from '../../../domain/goals';
import type { Db } from '../../db/database';
import { measure, measureFilters } from './measures';

/** At most this many goals are measured per answer; an owner keeps a handful. */
export const GOALS_MEASURED = 50;

export interface GoalProgress {
  id: number;
  type: GoalType;
  timeframe: GoalTimeframe;
  amount: number;
  unit: 'money' | 'hours' | 'count';
  /** The period being measured: the week, month, quarter or year that holds the owner's today. */
  from: string;
  to: string;
  achieved: number;
  percent: number;
}

const unitOf = (type: GoalType): GoalProgress['unit'] =>
  MONEY_GOALS.includes(type) ? 'money' : type === 'hours_worked' ? 'hours' : 'count';

/**
 * The caller's goals, each measured over its current period in the owner's time zone (their week starts on their
 * calendar's first weekday). A 403 naming Premium for a plan without goals.
 */
export async function goalProgress(db: Db, req: FastifyRequest): Promise<GoalProgress[]> {
  const own = req.filterFor('read', 'Goal', 'goals');
  const goals = await db
    .selectFrom('goals')
    .select(['id', 'type', 'timeframe', 'amount'])
    .where((eb) => own(eb))
    .orderBy('created_at')
    .orderBy('id')
    .limit(GOALS_MEASURED)
    .execute();
  if (goals.length === 0) return [];
  const filters = measureFilters(req);
  const settings = calendarSettingsOf(req.user!);
  const today = todayIn(settings.time_zone);
  return Promise.all(
    goals.map(async (g) => {
      const type = g.type as GoalType;
      const timeframe = g.timeframe as GoalTimeframe;
      const period = periodHolding(today, timeframe, settings.week_starts_on === 0 ? 0 : 1);
      const achieved = await measure(db, filters, type, period);
      const amount = Number(g.amount);
      return {
        id: g.id,
        type,
        timeframe,
        amount,
        unit: unitOf(type),
        ...period,
        achieved,
        percent: percentOf(achieved, amount),
      };
    }),
  );
}
