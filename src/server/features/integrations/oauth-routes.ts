import type { FastifyInstance, FastifyRequest } from 'fastify';
import { typed } from '../../engine/typed-routes';
import { dataBody, noBody, object, responses, STRING } from '../../engine/responses';
import { DomainError, forbidden, notFound } from '../../infra/domain-error';
import { ProviderAuthError } from '../../infra/integrations/oauth';
import { csrfMatches } from '../../infra/sessions';
import { sha256 } from '../../infra/crypto';
import { availableProviders } from './views';
import { disconnect } from './disconnect';
import { KIND_OF, saveConnection, type ProviderName } from './store';

/** How long the owner has to answer the provider's consent page. */
const STATE_TTL_MS = 15 * 60_000;

const SUBJECT = { payments: 'PaymentIntegration', video: 'ZoomIntegration' } as const;
const SCREEN = { payments: 'payments-integration', video: 'zoom-integration' } as const;
const providerParams = {
  type: 'object',
  required: ['provider'],
  properties: { provider: { type: 'string', enum: ['stripe', 'square', 'liqpay', 'zoom'] } },
} as const;

const screenOf = (provider: ProviderName) => `/account-setup/integrations/${SCREEN[KIND_OF[provider]]}`;
const redirectUri = (app: FastifyInstance, provider: string) =>
  `${app.integrations.appUrl}/api/v1/integrations/${provider}/callback`;

/** The owner may change integrations of the provider's kind (Zoom: Business and Premium; payments: every plan). */
function gate(req: FastifyRequest, provider: ProviderName) {
  const subject = SUBJECT[KIND_OF[provider]];
  if (!req.ability.can('update', subject)) throw forbidden('update', subject);
  return req.user!;
}

/**
 * Connecting through OAuth (Stripe Connect, Square, Zoom): the consent page's address, with a `state` sealed with the
 * secrets key that names the owner, the provider and the login session and runs out after 15 minutes; the callback
 * the provider sends the browser back to, which exchanges the code and keeps the grant sealed; and disconnecting
 * (spec §7 `GET /integrations/{provider}/disconnect`, which revokes at the provider where it offers that).
 */
export async function oauthRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const keys = app.integrations.keys;

  app.get(
    '/api/v1/integrations/:provider/connect',
    {
      schema: {
        params: providerParams,
        response: responses({ 200: dataBody(object({ url: STRING })) }),
        tags: ['integrations'],
      },
    },
    async (req) => {
      const { provider } = req.params;
      const user = gate(req, provider);
      const oauth = provider === 'liqpay' ? null : app.integrations.oauth[provider];
      if (!oauth || !availableProviders(app, user.region)[KIND_OF[provider]].includes(provider)) throw notFound();
      const state = keys.seal(
        JSON.stringify({ u: user.id, p: provider, s: sha256(req.session!.id), e: Date.now() + STATE_TTL_MS }),
      );
      return { data: { url: oauth.authorizeUrl(state, redirectUri(app, provider)) } };
    },
  );

  app.get(
    '/api/v1/integrations/:provider/callback',
    {
      schema: {
        params: providerParams,
        querystring: {
          type: 'object',
          properties: {
            code: { type: 'string', maxLength: 2000 },
            state: { type: 'string', maxLength: 4000 },
            error: { type: 'string', maxLength: 200 },
          },
        },
        response: responses({ 303: noBody('Back to the integrations screen, saying how it went.') }),
        hide: true,
      },
    },
    async (req, reply) => {
      const { provider } = req.params;
      const { code, state, error } = req.query;
      const back = (outcome: string) => reply.redirect(`${screenOf(provider)}?${outcome}`, 303);
      const user = gate(req, provider);
      const claim = readState(app, state);
      if (!claim || claim.u !== user.id || claim.p !== provider || claim.s !== sha256(req.session!.id))
        return back('error=state');
      if (error || !code) return back('error=denied');
      const oauth = provider === 'liqpay' ? null : app.integrations.oauth[provider];
      if (!oauth) throw notFound();
      try {
        const grant = await oauth.exchangeCode(code, redirectUri(app, provider));
        await saveConnection(app.db, keys, user.id, {
          provider,
          accountId: grant.accountId,
          accountName: grant.accountName,
          expiresAt: grant.expiresAt,
          secrets: { accessToken: grant.accessToken, refreshToken: grant.refreshToken },
        });
      } catch (err) {
        if (!(err instanceof ProviderAuthError)) throw err;
        req.log.warn({ err, provider }, 'the provider refused the code');
        return back('error=refused');
      }
      return back(`connected=${provider}`);
    },
  );

  app.get(
    '/api/v1/integrations/:provider/disconnect',
    {
      schema: {
        params: providerParams,
        response: responses({ 200: object({ message: STRING }) }),
        tags: ['integrations'],
      },
    },
    async (req, reply) => {
      // A GET by the spec's word, yet it changes something: the session's CSRF token is asked for all the same.
      if (!csrfMatches(req.session, req.headers['x-xsrf-token']))
        return reply.code(419).send({ message: req.t('auth.csrf') });
      const { provider } = req.params;
      const user = gate(req, provider);
      const done = await disconnect(app, req, user.id, provider);
      if (!done) throw new DomainError(404, 'integrations.notConnected');
      return { message: req.t('integrations.disconnected', { provider: req.t(`integrations.providers.${provider}`) }) };
    },
  );
}

function readState(app: FastifyInstance, state: string | undefined) {
  if (!state) return null;
  try {
    const claim = JSON.parse(app.integrations.keys.open(state)) as { u: number; p: string; s: string; e: number };
    return claim.e > Date.now() ? claim : null;
  } catch {
    return null;
  }
}
