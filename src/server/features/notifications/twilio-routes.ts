import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { responses, STRING } from '../../engine/responses';
import { toE164 } from '../../infra/phones';
import { deliveryStatus, fromTwilio } from '../../infra/sms-twilio';
import { typed } from '../../engine/typed-routes';
import { recordDelivery } from './delivery';
import { optOutNumber, ownerOfOptOutCode } from './opt-out';

export interface TwilioRoutesOptions {
  appUrl: string;
  /** Twilio's auth token: what its requests are signed with. Without it, the routes answer 404. */
  authToken?: string;
}

/** A form Twilio posts (its fields by Twilio's names); absent on a call without a body. */
type TwilioForm = Record<string, string> | undefined;
/** The status callback's own query: the outbox message it reports on (the callback URL we gave Twilio names it). */
const statusQuery = {
  type: 'object',
  properties: { message: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
const OPT_OUT = /^\s*OPTOUT\s+([A-Za-z0-9]{1,16})\s*$/i;

/**
 * What Twilio calls (spec §4, §9): each message's delivery status (`POST /api/v1/sms/status`) and the texts clients
 * send to the fixed number (`POST /api/v1/sms/inbound`), where `OPTOUT <code>` switches that business's SMS and
 * marketing off for the client whose number it came from. Both are signed by Twilio with the auth token over the
 * URL and the form: an unsigned or wrongly signed call is a 403 and changes nothing.
 */
export async function twilioRoutes(fastify: FastifyInstance, opts: TwilioRoutesOptions): Promise<void> {
  const app = typed(fastify);
  // Twilio posts forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 100_000 },
    (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  // Twilio signs the URL it called, query string included (the status callback names our message in it).
  const verified = async (req: FastifyRequest<{ Body: TwilioForm }>, reply: FastifyReply) => {
    if (!opts.authToken) {
      void reply.code(404).send({ message: req.t('errors.notFound') });
      return null;
    }
    const form = req.body ?? {};
    const signature = req.headers['x-twilio-signature'];
    if (
      !(await fromTwilio(
        opts.authToken,
        typeof signature === 'string' ? signature : undefined,
        `${opts.appUrl}${req.url}`,
        form,
      ))
    ) {
      void reply.code(403).send({ message: 'Invalid signature.' });
      return null;
    }
    return form;
  };
  const config = { access: 'public', csrf: false } as const;

  app.post<{ Body: TwilioForm; Querystring: FromSchema<typeof statusQuery> }>(
    '/api/v1/sms/status',
    {
      config,
      schema: {
        hide: true,
        querystring: statusQuery,
        response: responses({ 204: { type: 'null' } }),
      },
    },
    async (req, reply) => {
      const form = await verified(req, reply);
      if (!form) return reply;
      const sid = form.MessageSid ?? form.SmsSid;
      const { message } = req.query;
      const status = deliveryStatus(form.MessageStatus ?? form.SmsStatus ?? '');
      if (sid) {
        const error = status === 'error' ? req.t('notifications.undelivered', { code: form.ErrorCode ?? '—' }) : null;
        await recordDelivery(app.db, { sid, message, status, error });
      }
      return reply.code(204).send();
    },
  );

  app.post<{ Body: TwilioForm }>(
    '/api/v1/sms/inbound',
    { config, schema: { hide: true, response: responses({ 200: { content: { 'text/xml': { schema: STRING } } } }) } },
    async (req, reply) => {
      const form = await verified(req, reply);
      if (!form) return reply;
      const code = OPT_OUT.exec(form.Body ?? '')?.[1];
      const owner = code ? ownerOfOptOutCode(code) : null;
      const from = toE164(form.From ?? '');
      if (owner && from) await optOutNumber(app.db, owner, from);
      return reply.type('text/xml').send(EMPTY_TWIML);
    },
  );
}
