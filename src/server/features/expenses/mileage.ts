import { GB_MILEAGE_LEVELS, mileageCost, taxYearOf, type MileageLevel } from '../../../domain/expenses';
import type { Db } from '../../db/database';
import { invalidFields } from '../../infra/domain-error';

/** The mileage settings as the form shows them (spec §9: up to three cost levels). */
export interface MileageSettings {
  first_rate: number;
  first_up_to: number | null;
  second_rate: number | null;
  second_up_to: number | null;
  third_rate: number | null;
}

/** The approved GB rates, as settings. */
export const DEFAULT_MILEAGE_SETTINGS: MileageSettings = {
  first_rate: GB_MILEAGE_LEVELS[0].rate,
  first_up_to: GB_MILEAGE_LEVELS[0].up_to,
  second_rate: GB_MILEAGE_LEVELS[1].rate,
  second_up_to: null,
  third_rate: null,
};

/** An owner's settings, or the defaults. */
export const mileageSettingsOf = (settings: Record<string, unknown>): MileageSettings =>
  (settings.mileageSettings as MileageSettings | undefined) ?? DEFAULT_MILEAGE_SETTINGS;

/** Settings checked as a whole: a later level needs the one before it to end, and each limit to rise. */
export function checkMileageSettings(s: MileageSettings): void {
  const problems: Record<string, { key: string }> = {};
  if (s.second_rate !== null && s.first_up_to === null) problems.second_rate = { key: 'expenses.levelNeedsLimit' };
  if (s.third_rate !== null && s.second_up_to === null) problems.third_rate = { key: 'expenses.levelNeedsLimit' };
  if (s.second_up_to !== null && (s.first_up_to === null || s.second_up_to <= s.first_up_to))
    problems.second_up_to = { key: 'expenses.levelsOrder' };
  if (Object.keys(problems).length) throw invalidFields(problems);
}

/** The levels the settings make, in order; the last one has no limit. */
export function levelsOf(s: MileageSettings): MileageLevel[] {
  const levels: MileageLevel[] = [{ rate: s.first_rate, up_to: s.first_up_to }];
  if (s.first_up_to !== null && s.second_rate !== null) {
    levels.push({ rate: s.second_rate, up_to: s.second_up_to });
    if (s.second_up_to !== null && s.third_rate !== null) levels.push({ rate: s.third_rate, up_to: null });
  }
  levels[levels.length - 1] = { ...levels[levels.length - 1], up_to: null };
  return levels;
}

/**
 * Prices every trip of the owner's tax year containing `day`, in day order: each at the levels for the miles
 * already driven that year before it (a trip crossing a limit is split). Run after any trip in the year is written,
 * moved or deleted, inside that transaction, so the year's amounts always follow its trips.
 */
export async function repriceTrips(trx: Db, ownerId: number, levels: MileageLevel[], day: string): Promise<void> {
  const year = taxYearOf(day);
  const trips = await trx
    .selectFrom('expenses')
    .select(['id', 'miles', 'amount', 'amount_per_mile'])
    .where('user_id', '=', ownerId)
    .where('type', '=', 'mileage')
    .where('date', '>=', year.from)
    .where('date', '<=', year.to)
    .orderBy('date')
    .orderBy('id')
    .execute();
  let driven = 0;
  for (const trip of trips) {
    const miles = Number(trip.miles ?? 0);
    const amount = mileageCost(levels, driven, miles);
    driven += miles;
    const perMile = miles > 0 ? Math.round((amount / miles) * 100) / 100 : null;
    if (amount !== trip.amount || perMile !== trip.amount_per_mile)
      await trx.updateTable('expenses').set({ amount, amount_per_mile: perMile }).where('id', '=', trip.id).execute();
  }
}
