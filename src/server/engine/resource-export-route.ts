import type { FastifyInstance } from 'fastify';
import { typed } from './typed-routes';
import { calendarSettingsOf } from '../../domain/calendar-settings';
import { todayIn } from '../../domain/dates';
import { currencyOf } from '../../domain/currency';
import { moneyFields, resourceFile } from './export';
import { streamExport } from './export-stream';
import { resourcePdfTable } from './resource-pdf';
import { searchText } from './list-params';
import { resourceAccess } from './resource-access';
import { resourceRepository as repo } from './resource-repository';
import { fileBody, responses } from './responses';
import type { Resource } from './schema-registry';

/** `POST <path>/export`: the records the caller may export, searched like the list, as a CSV, XLSX or PDF file. */
export function registerResourceExport(fastify: FastifyInstance, resource: Resource): void {
  const app = typed(fastify);
  if (!resource.meta.export) return;
  const { formats } = resource.meta.export;
  const { gate, allowed } = resourceAccess(resource);
  app.post(
    `/api/v1${resource.meta.path}/export`,
    {
      preValidation: gate('export'),
      schema: {
        tags: [resource.name],
        body: {
          type: 'object',
          properties: {
            format: { type: 'string', enum: formats, default: formats[0] },
            search: { type: ['string', 'null'], maxLength: 100 },
            archived: { type: 'integer', enum: [0, 1], default: 0 },
          },
        },
        response: responses({ 200: fileBody('The records as a CSV, XLSX or PDF file.') }),
      },
    },
    async (req, reply) => {
      const filter = allowed(req, reply, 'export');
      if (!filter) return reply;
      const body = req.body;
      const today = todayIn(calendarSettingsOf(req.user!).time_zone);
      const search = searchText(body.search ?? undefined, resource, req.user!.country);
      const query = { page: 1, perPage: 1, search, archived: body.archived === 1, filters: {}, today };
      const rows = await repo.all(app.db, app.dialect, resource, query, filter);
      const money = { fields: moneyFields(app.registry, resource.name), currency: currencyOf(req.user!) };
      if (body.format === 'pdf') {
        // A PDF to read and print: in the reader's language, dated and headed with the business's name.
        const locale = `${req.locale === 'uk' ? 'uk' : 'en'}-${req.user!.region}`;
        const lines = [`${req.user!.first_name} ${req.user!.last_name}`.trim()];
        const pdf = { t: req.t, locale, today, lines, money: money.fields, currency: money.currency };
        const table = resourcePdfTable(resource, rows, pdf);
        const file = streamExport(table, 'pdf');
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .send(file.stream);
      }
      const file = await resourceFile(app.registry, resource, rows, body.format, req.t, today, money.currency);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );
}
