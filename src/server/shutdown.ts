import type { FastifyInstance } from 'fastify';

/** How long a shutdown may take before the process gives up on what is left and exits 1. */
export const SHUTDOWN_GRACE_MS = 30_000;

export interface ShutdownOptions {
  /** The app: its queue workers, database and connections close with it. */
  app: FastifyInstance;
  /** What listens (the app itself, or a worker's server of its own) and must stop taking requests first. */
  listener: FastifyInstance;
  /** After everything closed (the development launcher's local stand-ins). */
  after?: () => Promise<void>;
  exit?: (code: number) => void;
  graceMs?: number;
}

/**
 * On SIGTERM or SIGINT: /ready turns the load balancer away, the listener stops taking connections and lets the
 * requests in flight finish (each answer closing its connection), then the app closes — its queue workers finish the
 * job in hand and take no more, a job not yet taken stays in the queue for another process, and the database and
 * Redis connections close — and the process exits 0. A second signal, or a shutdown past the grace, exits 1.
 */
export function closeOnSignals(opts: ShutdownOptions): void {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const log = opts.app.log;
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      log.warn(`${signal} again: exiting without waiting`);
      return exit(1);
    }
    closing = true;
    log.info({ signal }, 'shutting down: draining requests and jobs');
    const late = setTimeout(() => {
      log.error(`shutdown took over ${opts.graceMs ?? SHUTDOWN_GRACE_MS} ms; exiting`);
      exit(1);
    }, opts.graceMs ?? SHUTDOWN_GRACE_MS);
    late.unref();
    opts.app.operations.drain();
    void (async () => {
      if (opts.listener !== opts.app) await opts.listener.close();
      await opts.app.close();
      await opts.after?.();
    })().then(
      () => {
        clearTimeout(late);
        log.info('shut down');
        exit(0);
      },
      (err) => {
        log.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shutdown(signal));
}
