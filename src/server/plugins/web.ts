import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** A content-hashed chunk (`app.0123abcd4567.js`), possibly its pre-compressed twin (`….js.br`, `….js.gz`). */
const HASHED = /\.[0-9a-f]{8,}\.(js|css)(\.br|\.gz)?$/;

/**
 * The built browser app (webpack output), when present: hashed assets cached for a year, the page and the service
 * worker always revalidated, and the history-mode fallback that answers every app route with the page.
 * The build writes a brotli (`.br`) and a gzip (`.gz`) twin of every text asset; `preCompressed` sends the best one
 * the browser accepts, and the plain file to a browser that accepts neither.
 */
export async function webRoutes(fastify: FastifyInstance, opts: { webDir: string }): Promise<void> {
  const indexFile = path.join(opts.webDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await fastify.register(fastifyStatic, {
      root: opts.webDir,
      prefix: '/',
      index: false,
      preCompressed: true,
      setHeaders: (res, file) => {
        // Hashed chunks never change; the page and the service worker must always be revalidated.
        res.header('cache-control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  /** The page itself (compressed like any asset): every app route, the root included, is answered with it. */
  const sendPage = (reply: FastifyReply) => reply.code(200).sendFile('index.html');

  // Spec §2: `/` leads to the dashboard (and a guest on to /login). The page's router does it from
  // navigation.json's redirects; the directory itself must not answer (it was a 403 from the static files).
  if (hasWeb) fastify.get('/', (_req, reply) => sendPage(reply));

  // History-mode fallback: a path without a file extension is an app route and gets the page.
  fastify.setNotFoundHandler((req, reply) => {
    const isApi = req.url.startsWith('/api') || req.url.startsWith('/sanctum') || req.url.startsWith('/uploads');
    if (!isApi && hasWeb && req.method === 'GET' && !path.extname(req.url.split('?')[0])) return sendPage(reply);
    return reply.code(404).send({ message: req.t ? req.t('errors.notFound') : 'Not found' });
  });
}
