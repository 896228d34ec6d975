import { formatMoney, useRenderer } from '@soloist/renderer';
import { dateInWords } from '../../domain/dates-in-words';

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
  return {
    figure: (unit: GoalUnit, value: number) =>
      unit === 'money'
        ? formatMoney(value, locale, currency)
        : unit === 'hours'
          ? t('units.hoursValue', { value: number.format(value) })
          : number.format(value),
    period: (from: string, to: string) =>
      // A period reaching into another year names it: "1 Dec – 8 Jan 2027".
      t('goals.period', {
        from: dateInWords(from, locale, { month: 'short' }),
        to: dateInWords(to, locale, { month: 'short' }),
      }),
  };
}
