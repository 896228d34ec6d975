import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../services/mailer';
import { databaseLimiter, failingClosed, redisLimiter, type RateLimiter } from '../services/rate-limit';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    limiter: RateLimiter;
  }
}

/** Shared services with outside effects: email and rate-limit counters (Redis when REDIS_URL is set). */
export default fp(
  async (app, opts: { smtpUrl?: string; redisUrl?: string; mailFrom: string }) => {
    const mailer = createMailer(app.db, { smtpUrl: opts.smtpUrl, from: opts.mailFrom });
    const store = opts.redisUrl ? redisLimiter(opts.redisUrl) : databaseLimiter(app.db);
    const limiter = failingClosed(store, (err) => app.log.error({ err }, 'rate-limit store failed; refusing'));
    app.decorate('mailer', mailer);
    app.decorate('limiter', limiter);
    app.addHook('onClose', async () => {
      mailer.close();
      await limiter.close();
    });
  },
  { name: 'services', dependencies: ['db'] },
);
