import { Transform } from 'node:stream';
import fp from 'fastify-plugin';
import { hasNul, JsonDepth, MAX_JSON_DEPTH } from '../engine/input-bounds';

/**
 * Input refused at the edge, before any handler, recursive walk or query sees it:
 *
 * - JSON bodies nesting deeper than MAX_JSON_DEPTH: counted on the bytes as they arrive, before any parser
 *   (a 400 in words), so no recursive code — the body normaliser, ajv, a handler — can overflow the stack on
 *   ~8,000 levels. Parsing itself stays Fastify's own (prototype-poisoning checks, body limit) or the route's.
 * - A NUL character in a path parameter (404: no record is named that) or a query value (422): PostgreSQL
 *   refuses `\0` in text, SQLite would store it. Bodies are checked where they are normalised (app.ts).
 */
export default fp(
  async (app) => {
    app.addHook('preParsing', async (req, _reply, payload) => {
      if (!/\bjson\b/i.test(req.headers['content-type'] ?? '')) return payload;
      const depth = new JsonDepth(MAX_JSON_DEPTH);
      const guarded = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          guarded.receivedEncodedLength += chunk.length;
          if (depth.exceeds(chunk))
            return callback(
              Object.assign(new Error(req.t('errors.tooDeep', { max: MAX_JSON_DEPTH })), { statusCode: 400 }),
            );
          callback(null, chunk);
        },
      }) as Transform & { receivedEncodedLength: number };
      guarded.receivedEncodedLength = 0;
      return payload.pipe(guarded);
    });

    app.addHook('preValidation', async (req, reply) => {
      const params = (req.params ?? {}) as Record<string, unknown>;
      if (Object.values(params).some(hasNul)) return reply.code(404).send({ message: req.t('errors.notFound') });
      const query = (req.query ?? {}) as Record<string, unknown>;
      const bad = Object.keys(query).filter((k) => hasNul(query[k]) || k.includes('\u0000'));
      if (bad.length === 0) return;
      const errors = Object.fromEntries(
        bad.map((k) => [k, [req.t('validation.format', { field: k.split('\u0000').join('').replace(/_/g, ' ') })]]),
      );
      return reply.code(422).send({ message: Object.values(errors)[0][0], errors });
    });
  },
  { name: 'input-guard', dependencies: ['session'] },
);
