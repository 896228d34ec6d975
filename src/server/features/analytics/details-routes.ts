import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currencyOf } from '../../../domain/currency';
import { streamExport } from '../../engine/export-stream';
import { PAGE } from '../../engine/input-bounds';
import { typed } from '../../engine/typed-routes';
import { BOOLEAN, fileBody, INTEGER, object, OPEN_OBJECT, responses, STRING } from '../../engine/responses';
import { forbidden } from '../../infra/domain-error';
import { ownerExport } from '../../core/export-context';
import {
  clientRows,
  DETAIL_VIEWS,
  kindOf,
  ledgerRows,
  visitRows,
  ADVANCED_VIEWS,
  type DetailsAsk,
  type DetailView,
  type Page,
} from './details';
import { detailsTable } from './details-export';
import { periodOf } from './routes';

const DATE = { type: 'string', format: 'date' } as const;
const QUERY = {
  view: { type: 'string', enum: [...DETAIL_VIEWS] },
  from: DATE,
  to: DATE,
  key: { type: 'string', maxLength: 20 },
} as const;
/** The most rows an export of one view writes: every row of two years of a busy diary. */
const EXPORT_ROWS = 100_000;

/** The subject a view's rows are read as: its figure's. */
const subjectOf = (view: DetailView) =>
  kindOf(view) === 'ledger' ? 'Income' : kindOf(view) === 'visits' ? 'Appointment' : 'Client';

/** A view's rows where the caller may read them; advanced reporting's views a 403 naming Premium without it. */
export async function detailRows(app: FastifyInstance, req: FastifyRequest, ask: DetailsAsk, page: Page) {
  if (ADVANCED_VIEWS.includes(ask.view) && !req.ability.can('read', 'AdvancedReporting'))
    throw forbidden('read', 'AdvancedReporting');
  const visits = (table: Parameters<Parameters<typeof visitRows>[2]>[0]) => req.filterFor('read', 'Appointment', table);
  switch (kindOf(ask.view)) {
    case 'ledger':
      return ledgerRows(app.db, req.filterFor('read', 'Income', 'payments'), ask.period, ask.view, ask.key, page);
    case 'visits':
      return visitRows(app.db, app.dialect, visits, ask.period, ask.view, ask.key, page);
    default:
      return clientRows(app.db, visits, req.filterFor('read', 'Client', 'clients'), ask.period, ask.key, page);
  }
}

const askOf = (req: FastifyRequest, q: { view: DetailView; key?: string; from?: string; to?: string }): DetailsAsk => ({
  view: q.view,
  key: q.key || undefined,
  period: periodOf(req, q),
});

/**
 * `GET /data/analytics-details`: the rows behind an analytics view, a page at a time, with how many there are and
 * what they add up to; `GET /data/analytics-details/export`: all of them as a CSV, Excel or PDF file in the owner's
 * language, the period and the view named at its head.
 */
export async function analyticsDetailsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  app.get(
    '/api/v1/data/analytics-details',
    {
      schema: {
        tags: ['analytics'],
        querystring: {
          type: 'object',
          required: ['view'],
          properties: { ...QUERY, page: PAGE, per_page: { type: 'integer', minimum: 1, maximum: 100, default: 25 } },
        },
        response: responses({
          200: object(
            {
              data: { type: 'array', items: OPEN_OBJECT },
              meta: object({
                page: INTEGER,
                per_page: INTEGER,
                total: INTEGER,
                sum: INTEGER,
                from: STRING,
                to: STRING,
              }),
              view: STRING,
              currency: STRING,
              advanced_available: BOOLEAN,
            },
            { required: ['data', 'meta', 'view', 'currency'] },
          ),
        }),
      },
    },
    async (req) => {
      const ask = askOf(req, req.query);
      const { page, per_page } = req.query;
      const found = await detailRows(app, req, ask, { offset: (page - 1) * per_page, limit: per_page });
      return {
        data: found.rows,
        meta: { page, per_page, total: found.total, sum: found.sum, ...ask.period },
        view: ask.view,
        currency: currencyOf(req.user!),
        advanced_available: req.ability.can('read', 'AdvancedReporting'),
      };
    },
  );

  app.get(
    '/api/v1/data/analytics-details/export',
    {
      schema: {
        tags: ['analytics'],
        querystring: {
          type: 'object',
          required: ['view', 'format'],
          properties: { ...QUERY, format: { type: 'string', enum: ['csv', 'xlsx', 'pdf'] } },
        },
        response: responses({ 200: fileBody('The view’s rows as a CSV, XLSX or PDF file.') }),
      },
    },
    async (req, reply) => {
      const ask = askOf(req, req.query);
      if (!req.ability.can('export', subjectOf(ask.view))) throw forbidden('export', subjectOf(ask.view));
      const found = await detailRows(app, req, ask, { offset: 0, limit: EXPORT_ROWS });
      const owner = ownerExport(app, req, ask.period);
      const format = req.query.format;
      const table = detailsTable(owner, ask, found.rows, currencyOf(req.user!));
      const file = streamExport(table, format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.stream);
    },
  );
}
