import type { FastifyInstance } from 'fastify';
import { calendarSettingsOf } from '../../../domain/calendar-settings';
import { todayIn } from '../../../domain/dates';
import { periodHolding } from '../../../domain/goals';
import { sql } from 'kysely';
import { toSessionUser } from '../../infra/sessions';
import { abilitySubject } from '../../infra/users';
import { defineAbilityFor } from '../../../../permissions/defineAbilityFor';
import { queueExport } from './make';
import { exportSettingsOf, SETTINGS_KEY, type ExportInformationSettings } from './settings';
import { recordExport } from './store';

/** How long an archive may wait recorded but not queued (its process stopped in between) before it is queued again. */
const STRANDED_MS = 10 * 60_000;

/**
 * The period an automatic export is for, on the owner's today: the week from their first weekday, or the month.
 * @example periodKey('2026-11-25', 'weekly', 1) → 'week:2026-11-23'
 */
export function periodKey(today: string, frequency: ExportInformationSettings['frequency'], weekStartsOn: 0 | 1) {
  return frequency === 'weekly'
    ? `week:${periodHolding(today, 'week', weekStartsOn).from}`
    : `month:${today.slice(0, 7)}`;
}

/**
 * The hourly look for automatic exports (spec §6, Premium): every owner who turned it on and whose plan has it gets
 * one archive in each week or month, in their own time zone, at the first look of the period. A period's archive is
 * recorded once per owner whatever runs twice; archives recorded but never queued (a process stopped between the two)
 * are queued again. Returns how many archives it recorded.
 */
export async function runExportsDue(app: FastifyInstance, now = Date.now()): Promise<number> {
  const owners = await app.db
    .selectFrom('users')
    .selectAll()
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`settings like ${`%"${SETTINGS_KEY}"%`}`)
    .execute();
  let recorded = 0;
  for (const row of owners) {
    const user = toSessionUser(row as unknown as Record<string, unknown>);
    const settings = exportSettingsOf(user.settings);
    if (!settings.automatic) continue;
    if (!defineAbilityFor(abilitySubject(user), app.schemas.current.rules).can('create', 'DataExport')) continue;
    const calendar = calendarSettingsOf(user);
    const today = todayIn(calendar.time_zone, now);
    const key = periodKey(today, settings.frequency, calendar.week_starts_on === 0 ? 0 : 1);
    const id = await recordExport(app.db, user.id, settings, key);
    if (id === null) continue;
    await queueExport(app, id);
    recorded += 1;
  }
  const stranded = await app.db
    .selectFrom('data_exports')
    .select('id')
    .where('status', '=', 'queued')
    .where('created_at', '<', new Date(now - STRANDED_MS).toISOString())
    .execute();
  for (const { id } of stranded) await queueExport(app, id);
  return recorded;
}
