import type { FastifyInstance } from 'fastify';
import { todayIn } from '../../../domain/dates';
import { ID } from '../../engine/input-bounds';
import { INTEGER, NULLABLE_STRING, object, STRING, responses } from '../../engine/responses';
import { DomainError, notFound } from '../../infra/domain-error';
import { ownerTimeZone } from '../../core/owner-time';
import { typed } from '../../engine/typed-routes';
import { redeemablePackages } from './redeemable';
import { voucherByCode, voucherRefusal } from './redemption';

const REDEEMABLE = object(
  {
    packages: {
      type: 'array',
      items: object(
        {
          package_sale_id: INTEGER,
          title: STRING,
          expires_on: NULLABLE_STRING,
          services: {
            type: 'array',
            items: object(
              { service_id: INTEGER, title: STRING, quantity: INTEGER, left: INTEGER },
              { required: ['service_id', 'title', 'quantity', 'left'] },
            ),
          },
        },
        { required: ['package_sale_id', 'title', 'expires_on', 'services'] },
      ),
    },
  },
  { required: ['packages'] },
);

const VOUCHER = object(
  { code: STRING, title: STRING, amount: INTEGER, amount_left: INTEGER, expires_on: NULLABLE_STRING },
  { required: ['code', 'title', 'amount', 'amount_left', 'expires_on'] },
);

/**
 * What a client can pay with besides money (spec §3 gift voucher, package): their packages not expired with
 * sessions left, each service's sessions left from the ledger (`GET /payments/redeemable`); and a gift voucher by
 * its code with the amount left (`GET /gift-vouchers/code/{code}`), refused in words when unknown (another owner's
 * code is unknown too), expired or spent.
 */
export async function redemptionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  app.get(
    '/api/v1/payments/redeemable',
    {
      schema: {
        response: responses({ 200: REDEEMABLE }),
        tags: ['payments'],
        querystring: { type: 'object', required: ['client_id'], properties: { client_id: ID } },
      },
    },
    async (req) => {
      const clients = req.filterFor('read', 'Client', 'clients');
      const packages = req.filterFor('read', 'Package', 'package_sales');
      const today = todayIn(ownerTimeZone(req));
      const found = await redeemablePackages(app.db, { clients, packages }, req.query.client_id, today);
      if (!found) throw notFound();
      return { packages: found };
    },
  );

  app.get(
    '/api/v1/gift-vouchers/code/:code',
    {
      schema: {
        response: responses({ 200: VOUCHER }),
        tags: ['payments'],
        params: {
          type: 'object',
          required: ['code'],
          properties: { code: { type: 'string', minLength: 1, maxLength: 32 } },
        },
      },
    },
    async (req) => {
      const { code } = req.params;
      // The caller's rules on gift vouchers (the plan's and read-only mode's); the code is looked up among theirs.
      req.filterFor('read', 'GiftVoucher', 'voucher_sales');
      const v = await voucherByCode(app.db, req.user!.id, code);
      const refusal = voucherRefusal(v, todayIn(ownerTimeZone(req)));
      if (refusal)
        throw new DomainError(422, refusal, { code: code.trim().toUpperCase(), from: v?.starts_on ?? '' }, 'code');
      return {
        code: v!.code,
        title: v!.title,
        amount: v!.amount,
        amount_left: v!.amount_left,
        expires_on: v!.expires_on,
      };
    },
  );
}
