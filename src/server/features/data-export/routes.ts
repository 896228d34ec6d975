import { subject } from '@casl/ability';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Action } from '../../../../permissions/subjects';
import { registerSettingsGroup } from '../../engine/settings-group-routes';
import { typed } from '../../engine/typed-routes';
import {
  dataBody,
  fileBody,
  INTEGER,
  NULLABLE_INTEGER,
  NULLABLE_STRING,
  object,
  responses,
  STRING,
} from '../../engine/responses';
import { invalid, notFound } from '../../infra/domain-error';
import { queueExport } from './make';
import { exportSettingsOf, SETTINGS_KEY, type ExportInformationSettings } from './settings';
import { archiveOf, exportUnderWay, findExport, listExports, recordExport } from './store';

const EXPORT = object(
  {
    id: INTEGER,
    kind: STRING,
    status: STRING,
    parts: { type: 'array', items: STRING },
    format: STRING,
    delivery: STRING,
    file_name: NULLABLE_STRING,
    size: NULLABLE_INTEGER,
    created_at: STRING,
    finished_at: NULLABLE_STRING,
  },
  { required: ['id', 'kind', 'status', 'parts', 'format', 'delivery', 'created_at'] },
);
const ID = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } as const;

/**
 * Export information (spec §3, §6, §7; Premium — a 403 naming the plan otherwise):
 *  - `GET`/`PUT /user/export-information-settings`: what an archive holds, its format, whether one is made by itself
 *    each week or month, and whether it is emailed;
 *  - `GET /user/export-information`: the latest archives and their state;
 *  - `POST /user/export-information`: "export now" — an archive made on the job queue with the settings saved;
 *  - `GET /user/export-information/{id}/download`: a ready archive's zip.
 */
export async function dataExportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  registerSettingsGroup<ExportInformationSettings>(app, {
    path: 'export-information-settings',
    subject: 'DataExport',
    key: SETTINGS_KEY,
    body: 'export-information-settings.request',
    read: (req) => exportSettingsOf(req.user!.settings),
    write: (_req, body) => ({
      automatic: body.automatic,
      frequency: body.frequency,
      parts: body.parts,
      format: body.format,
      delivery: body.delivery,
    }),
  });
  const allowed = (action: Action) => async (req: FastifyRequest, reply: FastifyReply) => {
    const own = subject('DataExport', { user_id: req.user!.id });
    if (!req.ability.can(action, own)) return reply.forbid(action, own);
  };
  const base = '/api/v1/user/export-information';
  const tags = ['user'];

  app.get(
    base,
    {
      preValidation: allowed('read'),
      schema: { tags, response: responses({ 200: dataBody({ type: 'array', items: EXPORT }) }) },
    },
    async (req) => ({ data: await listExports(app.db, req.user!.id) }),
  );

  app.post(
    base,
    { preValidation: allowed('create'), schema: { tags, response: responses({ 202: dataBody(EXPORT) }) } },
    async (req, reply) => {
      const userId = req.user!.id;
      // One at a time: a second ask while an archive is being made would only make the same archive again. The
      // look covers an automatic archive too; two asks at once are told apart by the database (null: not recorded).
      const underWay = () => invalid('export', 'exportInformation.underWay');
      if (await exportUnderWay(app.db, userId)) throw underWay();
      const id = await recordExport(app.db, userId, exportSettingsOf(req.user!.settings));
      if (id === null) throw underWay();
      await queueExport(app, id);
      const made = await findExport(app.db, userId, id);
      return reply.code(202).send({ data: made, message: req.t('exportInformation.started') });
    },
  );

  app.get(
    `${base}/:id/download`,
    {
      preValidation: allowed('read'),
      schema: { tags, params: ID, response: responses({ 200: fileBody('The archive: a zip of Excel or CSV files.') }) },
    },
    async (req, reply) => {
      const { id } = req.params;
      const file = await archiveOf(app.db, req.user!.id, id);
      if (!file?.archive || !file.file_name) throw notFound();
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${file.file_name}"`)
        .send(Buffer.from(file.archive));
    },
  );
}
