import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { nowIso } from '../../db/database';
import { responses, STRING } from '../../engine/responses';
import { toE164 } from '../../infra/phones';
import { deliveryStatus, fromTwilio } from '../../infra/sms-twilio';
import { ownerOfOptOutCode } from './opt-out';

export interface TwilioRoutesOptions {
  appUrl: string;
  /** Twilio's auth token: what its requests are signed with. Without it, the routes answer 404. */
  authToken?: string;
}

/** How far along a message is: a status only ever moves forward (callbacks may arrive out of order, or twice). */
const RANK: Record<string, number> = { outbox: 0, pending: 1, sent: 2, delivered: 3, error: 3 };
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
const OPT_OUT = /^\s*OPTOUT\s+([A-Za-z0-9]{1,16})\s*$/i;

/**
 * What Twilio calls (spec §4, §9): each message's delivery status (`POST /api/v1/sms/status`) and the texts clients
 * send to the fixed number (`POST /api/v1/sms/inbound`), where `OPTOUT <code>` switches that business's SMS and
 * marketing off for the client whose number it came from. Both are signed by Twilio with the auth token over the
 * URL and the form: an unsigned or wrongly signed call is a 403 and changes nothing.
 */
export async function twilioRoutes(app: FastifyInstance, opts: TwilioRoutesOptions): Promise<void> {
  // Twilio posts forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 100_000 },
    (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  // Twilio signs the URL it called, query string included (the status callback names our message in it).
  const verified = (req: FastifyRequest, reply: FastifyReply) => {
    if (!opts.authToken) {
      void reply.code(404).send({ message: req.t('errors.notFound') });
      return null;
    }
    const form = (req.body ?? {}) as Record<string, string>;
    const signature = req.headers['x-twilio-signature'];
    if (
      !fromTwilio(
        opts.authToken,
        typeof signature === 'string' ? signature : undefined,
        `${opts.appUrl}${req.url}`,
        form,
      )
    ) {
      void reply.code(403).send({ message: 'Invalid signature.' });
      return null;
    }
    return form;
  };
  const config = { access: 'public', csrf: false } as const;

  app.post(
    '/api/v1/sms/status',
    {
      config,
      schema: {
        hide: true,
        querystring: { type: 'object', properties: { message: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
        response: responses({ 204: { type: 'null' } }),
      },
    },
    async (req, reply) => {
      const form = verified(req, reply);
      if (!form) return reply;
      const sid = form.MessageSid ?? form.SmsSid;
      const message = (req.query as { message?: number }).message;
      const status = deliveryStatus(form.MessageStatus ?? form.SmsStatus ?? '');
      if (sid) {
        const behind = Object.entries(RANK)
          .filter(([, rank]) => rank < RANK[status])
          .map(([name]) => name);
        await app.db
          .updateTable('outbox')
          .set({
            status,
            provider_ref: sid,
            error: status === 'error' ? req.t('notifications.undelivered', { code: form.ErrorCode ?? '—' }) : null,
            updated_at: nowIso(),
          })
          .where((eb) =>
            eb.or([
              eb('provider_ref', '=', sid),
              // A report that came before Twilio's answer was stored: the message it names, not yet another's.
              ...(message
                ? [eb.and([eb('id', '=', message), eb('channel', '=', 'sms'), eb('provider_ref', 'is', null)])]
                : []),
            ]),
          )
          .where('status', 'in', behind)
          .execute();
      }
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/v1/sms/inbound',
    { config, schema: { hide: true, response: responses({ 200: { content: { 'text/xml': { schema: STRING } } } }) } },
    async (req, reply) => {
      const form = verified(req, reply);
      if (!form) return reply;
      const code = OPT_OUT.exec(form.Body ?? '')?.[1];
      const owner = code ? ownerOfOptOutCode(code) : null;
      const from = toE164(form.From ?? '');
      if (owner && from)
        await app.db
          .updateTable('clients')
          .set({ sms_reminders: 0, marketing_messages: 0, opt_out: 1, updated_at: nowIso() })
          .where('user_id', '=', owner)
          .where('phone', '=', from)
          .execute();
      return reply.type('text/xml').send(EMPTY_TWIML);
    },
  );
}
