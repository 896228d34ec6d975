// A small closed-loop load generator for `npm run bench`, run in its own process: N keep-alive connections each
// send the next request as soon as the last one answers, for D seconds; prints latencies (ms) as JSON.
// (autocannon reports no p95, which the online-booking target names.)
// Usage: node scripts/bench-load.mjs <url> <connections> <seconds> [method]
// A POST sends BENCH_BODY (JSON text) with the headers in BENCH_HEADERS (a JSON object), every time the same.
// BENCH_URLS (a JSON array of URLs) asks them in turn instead of <url> alone (a search typed many ways).
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const [url, connections = '20', seconds = '10', method = 'GET'] = process.argv.slice(2);
const body = process.env.BENCH_BODY ?? '';
const headers = {
  ...JSON.parse(process.env.BENCH_HEADERS ?? '{}'),
  ...(body ? { 'content-type': 'application/json' } : {}),
};
const urls = process.env.BENCH_URLS ? JSON.parse(process.env.BENCH_URLS) : [url];
let asked = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(connections) });
const until = Date.now() + Number(seconds) * 1000;
const latencies = [];
let errors = 0;

const get = () =>
  new Promise((resolve) => {
    const req = http.request(urls[asked++ % urls.length], { agent, method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode >= 200 && res.statusCode < 300));
    });
    req.on('error', () => resolve(false));
    req.end(body || undefined);
  });

async function worker() {
  while (Date.now() < until) {
    const t0 = performance.now();
    if (!(await get())) errors++;
    latencies.push(performance.now() - t0);
  }
}
await Promise.all(Array.from({ length: Number(connections) }, worker));
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))];
console.log(
  JSON.stringify({
    count: latencies.length,
    rps: latencies.length / Number(seconds),
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    errors,
  }),
);
