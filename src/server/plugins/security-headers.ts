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

export default fp(
  async (app) => {
    app.addHook('onSend', async (req, reply) => {
      // The API docs too: swagger-ui loads its scripts and styles from this origin and needs no eval.
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('x-frame-options', 'DENY');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
      reply.header('cross-origin-opener-policy', 'same-origin');
    });
  },
  { name: 'security-headers' },
);
