import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppAbility, PermissionRules } from '../../../permissions/defineAbilityFor';
import { abilityFor } from '../infra/abilities';
import {
  createSession,
  csrfMatches,
  destroySession,
  findSession,
  type Session,
  type SessionUser,
} from '../infra/sessions';
import { abilitySubject, presentUser, type PresentedUser } from '../infra/users';
import { callerOfToken, TOKEN_FAILURES_PER_ADDRESS } from '../infra/api-tokens';
import { type I18n, pickLocale, type Locale } from '../infra/i18n';
import type { TFunction } from 'i18next';

export const SESSION_COOKIE = 'soloist_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The current rules (engine/schema-store.ts): a reload replaces the set, and the abilities kept for it. */
interface CurrentRules {
  current: { version: number; rules: PermissionRules };
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
    user: SessionUser | null;
    /** The user as spec §3 presents it (subscription state computed for now); what abilities are built from. */
    me: PresentedUser | null;
    locale: Locale;
    t: TFunction;
    /** The caller's CASL ability, built once per request from the permission rules. */
    ability: AppAbility;
    /** The API token the caller came with (`Authorization: Bearer`), null for a browser session. */
    apiTokenId: number | null;
  }
  interface FastifyContextConfig {
    /** 'user' (default for /api/v1): a logged-in user is required; 'public': anyone. */
    access?: 'user' | 'public';
    /** Skip the CSRF check (never for routes a browser session can reach). */
    csrf?: false;
  }
  interface FastifyInstance {
    setSessionCookies(reply: FastifyReply, cookie: string, csrfToken: string): void;
    /** The server's texts in a locale, for mail sent outside a request's language. */
    translator(locale: string): TFunction;
    clearSessionCookies(reply: FastifyReply): void;
    /** Starts a fresh session for a user (rotating any current one): login, registration and sign-in-as. */
    logIn(reply: FastifyReply, req: FastifyRequest, userId: number, impersonatorId?: number | null): Promise<void>;
  }
}

/**
 * Database sessions with Sanctum-style CSRF: every request gets its session, user, locale and ability;
 * mutating calls need `X-XSRF-TOKEN` equal to the session's token (419 otherwise); /api/v1 needs a user (401).
 */
export default fp(
  async (app, opts: { secure: boolean; days: number; i18n: I18n; rules: CurrentRules }) => {
    const cookieOptions = { path: '/', sameSite: 'lax' as const, secure: opts.secure, maxAge: opts.days * 86_400 };

    app.decorateRequest('session', null);
    app.decorateRequest('user', null);
    // The full user presentation is built only when a route reads it (GET /user, a few settings routes).
    app.decorateRequest('me', {
      getter(this: FastifyRequest) {
        return this.user ? presentUser(this.user, new Date(), this.session?.impersonatorId ?? null) : null;
      },
    });
    app.decorateRequest('locale', 'en');
    app.decorateRequest('t', null as unknown as TFunction);
    app.decorateRequest('ability', null as unknown as AppAbility);
    app.decorateRequest('apiTokenId', null);

    app.decorate('translator', (locale: string) => opts.i18n.translator(pickLocale(locale)));
    app.decorate('setSessionCookies', (reply: FastifyReply, cookie: string, csrfToken: string) => {
      // Secure whenever the app is reached over HTTPS (directly or through a proxy), or when configured so.
      const secure = opts.secure || reply.request.protocol === 'https';
      reply.setCookie(SESSION_COOKIE, cookie, { ...cookieOptions, secure, httpOnly: true });
      reply.setCookie(XSRF_COOKIE, csrfToken, { ...cookieOptions, secure, httpOnly: false });
    });
    app.decorate('clearSessionCookies', (reply: FastifyReply) => {
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      reply.clearCookie(XSRF_COOKIE, { path: '/' });
    });

    app.decorate(
      'logIn',
      async (reply: FastifyReply, req: FastifyRequest, userId: number, impersonatorId: number | null = null) => {
        // A new session id on every login: a session fixed before login is worthless after it.
        if (req.session) await destroySession(app.db, req.session.id);
        const created = await createSession(app.db, userId, opts.days, impersonatorId);
        app.setSessionCookies(reply, created.cookie, created.session.csrfToken);
      },
    );

    app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
      req.locale = pickLocale(req.headers['x-locale']);
      req.t = opts.i18n.translator(req.locale);
      const isApi = req.url.startsWith('/api/') || req.url.startsWith('/sanctum/');
      if (!isApi) return;
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
      if (bearer !== undefined) return byToken(req, reply, bearer);
      const cookie = req.cookies[SESSION_COOKIE];
      req.session = cookie ? await findSession(app.db, cookie) : null;
      req.user = req.session?.user ?? null;
      req.ability = abilityFor(req.user ? abilitySubject(req.user) : null, opts.rules.current.rules);
      const config = req.routeOptions.config;
      if (MUTATING.has(req.method) && config.csrf !== false && !csrfMatches(req.session, req.headers['x-xsrf-token'])) {
        return reply.code(419).send({ message: req.t('auth.csrf') });
      }
      const access = config.access ?? (req.url.startsWith('/api/v1/') ? 'user' : 'public');
      if (access === 'user' && !req.user) return reply.code(401).send({ message: req.t('auth.unauthenticated') });
    });

    /**
     * A caller with an API token (spec §6): only the /api/v1 calls, never the cookie-only ones (the CSRF cookie,
     * login, logout). No cookie is read, so no CSRF is asked. The account's own abilities as an API user (no
     * subscription gating). Wrong tokens count against the address like failed sign-ins, then answer 429.
     */
    async function byToken(req: FastifyRequest, reply: FastifyReply, token: string) {
      if (!req.url.startsWith('/api/v1/')) return reply.code(401).send({ message: req.t('auth.tokenNotHere') });
      const caller = await callerOfToken(app.db, token);
      if (!caller) {
        const { max, window } = TOKEN_FAILURES_PER_ADDRESS;
        const verdict = await app.limiter.hit(`login:ip:${req.ip}`, max, window);
        if (!verdict.allowed)
          return reply
            .code(429)
            .header('retry-after', String(verdict.retryAfter))
            .send({ message: req.t('auth.throttle', { seconds: verdict.retryAfter }) });
        return reply.code(401).send({ message: req.t('auth.tokenInvalid') });
      }
      req.user = { ...caller.user, is_api_user: true };
      req.apiTokenId = caller.tokenId;
      req.ability = abilityFor(abilitySubject(req.user), opts.rules.current.rules);
    }
  },
  { name: 'session', dependencies: ['db'] },
);
