import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every response. The policy has no 'unsafe-eval': validators reach the browser as
 * precompiled modules from this origin. Styles allow inline because the MUI/emotion look injects <style> tags.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * What people upload (photos, receipts) is served as files of its own and may be opened in a tab of its own: it is
 * no document of the app, so nothing in it may run, load or be framed, whatever its type. Every answer under
 * `/uploads/` carries it — the file, a part of it (a range), its 304 and its 404.
 */
export const UPLOADS_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Subresources a document loads (scripts, styles, images, fonts): the document's policy governs them, so they carry
 * only `nosniff`. On a phone's first visit the page's eight or so subresources would otherwise repeat ~550 bytes of
 * document headers each. An SVG is not one of them: opened by itself it is a document that can run script.
 */
const SUBRESOURCE = /^(?:text\/javascript|application\/javascript|text\/css|image\/(?!svg)|font\/)/;

/** The document headers besides the policy. */
function frameAndReferrer(reply: FastifyReply): void {
  reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
}

export default fp(
  async (app) => {
    app.addHook('onSend', async (req, reply) => {
      reply.header('x-content-type-options', 'nosniff');
      if (req.url.startsWith('/uploads/') || req.url === '/uploads') {
        reply.header('content-security-policy', UPLOADS_POLICY);
        frameAndReferrer(reply);
        return;
      }
      if (SUBRESOURCE.test(String(reply.getHeader('content-type') ?? ''))) return;
      // Documents and API answers; the API docs too: swagger-ui loads its scripts and styles from this origin and
      // needs no eval.
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
      frameAndReferrer(reply);
      reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
      reply.header('cross-origin-opener-policy', 'same-origin');
    });
  },
  { name: 'security-headers' },
);
