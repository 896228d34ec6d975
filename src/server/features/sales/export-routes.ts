import { ownerCurrency } from '../../core/list-totals';
import type { FastifyInstance } from 'fastify';
import { streamExport, type StreamedTable } from '../../engine/export-stream';
import { fileBody, responses } from '../../engine/responses';
import { exportBody, exportQuery, ownerExport, type ExportBody } from '../../core/export-context';
import { salesColumns, salesRows, SalesTotals } from './sales-export';

/**
 * `POST /api/v1/sales/export`: the sales list (a period, by client name) as a CSV, XLSX or PDF file in the owner's
 * language, each sale with its items, its amount after discount and what was paid, the totals under it, streamed
 * as it is read. Tenancy from the rules on `Sale`.
 */
export async function saleExportRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: ExportBody }>(
    '/api/v1/sales/export',
    {
      schema: {
        tags: ['sales'],
        body: exportBody([]),
        response: responses({ 200: fileBody('The sales as a CSV, XLSX or PDF file.') }),
      },
    },
    async (req, reply) => {
      const allowed = req.filterFor('read', 'Sale', 'sales');
      const body = req.body;
      const q = exportQuery(body);
      const owner = ownerExport(app, req, q);
      const totals = new SalesTotals();
      const table: StreamedTable = {
        ...owner,
        name: 'sales',
        title: owner.t('exports.sales.title'),
        columns: salesColumns(owner.t),
        rows: salesRows(app.db, app.dialect, allowed, q, totals),
        currency: ownerCurrency(req),
        totals: () => totals.rows(owner.t),
        totalsUnder: 'amount',
      };
      const file = streamExport(table, body.format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.stream);
    },
  );
}
