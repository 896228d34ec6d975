import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from '../infra/crypto';
import { firstPainter } from './first-paint';
import { firstScreen, readChunkMap, type FirstScreen } from './first-screen';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const BROTLI_QUALITY = zlib.constants.BROTLI_PARAM_QUALITY;

/** JSON inside the page: `<` escaped, so no text in it can close the block. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The page with its first screen: the answers it will ask for as a JSON block (not a script), and preload links. */
export function pageWith(template: string, first: FirstScreen, painted: string | null = null): string {
  const links = [
    // A page the server painted needs its screen's styles before it is drawn; otherwise they come with its code.
    ...first.styles.map((f) =>
      painted === null ? `<link rel="preload" as="style" href="/${f}">` : `<link href="/${f}" rel="stylesheet">`,
    ),
    ...first.scripts.map((f) => `<link rel="preload" as="script" href="/${f}">`),
    ...first.modules.map((f) => `<link rel="modulepreload" href="${f}">`),
    // As the browser's own fetch asks (credentials included), so the answer is the one it uses.
    ...first.fetches.map(
      (u) => `<link rel="preload" as="fetch" href="${u.replace(/&/g, '&amp;')}" crossorigin="use-credentials">`,
    ),
  ].join('');
  const data = `<script type="application/json" id="soloist-preload">${safeJson(first.preloaded)}</script>`;
  return template
    .replace('<html lang="en">', `<html lang="${first.locale}">`)
    .replace('</head>', `${links}${data}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${painted ?? ''}</div>`);
}

/** A content-hashed chunk (`app.0123abcd.js`), possibly its pre-compressed twin (`….js.br`, `….js.gz`). */
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
  const template = hasWeb ? fs.readFileSync(indexFile, 'utf8') : '';
  const chunks = hasWeb ? readChunkMap(opts.webDir) : {};
  const paint = firstPainter(path.join(opts.webDir, '..', 'web-render'), fastify.log);
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

  /**
   * A guest's page (the sign-in, the booking page) names no one and is the same for every guest who opens it while
   * nothing changes: compressed once, at brotli's best (~10 % smaller on a phone's first visit), and kept by its
   * content (64 pages). A signed-in visitor's page is compressed for each answer, and never kept.
   */
  const kept = new Map<string, Promise<Buffer>>();
  const packed = (page: string, html: Buffer): Promise<Buffer> => {
    const key = sha256(page);
    let answer = kept.get(key);
    if (!answer) {
      answer = brotli(html, { params: { [BROTLI_QUALITY]: 11 } });
      kept.set(key, answer);
      answer.catch(() => kept.delete(key));
      if (kept.size > 64) kept.delete(kept.keys().next().value!);
    }
    return answer;
  };

  /**
   * The page itself: every app route, the root included, is answered with it, carrying what its first screen
   * needs. It holds the visitor's own data (their user), so it is private and never cached; compressed per answer
   * (brotli at a fast level, else gzip).
   */
  const sendPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const first = await firstScreen(fastify, req, chunks);
    const page = pageWith(template, first, first.paint ? await paint(req.url, first) : null);
    const guest = first.preloaded['/api/v1/user']?.status === 401;
    const html = Buffer.from(page);
    const accepts = String(req.headers['accept-encoding'] ?? '');
    void reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Cookie, Accept-Encoding');
    if (/\bbr\b/.test(accepts))
      return reply
        .header('content-encoding', 'br')
        .send(await (guest ? packed(page, html) : brotli(html, { params: { [BROTLI_QUALITY]: 5 } })));
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(await gzip(html, { level: 6 }));
    return reply.send(html);
  };

  // Spec §2: `/` leads to the dashboard (and a guest on to /login). The page's router does it from
  // navigation.json's redirects; the directory itself must not answer (it was a 403 from the static files).
  if (hasWeb) fastify.get('/', (req, reply) => sendPage(req, reply));

  // History-mode fallback: a path without a file extension is an app route and gets the page. HEAD asks what GET
  // would answer (a link checker, an uptime probe): the same status and headers, without the body.
  fastify.setNotFoundHandler((req, reply) => {
    const isApi = req.url.startsWith('/api') || req.url.startsWith('/sanctum') || req.url.startsWith('/uploads');
    const reads = req.method === 'GET' || req.method === 'HEAD';
    if (!isApi && hasWeb && reads && !path.extname(req.url.split('?')[0])) return sendPage(req, reply);
    // No route: "Not found" — not the words for a record that does not exist (errors.notFound).
    return reply.code(404).send({ message: req.t ? req.t('errors.noRoute') : 'Not found' });
  });
}
