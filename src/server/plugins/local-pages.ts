import fp from 'fastify-plugin';
import { loadHttpProxy } from '../infra/lazy-modules';

/** Where the app serves a local stand-in's pages: `/local/<name>/…` → the stand-in's own `/…`. */
export const localPagesPath = (name: string) => `/local/${name}`;

/**
 * Serves each upstream named in `localPages` under the app's own address, `/local/<name>/…` → the upstream's `/…`: a
 * plain proxy that knows no provider. The development launcher (dev/start.ts) names the local stand-ins here (their
 * checkout, consent and sandbox pages), which listen on 127.0.0.1 only, so a demo opened from another machine can pay
 * or connect. `loadConfig` names none, so production serves nothing here.
 */
export default fp(
  async (app, opts: { localPages: Record<string, string> }) => {
    const pages = Object.entries(opts.localPages);
    if (!pages.length) return;
    const proxy = await loadHttpProxy();
    for (const [name, upstream] of pages)
      await app.register(proxy, { upstream, prefix: localPagesPath(name), rewritePrefix: '', http2: false });
  },
  { name: 'local-pages' },
);
