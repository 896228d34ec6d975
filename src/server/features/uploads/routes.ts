import fs from 'node:fs/promises';
import path from 'node:path';
import { subject } from '@casl/ability';
import type { FastifyInstance } from 'fastify';
import { randomHex } from '../../infra/crypto';
import { invalid } from '../../infra/domain-error';
import { dataBody, object, responses, STRING } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';

const MAX_BYTES = 5 * 1024 * 1024;

/** Recognises an image by its first bytes, never by the name or type the browser claims. */
function imageExtension(head: Buffer): string | null {
  if (head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'jpg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  if (head.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif';
  return null;
}

/** A PDF, by its first bytes: `%PDF-`. */
const isPdf = (head: Buffer) => head.subarray(0, 5).toString('latin1') === '%PDF-';

const uploadQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { kind: { type: 'string', enum: ['image', 'document'] } },
} as const;

/**
 * POST /api/v1/uploads stores one image under data/uploads (`?kind=document`: an image or a PDF, such as a
 * receipt); GET /uploads/<name> serves it back. What a file is comes from its content, never its name.
 */
export async function uploadRoutes(fastify: FastifyInstance, opts: { dir: string }): Promise<void> {
  const app = typed(fastify);
  await fs.mkdir(opts.dir, { recursive: true });

  app.post(
    '/api/v1/uploads',
    {
      schema: {
        response: responses({ 201: dataBody(object({ url: STRING })) }),
        tags: ['uploads'],
        consumes: ['multipart/form-data'],
        querystring: uploadQuery,
      },
    },
    async (req, reply) => {
      // Owners upload for their own records (permissions/: Upload); read-only mode, affiliates and admins cannot.
      const own = subject('Upload', { user_id: req.user!.id });
      if (!req.ability.can('create', own)) return reply.forbid('create', own);
      const file = await req.file({ limits: { fileSize: MAX_BYTES, files: 1 } }).catch(() => undefined);
      if (!file) throw invalid('file', 'validation.required', { field: 'file' });
      const buffer = await file.toBuffer().catch(() => null);
      if (!buffer || file.file.truncated) throw invalid('file', 'errors.tooLarge', { max: MAX_BYTES / 1024 });
      const document = req.query.kind === 'document';
      const ext = imageExtension(buffer) ?? (document && isPdf(buffer) ? 'pdf' : null);
      if (!ext) throw invalid('file', document ? 'errors.imageOrPdf' : 'errors.image');
      const name = `${randomHex(16)}.${ext}`;
      await fs.writeFile(path.join(opts.dir, name), buffer);
      return reply.code(201).send({ data: { url: `/uploads/${name}` } });
    },
  );
}
