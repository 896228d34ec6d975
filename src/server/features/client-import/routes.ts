import { subject } from '@casl/ability';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  BOOLEAN,
  INTEGER,
  NULLABLE_STRING,
  STRING,
  dataBody,
  fileBody,
  object,
  responses,
} from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import { invalid } from '../../infra/domain-error';
import { checkRows } from './check';
import { IMPORT_COLUMNS, MAX_IMPORT_ROWS, YES_NO_COLUMNS } from './columns';
import { readSheet } from './parse';
import { templateFile } from './template';
import { importRows } from './write';

/** A list of contacts is small: 250 rows of a dozen columns. */
const MAX_BYTES = 2 * 1024 * 1024;
const list = (items: unknown) => ({ type: 'array', items });
const PREVIEW = object(
  {
    rows: list(
      object(
        {
          row: INTEGER,
          values: object(
            Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, YES_NO_COLUMNS.includes(c) ? BOOLEAN : STRING])),
          ),
          errors: list(STRING),
          problems: { type: 'object', additionalProperties: list(STRING) },
          duplicate: NULLABLE_STRING,
        },
        { required: ['row', 'values', 'errors', 'problems', 'duplicate'] },
      ),
    ),
    importable: INTEGER,
    duplicates: INTEGER,
    invalid: INTEGER,
  },
  { required: ['rows', 'importable', 'duplicates', 'invalid'] },
);

/**
 * Client import (spec §7 `POST /user/import-clients`, §5): an Excel or CSV file matching the template, at most 250
 * contacts. `?preview=1` answers each row's problems (by field) and duplicates without writing; without it the rows
 * are imported in one transaction, all or none: any row with a problem imports nothing, and the 422 names every such
 * row and field (`rows.4.email`). `GET /user/import-clients/template?format=xlsx|csv` is the template.
 * Import is part of the clients feature: the caller must be able to create clients (a plan's limits, read-only mode).
 */
export async function clientImportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const mayImport = async (req: FastifyRequest, reply: FastifyReply) => {
    const own = subject('Client', { user_id: req.user!.id });
    if (!req.ability.can('create', own)) return reply.forbid('create', own);
  };

  app.get(
    '/api/v1/user/import-clients/template',
    {
      preValidation: mayImport,
      schema: {
        tags: ['clients'],
        querystring: { type: 'object', properties: { format: { type: 'string', enum: ['xlsx', 'csv'] } } },
        response: responses({ 200: fileBody('The import template: a heading row and one example contact') }),
      },
    },
    async (req, reply) => {
      const format = req.query.format ?? 'xlsx';
      const { body, type } = await templateFile(req.t, format);
      return reply
        .header('content-type', type)
        .header('content-disposition', `attachment; filename="clients-template.${format}"`)
        .send(body);
    },
  );

  app.post(
    '/api/v1/user/import-clients',
    {
      preValidation: mayImport,
      schema: {
        tags: ['clients'],
        consumes: ['multipart/form-data'],
        querystring: { type: 'object', properties: { preview: { type: 'integer', enum: [0, 1] } } },
        response: responses({
          200: PREVIEW,
          201: dataBody(object({ imported: INTEGER, skipped: INTEGER }, { required: ['imported', 'skipped'] })),
        }),
      },
    },
    async (req, reply) => {
      const file = await req.file({ limits: { fileSize: MAX_BYTES, files: 1 } }).catch(() => undefined);
      if (!file) throw invalid('file', 'validation.required', { field: req.t('import.file') });
      const buffer = await file.toBuffer().catch(() => null);
      if (!buffer || file.file.truncated) throw invalid('file', 'errors.tooLarge', { max: MAX_BYTES / 1024 });
      const rows = await checkRows(app, req, await readSheet(buffer));
      if (req.query.preview === 1)
        return {
          rows,
          importable: rows.filter((r) => !r.errors.length && !r.duplicate).length,
          duplicates: rows.filter((r) => !r.errors.length && r.duplicate).length,
          invalid: rows.filter((r) => r.errors.length).length,
        };
      const done = await importRows(app, req, rows);
      await app.events.notify('client-import.done', { ownerId: req.user!.id, ...done });
      return reply.code(201).send({ data: done, message: req.t('import.done', { count: done.imported }) });
    },
  );
}

export { MAX_IMPORT_ROWS };
