import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ID, idParams, PAGE } from '../../engine/input-bounds';
import { responses } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import { forbidden, notFound } from '../../infra/domain-error';
import { taxYearStartOf } from '../../core/list-totals';
import { PER_PAGE, readSales, saleItems, salePayments, salesTotals, type SalesQuery } from './reads';
import { SALE_DETAIL, SALE_PAGE } from './response-schemas';

const DATE = { type: 'string', format: 'date' } as const;
export const salesQuery = {
  type: 'object',
  properties: { page: PAGE, from: DATE, to: DATE, search: { type: 'string', maxLength: 100 }, client_id: ID },
} as const;

/** A page of sales in the list shape, with each sale's lines in short. */
export async function salesPage(app: FastifyInstance, req: FastifyRequest, q: SalesQuery) {
  const filter = req.filterFor('read', 'Sale', 'sales');
  const [{ data, total }, totals] = await Promise.all([
    readSales(app.db, app.dialect, filter, q),
    salesTotals(app.db, app.dialect, filter, q),
  ]);
  const items = await saleItems(
    app.db,
    data.map((s) => s.id),
  );
  return {
    data: data.map((s) => ({
      ...s,
      items: items
        .filter((i) => i.sale_id === s.id)
        .map((i) => ({ kind: i.kind, title: i.title, quantity: i.quantity })),
    })),
    meta: {
      current_page: q.page,
      last_page: Math.max(1, Math.ceil(total / PER_PAGE)),
      per_page: PER_PAGE,
      total,
      totals,
      tax_year_start: taxYearStartOf(req),
    },
  };
}

/**
 * Sales (spec §3, §7; every plan, spec §6): the list (a period, a client, or a search by client name) and one sale
 * with its items and its payments and their refunds. Refunding or cancelling a sale (`DELETE /sales/{id}`) writes
 * the ledger, so it is the payments feature's route. Tenancy from the rules on `Sale`.
 */
export async function saleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const base = '/api/v1/sales';

  app.get(
    base,
    { schema: { response: responses({ 200: SALE_PAGE }), tags: ['sales'], querystring: salesQuery } },
    (req) => salesPage(app, req, req.query),
  );

  // The sales with something left to pay (part paid or unpaid, not refunded), as the left-to-pay screen lists them.
  app.get(
    '/api/v1/payments/left-to-pay/sale',
    { schema: { response: responses({ 200: SALE_PAGE }), tags: ['payments'], querystring: salesQuery } },
    (req) => {
      if (!req.ability.can('read', 'LeftToPay')) throw forbidden('read', 'LeftToPay');
      return salesPage(app, req, { ...req.query, owing: true });
    },
  );

  app.get(
    `${base}/:id`,
    { schema: { response: responses({ 200: SALE_DETAIL }), tags: ['sales'], params: idParams } },
    async (req) => {
      const { id } = req.params;
      const filter = req.filterFor('read', 'Sale', 'sales');
      const { data } = await readSales(app.db, app.dialect, filter, { page: 1, id });
      if (!data.length) throw notFound();
      const items = await saleItems(app.db, [id]);
      const payments = await salePayments(app.db, id);
      return { data: { ...data[0], items: items.map(({ sale_id: _s, ...i }) => i), payments } };
    },
  );
}
