import type { FastifyInstance } from 'fastify';
import { taxSettingsOf, type TaxSettings } from '../../../domain/tax';
import { registerSettingsGroup } from '../../engine/settings-group-routes';
import { invalidFields, type Message } from '../../infra/domain-error';

/** Days in each month of a leap year: a tax year may start on any day there is, 29 February aside. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Refuses settings whose bands are out of order or name a day no year has, each in words on its field. */
export function checkTaxSettings(s: TaxSettings): void {
  const problems: Record<string, Message> = {};
  const [month, day] = s.tax_year_start.split('-').map(Number);
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= MONTH_DAYS[month - 1]))
    problems.tax_year_start = { key: 'tax.noSuchDay' };
  if (s.second_rate !== null && s.first_up_to === null) problems.second_rate = { key: 'expenses.levelNeedsLimit' };
  if (s.third_rate !== null && s.second_up_to === null) problems.third_rate = { key: 'expenses.levelNeedsLimit' };
  if (s.first_up_to !== null && s.first_up_to <= s.allowance) problems.first_up_to = { key: 'tax.aboveAllowance' };
  if (s.second_up_to !== null && (s.first_up_to === null || s.second_up_to <= s.first_up_to))
    problems.second_up_to = { key: 'expenses.levelsOrder' };
  if (Object.keys(problems).length) throw invalidFields(problems);
}

/**
 * The owner's tax settings (spec §1 tax settings: Premium, or anyone with the tax add-on), kept in their account's
 * settings JSON over their region's defaults: `GET` and `PUT /user/tax-settings`; a 403 naming the plan otherwise.
 * The business details invoices print are the invoice settings'.
 */
export async function taxSettingsRoutes(app: FastifyInstance): Promise<void> {
  registerSettingsGroup<TaxSettings>(app, {
    path: 'tax-settings',
    subject: 'Tax',
    key: 'taxSettings',
    body: 'tax-settings.request',
    read: (req) => taxSettingsOf(req.user!.settings, req.user!.region),
    write: (_req, body) => {
      const tax: TaxSettings = {
        tax_year_start: body.tax_year_start,
        allowance: body.allowance ?? 0,
        first_rate: body.first_rate,
        first_up_to: body.first_up_to ?? null,
        second_rate: body.second_rate ?? null,
        second_up_to: body.second_up_to ?? null,
        third_rate: body.third_rate ?? null,
      };
      checkTaxSettings(tax);
      return tax;
    },
  });
}
