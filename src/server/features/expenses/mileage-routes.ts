import { subject } from '@casl/ability';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dataBody, OPEN_OBJECT, responses } from '../../engine/responses';
import { todayIn } from '../../../domain/dates';
import { lockOwner } from '../appointments/overlaps';
import { ownerTimeZone } from '../appointments/request-context';
import { checkMileageSettings, levelsOf, mileageSettingsOf, repriceTrips, type MileageSettings } from './mileage';

/**
 * The owner's mileage rates (spec §9: up to three levels), kept in their account's settings JSON: `GET` and `PUT
 * /user/mileage-settings`, for the plans with mileage tracking (a 403 naming the plan otherwise). Changing them
 * prices the current tax year's trips again; trips of earlier tax years keep their amounts.
 */
export async function mileageSettingsRoutes(app: FastifyInstance): Promise<void> {
  const path = '/api/v1/user/mileage-settings';
  const allowed = (action: 'read' | 'update') => async (req: FastifyRequest, reply: FastifyReply) => {
    const own = subject('Mileage', { user_id: req.user!.id });
    if (!req.ability.can(action, own)) return reply.forbid(action, own);
  };

  app.get(
    path,
    { preValidation: allowed('read'), schema: { response: responses({ 200: dataBody(OPEN_OBJECT) }), tags: ['user'] } },
    async (req) => ({ data: mileageSettingsOf(req.user!.settings) }),
  );

  app.put(
    path,
    {
      preValidation: allowed('update'),
      schema: {
        response: responses({ 200: dataBody(OPEN_OBJECT) }),
        tags: ['user'],
        body: { $ref: 'mileage-settings.request#' },
      },
    },
    async (req) => {
      const body = req.body as Partial<MileageSettings>;
      const mileageSettings: MileageSettings = {
        first_rate: body.first_rate!,
        first_up_to: body.first_up_to ?? null,
        second_rate: body.second_rate ?? null,
        second_up_to: body.second_up_to ?? null,
        third_rate: body.third_rate ?? null,
      };
      checkMileageSettings(mileageSettings);
      const settings = { ...req.user!.settings, mileageSettings };
      // The current tax year's trips are priced again at the new rates; earlier years keep theirs.
      await app.db.transaction().execute(async (trx) => {
        await lockOwner(trx, { dialect: app.dialect, ownerId: req.user!.id });
        await trx
          .updateTable('users')
          .set({ settings: JSON.stringify(settings), updated_at: new Date().toISOString() })
          .where('id', '=', req.user!.id)
          .execute();
        await repriceTrips(trx, req.user!.id, levelsOf(mileageSettings), todayIn(ownerTimeZone(req)));
      });
      return { data: mileageSettings, message: req.t('messages.updated') };
    },
  );
}
