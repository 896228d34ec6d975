import type { FastifyInstance } from 'fastify';
import { dummyHash, verifyPassword } from '../services/passwords';
import { createSession, destroySession } from '../services/sessions';
import { presentUser } from '../services/users';

/** Sanctum-style session auth: CSRF cookie, login (rotates the session), logout, and the current user. */
export async function authRoutes(app: FastifyInstance, opts: { sessionDays: number }): Promise<void> {
  const days = opts.sessionDays;

  app.get('/sanctum/csrf-cookie', { schema: { tags: ['auth'] } }, async (req, reply) => {
    let csrf = req.session?.csrfToken;
    if (!req.session) {
      const created = await createSession(app.db, null, days);
      app.setSessionCookies(reply, created.cookie, created.session.csrfToken);
      csrf = created.session.csrfToken;
    } else {
      app.setSessionCookies(reply, req.cookies.soloist_session!, csrf!);
    }
    return reply.code(204).send();
  });

  // Ten tries a minute per address and account; the key needs the parsed body, hence the preHandler hook.
  app.post('/api/login', {
    schema: { tags: ['auth'], body: { $ref: 'login.request#' } },
    config: { rateLimit: { max: 10, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: (req) => `${req.ip}:${String((req.body as { email?: string } | undefined)?.email ?? '').toLowerCase()}` } },
  }, async (req, reply) => {
    const { email, password } = req.body as { email: string; password: string };
    const row = await app.db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', email.toLowerCase()).executeTakeFirst();
    const ok = await verifyPassword(row?.password_hash ?? (await dummyHash()), password);
    if (!row || !ok) {
      const message = req.t('auth.failed');
      return reply.code(422).send({ message, errors: { email: [message] } });
    }
    // A new session id on every login: a session fixed before login is worthless after it.
    if (req.session) await destroySession(app.db, req.session.id);
    const created = await createSession(app.db, row.id, days);
    app.setSessionCookies(reply, created.cookie, created.session.csrfToken);
    return { message: req.t('messages.loggedIn') };
  });

  app.post('/api/logout', { schema: { tags: ['auth'] } }, async (req, reply) => {
    if (req.session) await destroySession(app.db, req.session.id);
    app.clearSessionCookies(reply);
    return { message: req.t('messages.loggedOut') };
  });

  app.get('/api/v1/user', { schema: { tags: ['user'] } }, async (req) => ({ data: presentUser(req.user!) }));
}
