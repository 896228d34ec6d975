import { formatMoney, useRenderer } from '../../../renderer';

export type GoalUnit = 'money' | 'hours' | 'count';
export const GOAL_TYPES = ['income_received', 'number_of_sales', 'net_income', 'hours_worked', 'appointments_count'];
export const TIMEFRAMES = ['week', 'month', 'quarter', 'year'];
export const unitOf = (type: string): GoalUnit =>
  type === 'income_received' || type === 'net_income' ? 'money' : type === 'hours_worked' ? 'hours' : 'count';

export interface GoalProgress {
  id: number;
  type: string;
  timeframe: string;
  amount: number;
  unit: GoalUnit;
  from: string;
  to: string;
  achieved: number;
  percent: number;
}
export interface ProgressAnswer {
  data: GoalProgress[];
  currency: string;
}

/** A goal's figure in words: money with the owner's currency, hours, or a count. */
export function useGoalWords(currency: string | undefined) {
  const { t, locale } = useRenderer();
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return {
    figure: (unit: GoalUnit, value: number) =>
      unit === 'money'
        ? formatMoney(value, locale, currency)
        : unit === 'hours'
          ? t('units.hoursValue', { value: number.format(value) })
          : number.format(value),
    period: (from: string, to: string) =>
      t('goals.period', {
        from: day.format(new Date(`${from}T00:00:00Z`)),
        to: day.format(new Date(`${to}T00:00:00Z`)),
      }),
  };
}
