import type { FastifyInstance } from 'fastify';
import { todayIn } from '../../../domain/dates';
import { idParams, PAGE } from '../../engine/input-bounds';
import {
  INTEGER,
  NULLABLE_INTEGER,
  NULLABLE_STRING,
  object,
  pageMeta,
  responses,
  STRING,
} from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import { notFound } from '../../infra/domain-error';
import { ownerTimeZone } from '../../core/owner-time';
import { CODES_PER_PAGE, giftVoucherAllowed, voucherCodes } from './voucher-codes';

const CODE = object(
  {
    id: INTEGER,
    code: STRING,
    client_id: NULLABLE_INTEGER,
    client_name: NULLABLE_STRING,
    sold_on: STRING,
    amount: INTEGER,
    amount_left: INTEGER,
    expires_on: NULLABLE_STRING,
    state: { type: 'string', enum: ['active', 'spent', 'expired', 'refunded'] },
  },
  {
    required: ['id', 'code', 'client_id', 'client_name', 'sold_on', 'amount', 'amount_left', 'expires_on', 'state'],
  },
);
const CODE_PAGE = object({ data: { type: 'array', items: CODE }, meta: pageMeta }, { required: ['data', 'meta'] });

/**
 * The codes sold of a gift voucher (`GET /gift-voucher/codes/{id}`, the voucher page's related list): found among
 * the caller's gift vouchers (else 404), the codes by the caller's rules on `GiftVoucher`.
 */
export async function voucherCodeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  app.get(
    '/api/v1/gift-voucher/codes/:id',
    {
      schema: {
        response: responses({ 200: CODE_PAGE }),
        tags: ['gift-vouchers'],
        params: idParams,
        querystring: { type: 'object', properties: { page: PAGE } },
      },
    },
    async (req) => {
      const { id } = req.params;
      const { page } = req.query;
      if (!(await giftVoucherAllowed(app.db, req.filterFor('read', 'GiftVoucher', 'gift_vouchers'), id)))
        throw notFound();
      const codes = req.filterFor('read', 'GiftVoucher', 'voucher_sales');
      const { data, total } = await voucherCodes(app.db, codes, id, page, todayIn(ownerTimeZone(req)));
      const last_page = Math.max(1, Math.ceil(total / CODES_PER_PAGE));
      return { data, meta: { current_page: page, last_page, per_page: CODES_PER_PAGE, total } };
    },
  );
}
