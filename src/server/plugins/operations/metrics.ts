import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ServerRole } from '../../config';
import type { DbHandle } from '../../db/database';
import type { JobQueue } from '../../infra/queue/queue';

/** What the process's metrics read when Prometheus asks: the queue's depth and the database's pool. */
export interface MetricSources {
  role: ServerRole;
  queue: JobQueue;
  db: Pick<DbHandle, 'pool' | 'dialect'>;
  /** Told when a source fails to answer a scrape (the scrape goes on without it). */
  onError?: (err: unknown, what: string) => void;
}

export interface Metrics {
  registry: Registry;
  /** One answered HTTP request: its method, route pattern (never the raw URL), status and seconds taken. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** One run of a job: its name, whether it finished or failed, and seconds taken. */
  job(name: string, outcome: 'done' | 'failed', seconds: number): void;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Seconds: most answers take milliseconds; exports and archives take seconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];

/**
 * The process's Prometheus metrics, in a registry of its own (two apps in one process — the tests — keep theirs
 * apart): Node's defaults, HTTP requests by route and status class with a latency histogram, job runs with their
 * durations, the queue's depth and the PostgreSQL pool, read at each scrape.
 */
export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const info = new Gauge({
    name: 'soloist_process_info',
    help: 'This process: 1, labelled with its role (all, api or worker).',
    labelNames: ['role'],
    registers,
  });
  info.set({ role: sources.role }, 1);

  const requests = new Counter({
    name: 'soloist_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class (2xx … 5xx).',
    labelNames: ['method', 'route', 'status_class'],
    registers,
  });
  const latency = new Histogram({
    name: 'soloist_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer sent, by method and route pattern.',
    labelNames: ['method', 'route'],
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const jobs = new Histogram({
    name: 'soloist_job_duration_seconds',
    help: 'Time a job run took in this process, by job name and outcome (done, failed).',
    labelNames: ['name', 'outcome'],
    buckets: JOB_BUCKETS,
    registers,
  });

  const fail = (what: string) => (err: unknown) => sources.onError?.(err, what);
  new Gauge({
    name: 'soloist_queue_jobs',
    help: 'Jobs in the queue by state (waiting, active, delayed, failed), across all processes.',
    labelNames: ['state'],
    registers,
    async collect() {
      const counts = await sources.queue.counts().catch(fail('queue depth'));
      if (!counts) return;
      for (const [state, n] of Object.entries(counts)) this.set({ state }, n);
    },
  });

  const pool = sources.db.pool;
  if (pool) {
    new Gauge({
      name: 'soloist_db_pool_connections',
      help: "This process's PostgreSQL connections: total open, idle, and requests waiting for one.",
      labelNames: ['state'],
      registers,
      collect() {
        const { total, idle, waiting } = pool();
        this.set({ state: 'total' }, total);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
    new Gauge({
      name: 'soloist_db_pool_max',
      help: 'The most connections this process opens to PostgreSQL.',
      registers,
      collect() {
        this.set(pool().max);
      },
    });
  }

  return {
    registry,
    request(method, route, status, seconds) {
      const m = METHODS.has(method) ? method : 'OTHER';
      requests.inc({ method: m, route, status_class: `${Math.floor(status / 100)}xx` });
      latency.observe({ method: m, route }, seconds);
    },
    job(name, outcome, seconds) {
      jobs.observe({ name, outcome }, seconds);
    },
  };
}
