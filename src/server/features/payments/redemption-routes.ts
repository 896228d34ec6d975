import type { FastifyInstance } from 'fastify';
import { todayIn } from '../../../domain/dates';
import { ID } from '../../engine/input-bounds';
import { INTEGER, NULLABLE_STRING, object, STRING, responses } from '../../engine/responses';
import { DomainError, notFound } from '../../infra/domain-error';
import { ownerTimeZone } from '../../core/owner-time';
import { packageSessionsLeft } from '../../core/redeemed';
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
export async function redemptionRoutes(app: FastifyInstance): Promise<void> {
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
      const clientId = (req.query as { client_id: number }).client_id;
      const clients = req.filterFor('read', 'Client', 'clients');
      const packages = req.filterFor('read', 'Package', 'package_sales');
      const client = await app.db
        .selectFrom('clients')
        .select('id')
        .where((eb) => eb.and([eb('clients.id', '=', clientId), clients(eb as never)]))
        .executeTakeFirst();
      if (!client) throw notFound();
      const today = todayIn(ownerTimeZone(req));
      const sold = await app.db
        .selectFrom('package_sales')
        .innerJoin('packages', 'packages.id', 'package_sales.package_id')
        .select(['package_sales.id', 'packages.title', 'package_sales.expires_on'])
        .where((eb) =>
          eb.and([
            packages(eb as never),
            eb('package_sales.client_id', '=', client.id),
            eb.or([eb('package_sales.expires_on', 'is', null), eb('package_sales.expires_on', '>=', today)]),
          ]),
        )
        .orderBy('package_sales.id')
        .execute();
      const left = await packageSessionsLeft(
        app.db,
        sold.map((s) => s.id),
      );
      return {
        packages: sold
          .map((s) => ({ package_sale_id: s.id, title: s.title, expires_on: s.expires_on, services: left.get(s.id)! }))
          .filter((p) => p.services.some((s) => s.left > 0)),
      };
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
      const code = (req.params as { code: string }).code;
      // The caller's rules on gift vouchers (the plan's and read-only mode's); the code is looked up among theirs.
      req.filterFor('read', 'GiftVoucher', 'voucher_sales');
      const v = await voucherByCode(app.db, req.user!.id, code);
      const refusal = voucherRefusal(v, todayIn(ownerTimeZone(req)));
      if (refusal) throw new DomainError(422, refusal, { code: code.trim().toUpperCase() }, 'code');
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
