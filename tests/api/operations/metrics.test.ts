import { instrumentJobs } from '../../../src/server/plugins/operations/jobs';
import { onPostgres, testApp, type TestApp } from '../../helpers/app';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ metricsToken: TOKEN });
  });
  afterAll(async () => t.close());

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('is for the bearer of METRICS_TOKEN only: 401 without it or with another', async () => {
    for (const auth of [undefined, 'Bearer wrong-token-0123456789abcdef', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await scrape(auth);
      expect({ auth, status: res.statusCode }).toEqual({ auth, status: 401 });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('soloist_');
    }
  });

  it("answers Prometheus's text format with the security headers", async () => {
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('counts requests and their latency by route pattern and status class, never by the raw address', async () => {
    await t.app.inject({ method: 'GET', url: '/api/v1/clients/48151623' });
    await t.app.inject({ method: 'GET', url: '/api/v1/clients/48151624' });
    await t.app.inject({ method: 'GET', url: '/no/such/page-92837465' });
    await t.app.inject({ method: 'GET', url: '/health' });
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toContain(
      'soloist_http_requests_total{method="GET",route="/api/v1/clients/:id",status_class="4xx"} 2',
    );
    expect(text).toContain('soloist_http_requests_total{method="GET",route="/health",status_class="2xx"} 1');
    expect(text).toMatch(/soloist_http_requests_total\{method="GET",route="\(unmatched\)",status_class="4xx"\} 1/);
    expect(text).toMatch(
      /soloist_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/v1\/clients\/:id"\} \d/,
    );
    expect(text).toContain('soloist_http_request_duration_seconds_count{method="GET",route="/api/v1/clients/:id"} 2');
    for (const raw of ['48151623', '48151624', '92837465']) expect(text).not.toContain(raw);
  });

  it("shows the queue's depth by state, job durations, the pool on PostgreSQL, the role and Node's defaults", async () => {
    await t.app.queue.add('metrics.probe', { n: 1 });
    await t.app.queue.add('metrics.probe', { n: 2 }, { runAt: new Date(Date.now() + 3_600_000) });
    const run = instrumentJobs(
      { 'metrics.probe': async () => undefined },
      { metrics: t.app.operations.metrics, log: t.app.log },
    );
    await run['metrics.probe'](null, { id: '1', name: 'metrics.probe', attempt: 1 });
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toMatch(/soloist_queue_jobs\{state="waiting"\} [1-9]/);
    expect(text).toMatch(/soloist_queue_jobs\{state="delayed"\} [1-9]/);
    expect(text).toContain('soloist_queue_jobs{state="active"}');
    expect(text).toContain('soloist_queue_jobs{state="failed"}');
    expect(text).toContain('soloist_job_duration_seconds_count{name="metrics.probe",outcome="done"} 1');
    expect(text).toContain('soloist_process_info{role="all"} 1');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('nodejs_heap_size_used_bytes');
    if (onPostgres) {
      expect(text).toMatch(/soloist_db_pool_connections\{state="total"\} [1-9]/);
      expect(text).toContain('soloist_db_pool_max 10');
    } else expect(text).not.toContain('soloist_db_pool');
  });

  it('counts a failed job run under "failed" and lets its error through to the queue', async () => {
    const run = instrumentJobs(
      {
        'metrics.broken': async () => {
          throw new Error('provider down');
        },
      },
      { metrics: t.app.operations.metrics, log: t.app.log },
    );
    await expect(run['metrics.broken'](null, { id: '2', name: 'metrics.broken', attempt: 1 })).rejects.toThrow(
      'provider down',
    );
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toContain('soloist_job_duration_seconds_count{name="metrics.broken",outcome="failed"} 1');
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is not served at all: the same 404 as an address that does not exist, whatever is sent', async () => {
    const t = await testApp();
    try {
      const missing = await t.app.inject({ method: 'GET', url: '/no-such-address' });
      for (const headers of [{}, { authorization: 'Bearer anything-at-all-0123456789' }]) {
        const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(missing.json());
        expect(res.headers['content-security-policy']).toBeDefined();
      }
    } finally {
      await t.close();
    }
  });
});
