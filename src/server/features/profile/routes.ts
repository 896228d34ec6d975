import type { FastifyInstance } from 'fastify';
import { spendResetLinks } from '../auth/accounts';
import { hashPassword, verifyPassword } from '../../infra/passwords';
import { invalid, Label } from '../../infra/domain-error';
import { messageBody, responses } from '../../engine/responses';

/** The text a user types to delete their profile (spec §5). */
export const DELETE_CONFIRM_TEXT = 'DELETE';

/** The user's own profile: details and locale, password, and deleting the profile. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  app.put(
    '/api/v1/user/profile',
    {
      schema: {
        response: responses({ 200: messageBody }),
        tags: ['user'],
        body: { $ref: 'profile.request#' },
      },
    },
    async (req) => {
      const body = req.body as { first_name: string; last_name: string; email: string; locale?: string };
      const email = body.email.toLowerCase();
      const taken = await app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .where('id', '<>', req.user!.id)
        .executeTakeFirst();
      if (taken) throw invalid('email', 'validation.unique', { field: new Label('fields.profile.email') });
      const emailChanged = email !== req.user!.email;
      await app.db
        .updateTable('users')
        .set({
          first_name: body.first_name,
          last_name: body.last_name,
          email,
          locale: body.locale ?? req.locale,
          ...(emailChanged ? { email_verified_at: null } : {}),
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', req.user!.id)
        .execute();
      return { message: app.translator(body.locale ?? req.locale)('messages.profileUpdated') };
    },
  );

  app.put(
    '/api/v1/user/password',
    {
      schema: {
        response: responses({ 200: messageBody }),
        tags: ['user'],
        body: { $ref: 'password.request#' },
      },
    },
    async (req) => {
      const body = req.body as { current_password: string; password: string; password_confirmation: string };
      const row = await app.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', req.user!.id)
        .executeTakeFirstOrThrow();
      if (!(await verifyPassword(row.password_hash, body.current_password)))
        throw invalid('current_password', 'auth.wrongPassword');
      if (body.password !== body.password_confirmation)
        throw invalid('password', 'validation.confirmed', { field: new Label('fields.password.password') });
      const hash = await hashPassword(body.password);
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: hash, updated_at: new Date().toISOString() })
          .where('id', '=', req.user!.id)
          .execute();
        await spendResetLinks(trx, req.user!.id);
        // Other devices are signed out; this one carries on.
        await trx
          .deleteFrom('sessions')
          .where('user_id', '=', req.user!.id)
          .where('id', '<>', req.session!.id)
          .execute();
      });
      return { message: req.t('messages.passwordUpdated') };
    },
  );

  app.delete(
    '/api/v1/user/delete',
    {
      schema: { response: responses({ 200: messageBody }), tags: ['user'], body: { $ref: 'delete-profile.request#' } },
    },
    async (req, reply) => {
      const text = (req.body as { confirm_text: string }).confirm_text;
      if (text.trim() !== DELETE_CONFIRM_TEXT) throw invalid('confirm_text', 'auth.incorrectConfirm');
      if (!req.ability.can('delete', 'Profile')) return reply.forbid('delete', 'Profile');
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ deleted_at: new Date().toISOString() })
          .where('id', '=', req.user!.id)
          .execute();
        await trx.deleteFrom('sessions').where('user_id', '=', req.user!.id).execute();
      });
      app.clearSessionCookies(reply);
      return { message: req.t('messages.profileDeleted') };
    },
  );
}
