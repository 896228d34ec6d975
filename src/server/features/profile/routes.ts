import type { FastifyInstance } from 'fastify';
import type { DeleteProfileInput } from '../../../domain/generated/delete-profile';
import type { PasswordChangeInput } from '../../../domain/generated/password';
import type { ProfileInput } from '../../../domain/generated/profile';
import { hashPassword, verifyPassword } from '../../infra/passwords';
import { invalid, Label } from '../../infra/domain-error';
import { messageBody, responses } from '../../engine/responses';
import { changePassword, deleteProfile, emailTakenByOther, passwordHashOf, saveProfile } from './account';

/** The text a user types to delete their profile (spec §5). */
export const DELETE_CONFIRM_TEXT = 'DELETE';

/** The user's own profile: details and locale, password, and deleting the profile. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  app.put<{ Body: ProfileInput }>(
    '/api/v1/user/profile',
    {
      schema: {
        response: responses({ 200: messageBody }),
        tags: ['user'],
        body: { $ref: 'profile.request#' },
      },
    },
    async (req) => {
      const body = req.body;
      const email = body.email.toLowerCase();
      if (await emailTakenByOther(app.db, email, req.user!.id))
        throw invalid('email', 'validation.unique', { field: new Label('fields.profile.email') });
      const locale = body.locale ?? req.locale;
      const values = { first_name: body.first_name, last_name: body.last_name, email, locale };
      await saveProfile(app.db, req.user!.id, values, email !== req.user!.email);
      return { message: app.translator(locale)('messages.profileUpdated') };
    },
  );

  app.put<{ Body: PasswordChangeInput }>(
    '/api/v1/user/password',
    {
      schema: {
        response: responses({ 200: messageBody }),
        tags: ['user'],
        body: { $ref: 'password.request#' },
      },
    },
    async (req) => {
      const body = req.body;
      if (!(await verifyPassword(await passwordHashOf(app.db, req.user!.id), body.current_password)))
        throw invalid('current_password', 'auth.wrongPassword');
      if (body.password !== body.password_confirmation)
        throw invalid('password', 'validation.confirmed', { field: new Label('fields.password.password') });
      await changePassword(app.db, req.user!.id, await hashPassword(body.password), req.session!.id);
      return { message: req.t('messages.passwordUpdated') };
    },
  );

  app.delete<{ Body: DeleteProfileInput }>(
    '/api/v1/user/delete',
    {
      schema: { response: responses({ 200: messageBody }), tags: ['user'], body: { $ref: 'delete-profile.request#' } },
    },
    async (req, reply) => {
      const text = req.body.confirm_text;
      if (text.trim() !== DELETE_CONFIRM_TEXT) throw invalid('confirm_text', 'auth.incorrectConfirm');
      if (!req.ability.can('delete', 'Profile')) return reply.forbid('delete', 'Profile');
      await deleteProfile(app.db, req.user!.id);
      app.clearSessionCookies(reply);
      return { message: req.t('messages.profileDeleted') };
    },
  );
}
