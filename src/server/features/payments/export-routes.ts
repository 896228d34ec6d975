import { ownerCurrency } from '../../core/list-totals';
import type { FastifyInstance } from 'fastify';
import { formatMoney } from '@soloist/renderer/core';
import { PAYMENT_TYPES } from '../../../domain/payments';
import { streamExport, type StreamedTable } from '../../engine/export-stream';
import { fileBody, responses } from '../../engine/responses';
import { exportBody, exportQuery, ownerExport, type ExportBody } from '../../core/export-context';
import { incomeColumns, incomeRows, IncomeTotals } from './income-export';

/**
 * `POST /api/v1/payments/export`: the income list (the caller's ledger rows: payments and refunds, a type's or all,
 * in a period, by client name) as a CSV, XLSX or PDF file in the owner's language, with the totals under it,
 * streamed as it is read.
 */
export async function paymentExportRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: ExportBody }>(
    '/api/v1/payments/export',
    {
      schema: {
        tags: ['payments'],
        body: exportBody(PAYMENT_TYPES),
        response: responses({ 200: fileBody('The income as a CSV, XLSX or PDF file.') }),
      },
    },
    async (req, reply) => {
      const allowed = req.filterFor('read', 'Income', 'payments');
      const body = req.body;
      const q = exportQuery(body);
      const owner = ownerExport(app, req, q);
      const currency = ownerCurrency(req);
      const totals = new IncomeTotals();
      const table: StreamedTable = {
        ...owner,
        name: 'income',
        title: owner.t('exports.income.title'),
        columns: incomeColumns(owner.t),
        rows: incomeRows(app.db, app.dialect, allowed, q, owner.t, totals, (minor) =>
          formatMoney(minor, owner.locale, currency),
        ),
        currency,
        totals: () => totals.rows(owner.t),
      };
      const file = streamExport(table, body.format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.stream);
    },
  );
}
