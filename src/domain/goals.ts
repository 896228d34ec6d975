import { addDays } from './dates';

/** The five goal types of spec §9. */
export const GOAL_TYPES = [
  'income_received',
  'number_of_sales',
  'net_income',
  'hours_worked',
  'appointments_count',
] as const;
export type GoalType = (typeof GOAL_TYPES)[number];

/** How long a goal's period lasts; each goal is measured over the period of that length that holds today. */
export const GOAL_TIMEFRAMES = ['week', 'month', 'quarter', 'year'] as const;
export type GoalTimeframe = (typeof GOAL_TIMEFRAMES)[number];

/** Goal types whose amount is money (integer minor units); the others count sales, appointments or hours. */
export const MONEY_GOALS: readonly GoalType[] = ['income_received', 'net_income'];

export interface Period {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The period of a timeframe that holds `today` (the owner's date): the week from the owner's first weekday
 * (1 Monday, 0 Sunday), the calendar month, quarter or year.
 * @example periodHolding('2026-11-24', 'quarter') → { from: '2026-10-01', to: '2026-12-31' }
 */
export function periodHolding(today: string, timeframe: GoalTimeframe, weekStartsOn: 0 | 1 = 1): Period {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  if (timeframe === 'week') {
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    const from = addDays(today, -((weekday - weekStartsOn + 7) % 7));
    return { from, to: addDays(from, 6) };
  }
  if (timeframe === 'year') return { from: `${year}-01-01`, to: `${year}-12-31` };
  const first = timeframe === 'quarter' ? month - ((month - 1) % 3) : month;
  const last = timeframe === 'quarter' ? first + 2 : month;
  return { from: `${year}-${pad(first)}-01`, to: `${year}-${pad(last)}-${pad(lastDayOf(year, last))}` };
}

/** The period of the same length just before `period` (last week, last month…), for comparisons. */
export function periodBefore(period: Period, timeframe: GoalTimeframe, weekStartsOn: 0 | 1 = 1): Period {
  return periodHolding(addDays(period.from, -1), timeframe, weekStartsOn);
}

/** How far along a goal is, in whole percent (0 when the target is 0; may pass 100). */
export const percentOf = (achieved: number, target: number): number =>
  target > 0 ? Math.max(0, Math.floor((achieved / target) * 100)) : 0;
