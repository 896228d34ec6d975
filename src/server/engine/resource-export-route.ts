import type { FastifyInstance } from 'fastify';
import { calendarSettingsOf } from '../../domain/calendar-settings';
import { todayIn } from '../../domain/dates';
import { regionCurrency } from '../../../renderer/core/money';
import { exportRows, moneyFields } from './export';
import { searchText } from './list-params';
import { resourceAccess } from './resource-access';
import { resourceRepository as repo } from './resource-repository';
import { fileBody, responses } from './responses';
import type { Resource } from './schema-registry';

/** `POST <path>/export`: the records the caller may export, searched like the list, as a CSV or XLSX file. */
export function registerResourceExport(app: FastifyInstance, resource: Resource): void {
  if (!resource.meta.export) return;
  const { formats, fields } = resource.meta.export;
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
        response: responses({ 200: fileBody('The records as a CSV or XLSX file.') }),
      },
    },
    async (req, reply) => {
      const filter = allowed(req, reply, 'export');
      if (!filter) return reply;
      const body = req.body as { format: 'csv' | 'xlsx'; search?: string | null; archived: number };
      const today = todayIn(calendarSettingsOf(req.user!).time_zone);
      const search = searchText(body.search ?? undefined, resource, req.user!.region);
      const query = { page: 1, perPage: 1, search, archived: body.archived === 1, filters: {}, today };
      const rows = await repo.all(app.db, app.dialect, resource, query, filter);
      const money = { fields: moneyFields(app.registry, resource.name), currency: regionCurrency(req.user!.region) };
      const file = await exportRows(resource.name, fields, rows, body.format, req.t, today, money);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );
}
