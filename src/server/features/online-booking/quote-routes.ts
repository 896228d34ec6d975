import { currencyOf } from '../../../domain/currency';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { nowIso } from '../../db/database';
import { dataBody, responses } from '../../engine/responses';
import { invalid } from '../../infra/domain-error';
import { type BookingDeps, limited, LIMITS, pageClientOf, pub, slugParams, verifiedClient } from './context';
import { holdFor } from './holds';
import { type PayChoice, planPayment } from './redeem';
import { QUOTE } from './response-schemas';
import { typed } from '../../engine/typed-routes';

/** How a booking may be paid besides money (the bookings route takes the same fields). */
export const PAY_CHOICE = {
  voucher_code: { type: 'string', maxLength: 64 },
  use_package: { type: 'boolean' },
} as const;

/** True after answering 429 when this address has tried too many voucher codes (codes are not to be guessed). */
export const voucherGuessesLimited = (deps: BookingDeps, req: FastifyRequest, reply: FastifyReply, body: PayChoice) =>
  body.voucher_code?.trim()
    ? limited(deps, req, reply, [[`booking-voucher:ip:${req.ip}`, LIMITS.voucherAddress]])
    : Promise.resolve(false);

/**
 * What a held time or seat costs the verified client, and how they may pay (spec §2): a package of theirs that
 * covers it, or what a gift voucher's code pays; what is left to pay and the deposit asked now. The confirm step
 * shows it before the client books; the bookings route decides by the same plan.
 */
export async function quoteRoutes(fastify: FastifyInstance, deps: BookingDeps): Promise<void> {
  const app = typed(fastify);
  app.post(
    '/api/v1/online-booking/:slug/quotes',
    {
      config: pub,
      preHandler: verifiedClient(deps, true),
      schema: {
        response: responses({ 200: dataBody(QUOTE) }),
        tags: ['online-booking'],
        params: slugParams,
        body: {
          type: 'object',
          required: ['hold'],
          additionalProperties: false,
          properties: { hold: { type: 'string', maxLength: 64 }, ...PAY_CHOICE },
        },
      },
    },
    async (req, reply) => {
      const { owner, session } = pageClientOf(req);
      const { body } = req;
      if (await voucherGuessesLimited(deps, req, reply, body)) return reply;
      const hold = await holdFor(app.db, owner, session, body.hold);
      if (hold.status !== 'held' || hold.expires_at <= nowIso()) throw invalid('hold', 'booking.holdExpired');
      return {
        data: (await planPayment(app.db, owner, session, hold, body, currencyOf(owner.user).toLowerCase())).quote,
      };
    },
  );
}
