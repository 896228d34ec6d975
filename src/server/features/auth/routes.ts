import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  createAccount,
  createResetToken,
  registrationErrors,
  resetPassword,
  RESET_TOKEN_MINUTES,
  verificationToken,
} from './accounts';
import type { ForgotPasswordInput } from '../../../domain/generated/forgot-password';
import type { LoginInput } from '../../../domain/generated/login';
import type { RegistrationInput } from '../../../domain/generated/register';
import type { ResetPasswordInput } from '../../../domain/generated/reset-password';
import { typed } from '../../engine/typed-routes';
import { dummyHash, verifyPassword } from '../../infra/passwords';
import { refusedByLimits, type Limit } from '../../infra/rate-limit';
import { createSession, destroySession } from '../../infra/sessions';
import { abilityFilter } from '../../engine/rules-to-sql';
import { invalid, invalidFields, Label, notFound } from '../../infra/domain-error';
import { dataBody, messageBody, noBody, responses } from '../../engine/responses';
import { USER } from './response-schemas';
import { activeLocations, activeUserByEmail, markEmailVerified, verifyingUser } from './users';

/**
 * Limits per window (spec: login and reset are limited per account and per address); log-ins per account and sign-ups
 * per address are configurable.
 */
const LIMITS: Record<string, Limit> = {
  loginAddress: { max: 50, window: 60 },
  resetAccount: { max: 5, window: 3600 },
  resetAddress: { max: 20, window: 3600 },
  // Verification links asked for again: each one is an email sent from the app's address.
  verifyAccount: { max: 5, window: 3600 },
};

/** Sanctum-style session auth and the account calls of spec §7. */
export async function authRoutes(
  fastify: FastifyInstance,
  opts: { sessionDays: number; appUrl: string; loginAttemptsPerMinute: number; signUpsPerAddressPerHour: number },
): Promise<void> {
  const app = typed(fastify);
  const days = opts.sessionDays;
  const loginAccount: Limit = { max: opts.loginAttemptsPerMinute, window: 60 };
  // Sign-ups (owner and affiliate together) per address: the taken-email answer forms need stays, but bounded.
  const registerAddress: Limit = { max: opts.signUpsPerAddressPerHour, window: 3600 };

  /** Checks each key; answers 429 with the wait when any is over its limit. */
  const limited = (req: FastifyRequest, reply: FastifyReply, checks: Array<[string, Limit]>, key = 'auth.throttle') =>
    refusedByLimits(app.limiter, reply, checks, (seconds) => req.t(key, { seconds }));

  const logIn = (reply: FastifyReply, req: FastifyRequest, userId: number) => app.logIn(reply, req, userId);

  app.get(
    '/sanctum/csrf-cookie',
    { schema: { response: responses({ 204: noBody('The XSRF-TOKEN cookie is set.') }), tags: ['auth'] } },
    async (req, reply) => {
      if (req.session) {
        app.setSessionCookies(reply, req.cookies.soloist_session!, req.session.csrfToken);
      } else {
        const created = await createSession(app.db, null, days);
        app.setSessionCookies(reply, created.cookie, created.session.csrfToken);
      }
      return reply.code(204).send();
    },
  );

  app.post<{ Body: LoginInput }>(
    '/api/login',
    { schema: { response: responses({ 200: messageBody }), tags: ['auth'], body: { $ref: 'login.request#' } } },
    async (req, reply) => {
      const { email, password } = req.body;
      const account = email.toLowerCase();
      if (
        await limited(req, reply, [
          [`login:account:${account}`, loginAccount],
          [`login:ip:${req.ip}`, LIMITS.loginAddress],
        ])
      )
        return reply;
      const row = await activeUserByEmail(app.db, account);
      const ok = await verifyPassword(row?.password_hash ?? (await dummyHash()), password);
      if (!row || !ok) throw invalid('email', 'auth.failed');
      await logIn(reply, req, row.id);
      return { message: req.t('messages.loggedIn') };
    },
  );

  app.post(
    '/api/logout',
    { schema: { response: responses({ 200: messageBody }), tags: ['auth'] } },
    async (req, reply) => {
      if (req.session) await destroySession(app.db, req.session.id);
      app.clearSessionCookies(reply);
      return { message: req.t('messages.loggedOut') };
    },
  );

  /** The body is checked here, not before (attachValidation): it may be anything until the schema's errors are in. */
  const register =
    (kind: 'owner' | 'affiliate') => async (req: FastifyRequest<{ Body: RegistrationInput }>, reply: FastifyReply) => {
      const body = req.body;
      if (await limited(req, reply, [[`register:ip:${req.ip}`, registerAddress]], 'auth.throttleRegister'))
        return reply;
      // The schema's refusals (a short password, a mismatch) come with what only the database knows (the email is
      // taken): the form hears of every problem at once.
      const errors = await registrationErrors(app.db, body && typeof body === 'object' ? body : {});
      if (req.validationError) throw Object.assign(req.validationError, { also: errors });
      if (Object.keys(errors).length) throw invalidFields(errors);
      const id = await createAccount(app.db, body, kind, req.locale);
      await logIn(reply, req, id);
      await sendVerification(id);
      return reply
        .code(201)
        .send({ message: req.t(kind === 'owner' ? 'messages.registered' : 'messages.registeredAffiliate') });
    };
  app.post<{ Body: RegistrationInput }>(
    '/api/register',
    {
      attachValidation: true,
      schema: { response: responses({ 201: messageBody }), tags: ['auth'], body: { $ref: 'register.request#' } },
    },
    register('owner'),
  );
  app.post<{ Body: RegistrationInput }>(
    '/api/register-affiliate',
    {
      attachValidation: true,
      schema: {
        response: responses({ 201: messageBody }),
        tags: ['auth'],
        body: { $ref: 'register.request#' },
      },
    },
    register('affiliate'),
  );

  app.post<{ Body: ForgotPasswordInput }>(
    '/api/forgot-password',
    {
      schema: {
        response: responses({ 200: messageBody }),
        tags: ['auth'],
        body: { $ref: 'forgot-password.request#' },
      },
    },
    async (req, reply) => {
      const email = req.body.email.toLowerCase();
      if (
        await limited(req, reply, [
          [`reset:account:${email}`, LIMITS.resetAccount],
          [`reset:ip:${req.ip}`, LIMITS.resetAddress],
        ])
      )
        return reply;
      const user = await activeUserByEmail(app.db, email);
      if (user) {
        const token = await createResetToken(app.db, user.id);
        const link = `${opts.appUrl}/password/reset/${token}?email=${encodeURIComponent(email)}`;
        await app.mailer.send({
          to: email,
          userId: user.id,
          subject: req.t('mail.reset.subject'),
          text: req.t('mail.reset.body', { link, minutes: RESET_TOKEN_MINUTES }),
        });
      }
      // The same answer whether or not the address has an account: nobody learns who is a customer.
      return { message: req.t('messages.resetLinkSent') };
    },
  );

  app.post<{ Body: ResetPasswordInput }>(
    '/api/reset-password',
    {
      schema: {
        response: responses({ 200: messageBody }),
        tags: ['auth'],
        body: { $ref: 'reset-password.request#' },
      },
    },
    async (req, reply) => {
      const body = req.body;
      if (
        await limited(req, reply, [
          [`reset:account:${body.email.toLowerCase()}`, LIMITS.resetAccount],
          [`reset:ip:${req.ip}`, LIMITS.resetAddress],
        ])
      )
        return reply;
      if (body.password !== body.password_confirmation)
        throw invalid('password', 'validation.confirmed', { field: new Label('fields.register.password') });
      if (!(await resetPassword(app.db, body.token, body.email, body.password)))
        throw invalid('email', 'auth.resetInvalid');
      return { message: req.t('messages.passwordReset') };
    },
  );

  async function sendVerification(userId: number) {
    const user = await verifyingUser(app.db, userId);
    if (!user) throw new Error(`no user ${userId}`);
    const link = `${opts.appUrl}/api/email/verify/${user.id}/${verificationToken(user)}`;
    const t = app.translator(user.locale);
    await app.mailer.send({
      to: user.email,
      userId: user.id,
      subject: t('mail.verify.subject'),
      text: t('mail.verify.body', { link }),
    });
  }

  app.post(
    '/api/email/verification-notification',
    {
      schema: {
        response: responses({ 200: messageBody }),
        tags: ['auth'],
      },
      config: { access: 'user' },
    },
    async (req, reply) => {
      if (req.user!.email_verified_at) return { message: req.t('messages.alreadyVerified') };
      if (await limited(req, reply, [[`verify:account:${req.user!.id}`, LIMITS.verifyAccount]], 'auth.throttleVerify'))
        return reply;
      await sendVerification(req.user!.id);
      return { message: req.t('messages.verificationSent') };
    },
  );

  app.get(
    '/api/email/verify/:id/:token',
    {
      schema: {
        response: responses({ 302: noBody('To the dashboard, verified.') }),
        tags: ['auth'],
        params: { type: 'object', properties: { id: { type: 'integer' }, token: { type: 'string', maxLength: 64 } } },
      },
    },
    async (req, reply) => {
      const { id, token } = req.params;
      const user = id === undefined ? undefined : await verifyingUser(app.db, id);
      if (!user || verificationToken(user) !== token) throw notFound();
      await markEmailVerified(app.db, user.id);
      return reply.redirect('/dashboard?verified=1');
    },
  );

  // Spec §3/§4: the user carries their active (non-archived) locations, so the app's own list follows them.
  app.get('/api/v1/user', { schema: { response: responses({ 200: dataBody(USER) }), tags: ['user'] } }, async (req) => {
    // Admins and affiliates have no locations: the rules give them none to read.
    const mine = abilityFilter(req.ability, 'read', 'Location', 'locations');
    const locations = mine ? await activeLocations(app.db, mine) : [];
    return { data: { ...req.me, locations } };
  });
}
