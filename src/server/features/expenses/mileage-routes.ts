import type { FastifyInstance } from 'fastify';
import { todayIn } from '../../../domain/dates';
import { registerSettingsGroup } from '../../engine/settings-group-routes';
import { ownerTimeZone } from '../../core/owner-time';
import { checkMileageSettings, levelsOf, mileageSettingsOf, repriceTrips, type MileageSettings } from './mileage';

/**
 * The owner's mileage rates (spec §9: up to three levels), kept in their account's settings JSON: `GET` and `PUT
 * /user/mileage-settings`, for the plans with mileage tracking (a 403 naming the plan otherwise). Changing them
 * prices the current tax year's trips again; trips of earlier tax years keep their amounts.
 */
export async function mileageSettingsRoutes(app: FastifyInstance): Promise<void> {
  registerSettingsGroup<MileageSettings>(app, {
    path: 'mileage-settings',
    subject: 'Mileage',
    key: 'mileageSettings',
    body: 'mileage-settings.request',
    read: (req) => mileageSettingsOf(req.user!.settings),
    write: (_req, body) => {
      const rates: MileageSettings = {
        first_rate: body.first_rate,
        first_up_to: body.first_up_to ?? null,
        second_rate: body.second_rate ?? null,
        second_up_to: body.second_up_to ?? null,
        third_rate: body.third_rate ?? null,
      };
      checkMileageSettings(rates);
      return rates;
    },
    after: (trx, req, rates) => repriceTrips(trx, req.user!.id, levelsOf(rates), todayIn(ownerTimeZone(req))),
  });
}
