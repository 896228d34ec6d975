import type { FastifyInstance } from 'fastify';
import type { TFunction } from 'i18next';
import { todayIn } from '../../../domain/dates';
import { taxYearOf } from '../../../domain/expenses';
import { taxSettingsOf } from '../../../domain/tax';
import { NET_INCOME_PERIODS, type NetIncomePeriod, type NetIncomeRow } from '../../../domain/net-income';
import { streamExport, type ExportColumn, type StreamedTable } from '../../engine/export-stream';
import { fileBody, responses } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import { invalid } from '../../infra/domain-error';
import { ownerTimeZone } from '../../core/owner-time';
import { ownerExport } from '../../core/export-context';
import { netIncome, netIncomeFilters } from './net-income';

const DATE = { type: ['string', 'null'], format: 'date' } as const;

const columns = (t: TFunction): ExportColumn[] => [
  { key: 'period', heading: t('netIncome.period'), width: 4 },
  { key: 'income', heading: t('netIncome.income'), kind: 'money', width: 2 },
  { key: 'expenses', heading: t('netIncome.expenses'), kind: 'money', width: 2 },
  { key: 'mileage', heading: t('netIncome.mileage'), kind: 'money', width: 2 },
  { key: 'net', heading: t('netIncome.net'), kind: 'money', width: 2 },
];

/** A period as the screen names it: the month in words ("November 2026"), else its first and last days. */
function periodLabel(r: NetIncomeRow, period: NetIncomePeriod, locale: string): string {
  const at = (d: string) => new Date(`${d}T00:00:00Z`);
  if (period === 'month')
    return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(at(r.from));
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return `${day.format(at(r.from))} – ${day.format(at(r.to))}`;
}

/**
 * `POST /api/v1/payments/net-income/export`: net income (spec §2, onboarding: "export to Excel, CSV or PDF") for a
 * period — the current tax year unless asked — by month, quarter or tax year, in the owner's language, with the
 * period's income, expenses, mileage and net income under the table.
 */
export async function netIncomeExportRoutes(fastify: FastifyInstance, opts: { currency: string }): Promise<void> {
  const app = typed(fastify);
  app.post(
    '/api/v1/payments/net-income/export',
    {
      schema: {
        tags: ['payments'],
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['format'],
          properties: {
            format: { type: 'string', enum: ['csv', 'xlsx', 'pdf'] },
            from: DATE,
            to: DATE,
            period: { type: ['string', 'null'], enum: [...NET_INCOME_PERIODS, null] },
          },
        },
        response: responses({ 200: fileBody('Net income as a CSV, XLSX or PDF file.') }),
      },
    },
    async (req, reply) => {
      const body = req.body;
      const start = taxSettingsOf(req.user!.settings, req.user!.region).tax_year_start;
      const today = todayIn(ownerTimeZone(req));
      const year = taxYearOf(today, start);
      const from = body.from ?? year.from;
      const to = body.to ?? year.to;
      if (to < from) throw invalid('to', 'exports.periodBackwards');
      if (Number(to.slice(0, 4)) - Number(from.slice(0, 4)) > 10) throw invalid('from', 'expenses.periodTooLong');
      const period = body.period ?? 'month';
      // Counted up to the owner's today, as the screen counts.
      const figures = await netIncome(app.db, netIncomeFilters(req), { from, to, period, until: today }, start);
      const owner = ownerExport(app, req, { from, to });
      const t = owner.t;
      async function* rows() {
        for (const r of figures.rows) yield { ...r, period: periodLabel(r, period, owner.locale) };
      }
      const table: StreamedTable = {
        ...owner,
        name: 'net-income',
        title: t('netIncome.exportTitle'),
        columns: columns(t),
        rows: rows(),
        currency: opts.currency,
        totalsUnder: 'net',
        totals: () => [
          [t('netIncome.income'), figures.total.income],
          [t('netIncome.expenses'), figures.total.expenses],
          [t('netIncome.mileage'), figures.total.mileage],
          [t('netIncome.net'), figures.total.net],
        ],
      };
      const file = streamExport(table, body.format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.stream);
    },
  );
}
