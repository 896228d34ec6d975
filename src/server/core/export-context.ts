import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TFunction } from 'i18next';
import { todayIn } from '../../domain/dates';
import type { ExportFormat } from '../engine/export-stream';
import { invalid } from '../infra/domain-error';
import type { SessionUser } from '../infra/sessions';
import { ownerTimeZone } from './owner-time';
import { businessNameOf } from '../infra/business-voice';

/** What an export of a ledger list asks for: one type's rows or all, a period of the owner's days, a client's name. */
export interface LedgerExportQuery {
  type?: string;
  from?: string;
  to?: string;
  search?: string | null;
}

/** Rows read from the database at a time: the export holds one batch, whatever the period's length. */
export const EXPORT_BATCH = 1000;

const DATE = { type: 'string', format: 'date' } as const;

/** The body every ledger export takes: the file's format, and the list's own type, period and client search. */
export const exportBody = (types: readonly string[]) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['format'],
    properties: {
      format: { type: 'string', enum: ['csv', 'xlsx', 'pdf'] },
      ...(types.length ? { type: { type: ['string', 'null'], enum: [...types, null] } } : {}),
      from: { ...DATE, type: ['string', 'null'] },
      to: { ...DATE, type: ['string', 'null'] },
      search: { type: ['string', 'null'], maxLength: 100 },
    },
  }) as const;

export type ExportBody = { format: ExportFormat } & { [K in keyof LedgerExportQuery]?: LedgerExportQuery[K] | null };

/** The export's query from its body; a period ending before it starts is refused in words. */
export function exportQuery(body: ExportBody): LedgerExportQuery {
  if (body.from && body.to && body.to < body.from) throw invalid('to', 'exports.periodBackwards');
  return {
    type: body.type ?? undefined,
    from: body.from ?? undefined,
    to: body.to ?? undefined,
    search: body.search ?? null,
  };
}

/** The business's name as its invoices give it (invoice settings), else the owner's own name. */
export const businessName = (user: SessionUser): string => businessNameOf(user);

/** The period in the owner's words ("1 Jan 2026 – 31 Dec 2026", "All dates"). */
export function periodLine(t: TFunction, locale: string, q: LedgerExportQuery): string {
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const words = (d: string) => day.format(new Date(`${d}T00:00:00Z`));
  if (q.from && q.to) return t('exports.period.between', { from: words(q.from), to: words(q.to) });
  if (q.from) return t('exports.period.from', { from: words(q.from) });
  if (q.to) return t('exports.period.to', { to: words(q.to) });
  return t('exports.period.all');
}

/**
 * What every ledger export shares: the language the owner is reading the app in (the file is theirs to read), today,
 * the heading lines and the file's response.
 */
export function ownerExport(app: FastifyInstance, req: FastifyRequest, q: LedgerExportQuery) {
  const user = req.user!;
  const language = req.locale === 'uk' ? 'uk' : 'en';
  const t = app.translator(language);
  // Dates and money as the owner's language writes them in their region: en-GB "1 Jan 2026", "£35.00".
  const locale = `${language}-${user.region}`;
  return {
    t,
    locale,
    today: todayIn(ownerTimeZone(req)),
    lines: [businessName(user), periodLine(t, locale, q)],
    pageLabel: (n: number) => t('exports.page', { n }),
  };
}
