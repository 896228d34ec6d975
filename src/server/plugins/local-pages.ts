import proxy from '@fastify/http-proxy';
import fp from 'fastify-plugin';

/** Where the app serves a local stand-in's pages: `/local/<name>/…` → the stand-in's own `/…`. */
export const localPagesPath = (name: string) => `/local/${name}`;

/**
 * Development and tests: the pages of the local stand-ins for the providers (Stripe's checkout and Connect consent,
 * Square's, LiqPay's, Zoom's) are reached through the app's own address, so a demo opened from another machine can
 * pay or connect: the stand-ins themselves listen on 127.0.0.1 only. Nothing is served when none runs (production).
 */
export default fp(
  async (app, opts: { localPages: Record<string, string> }) => {
    for (const [name, upstream] of Object.entries(opts.localPages))
      await app.register(proxy, { upstream, prefix: localPagesPath(name), rewritePrefix: '', http2: false });
  },
  { name: 'local-pages' },
);
