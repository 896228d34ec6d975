import type { FastifyInstance } from 'fastify';
import { ANY, responses } from '../../engine/responses';
import { notFound } from '../../infra/domain-error';
import { zoomWebhook, ZoomSignatureError } from '../../infra/zoom/client';
import { accountGone } from './account-gone';

export const ZOOM_WEBHOOK_PATH = '/api/v1/integrations/zoom/webhook';

/**
 * Zoom's webhook: its endpoint check answered, and an owner removing the app in Zoom (`app_deauthorized`) turns their
 * connection to "reconnect needed". The signature is checked first; one that does not match is a 400 and changes
 * nothing; a repeated delivery changes nothing more.
 */
export async function integrationWebhookRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1_000_000 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      ZOOM_WEBHOOK_PATH,
      { config: { access: 'public', csrf: false }, schema: { response: responses({ 200: ANY }), hide: true } },
      async (req, reply) => {
        const secret = app.integrations.zoom?.webhookSecret;
        if (!secret) throw notFound();
        let event;
        try {
          event = zoomWebhook(String(req.body ?? ''), req.headers, secret);
        } catch (err) {
          req.log.warn({ err }, 'Zoom webhook refused');
          const message = err instanceof ZoomSignatureError ? 'Invalid signature.' : 'Invalid body.';
          return reply.code(400).send({ message });
        }
        if (event.kind === 'validation') return event.answer;
        if (event.kind === 'deauthorized') await accountGone(app, 'zoom', event.accountId);
        return { received: true };
      },
    );
  });
}
