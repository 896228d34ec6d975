/**
 * An email campaign to 10,000 clients (bench section `campaign`), end to end: the real app on SQLite, an owner with
 * 10,000 email credits and 10,000 clients with emails, a campaign saved and sent with *Send now*
 * (`POST /api/v1/marketing/run/:id`), the job queue's worker in this process as `server.ts` starts it, and the mailer
 * pointed (`SMTP_URL`) at a local SMTP sink on 127.0.0.1 in a process of its own, which accepts and discards each
 * message and counts messages and connections. Timed from the click until the campaign is `sent` and the sink holds
 * 10,000 messages; the process's memory is sampled every 100 ms meanwhile. `SMTP_URL` is as an operator writes it:
 * the mailer pools its connections (up to 5, 100 messages each). With `?pool=false` — a connection per message, about
 * 19 messages a second against this sink — the run would stop at 1.5 × the target and say how far it got.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../src/server/build';
import { loadConfig } from '../src/server/config';
import { appendCredits } from '../src/server/features/credits/ledger';
import { withOwnerLock } from '../src/server/core/owner-lock';
import { campaignJobs } from '../src/server/features/marketing/send';
import { benchSession } from './bench-session';

type Row = (what: string, figure: string, target?: string) => void;

const RECEIVERS = 10_000;
const TARGET_S = 120;
/** A run that has not finished by then (1.5 × the target) is reported as far as it got, with the time it would take. */
const GIVE_UP_MS = 1.5 * TARGET_S * 1000;
const SINK_FLAG = '--smtp-sink';
const MB = 1024 * 1024;

/** The SMTP sink's side: accepts everything, keeps nothing, reports its counts to the parent. */
function runSink(): void {
  let messages = 0;
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Its lookup of our name would be the sink's time, not the app's. The 100 ms smtp-server waits before its
    // greeting (to catch clients that talk too soon) stays: a real server costs a connection at least that much
    // (round trips to the provider, STARTTLS, AUTH).
    disableReverseLookup: true,
    size: 1024 * 1024,
    onConnect(_session, done) {
      connections++;
      done();
    },
    onData(stream, _session, done) {
      stream.on('data', () => {});
      stream.on('end', () => {
        messages++;
        done();
      });
    },
  });
  server.listen(0, '127.0.0.1', () =>
    process.send!({ port: (server.server.address() as { port: number }).port, messages, connections }),
  );
  let last = -1;
  setInterval(() => {
    if (messages + connections === last) return;
    last = messages + connections;
    process.send!({ messages, connections });
  }, 50);
  process.on('disconnect', () => process.exit(0));
}

interface Sink {
  url: string;
  counts: { messages: number; connections: number };
  close(): void;
}

/** This file again in a child process (same loader), so SMTP parsing does not share the app's event loop. */
async function startSink(): Promise<Sink> {
  const child: ChildProcess = fork(__filename, [SINK_FLAG], { execArgv: process.execArgv });
  const counts = { messages: 0, connections: 0 };
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('message', (m) => resolve((m as { port: number }).port));
  });
  child.on('message', (m) => Object.assign(counts, m as typeof counts));
  return { url: `smtp://127.0.0.1:${port}`, counts, close: () => child.kill() };
}

/** A full collection, so what is left on the heap is what is kept, not garbage not yet collected. */
function gc(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

/** RSS and heap every 100 ms, with the figure at each quarter of the messages sent. */
function memorySampler(progress: () => number) {
  const now = () => process.memoryUsage();
  gc();
  const start = now();
  const peak = { rss: start.rss, heap: start.heapUsed };
  const quarters: Array<{ rss: number; at: number }> = [];
  const sample = () => {
    const m = now();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heap = Math.max(peak.heap, m.heapUsed);
    while (quarters.length < 4 && progress() >= ((quarters.length + 1) * RECEIVERS) / 4)
      quarters.push({ rss: m.rss, at: performance.now() });
    return m;
  };
  const timer = setInterval(sample, 100);
  return {
    stop() {
      clearInterval(timer);
      const end = sample();
      gc();
      return { start, peak, end, kept: now().heapUsed, quarters };
    },
  };
}

/** The campaign the benches send: an email to every client who visited in the last 90 days. */
export const springOffer = () => ({
  name: 'Spring offer',
  send_type: 'email',
  subject: 'Spring at {business_name}',
  text: 'Hi {client_first_name}, 10% off colour this month. Book at {booking_link}',
  last_visit_after: new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10),
});

/** The owner (Premium, 10,000 email credits), 10,000 clients who visited lately and take marketing, a session. */
async function seed(app: FastifyInstance): Promise<{ owner: number; cookie: string }> {
  const sqlite = app.dbHandle.sqlite!;
  const now = new Date().toISOString();
  const recent = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
  const owner = Number(
    sqlite
      .prepare(
        `insert into users (email, password_hash, first_name, last_name, plan_name, subscription_status, locale, region, created_at, updated_at) values ('campaign@bench.test', 'x', 'Olivia', 'Hart', 'Premium Monthly', 'active', 'en', 'GB', ?, ?)`,
      )
      .run(now, now).lastInsertRowid,
  );
  await withOwnerLock(app.db, app.dialect, owner, (trx) =>
    appendCredits(trx, { userId: owner, type: 'email', kind: 'admin', bucket: 'bought', amount: RECEIVERS }),
  );
  const client = sqlite.prepare(
    `insert into clients (user_id, first_name, last_name, email, phone, marketing_messages, opt_out, last_appointment_date, created_at, updated_at) values (?, ?, 'Client', ?, ?, 1, 0, ?, ?, ?)`,
  );
  const names = ['Amelia', 'Oliver', 'Isla', 'George', 'Ava', 'Noah', 'Mia', 'Arthur', 'Grace', 'Leo'];
  sqlite.transaction(() => {
    for (let c = 0; c < RECEIVERS; c++)
      client.run(owner, names[c % 10], `c${c}@bench.test`, `+4477009${String(c).padStart(5, '0')}`, recent, now, now);
  })();
  const cookie = benchSession(app, owner);
  return { owner, cookie };
}

async function campaignRun(row: Row, tmp: string, run: number, label: string, smtpQuery: string): Promise<void> {
  const sink = await startSink();
  const config = loadConfig(
    {},
    {
      databaseUrl: `sqlite:${path.join(tmp, `campaign-${run}.db`)}`,
      uploadsDir: path.join(tmp, 'uploads'),
      webDir: path.join(tmp, 'none'),
      logger: false,
      watchSchemas: false,
      smtpUrl: `${sink.url}${smtpQuery}`,
      appUrl: 'http://bench.test',
    },
  );
  const app = await buildApp(config);
  const sqlite = app.dbHandle.sqlite!;
  const { owner, cookie } = await seed(app);
  const post = async (url: string, payload?: unknown) => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { cookie: `soloist_session=${cookie}`, 'x-xsrf-token': 'x' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (res.statusCode >= 300) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    return res.json() as { data: { id: number } };
  };
  const { id } = (await post('/api/v1/marketing', springOffer())).data;

  // As server.ts: the campaign handlers on the queue's worker, at its default concurrency.
  app.queue.work(campaignJobs(app, { i18n: app.schemas.i18n, appUrl: config.appUrl, smsNumber: config.twilioFrom }));
  const campaign = sqlite.prepare(`select status, sent_count from marketing_campaigns where id = ?`);
  const read = () => campaign.get(id) as { status: string; sent_count: number };
  const memory = memorySampler(() => sink.counts.messages);
  const started = performance.now();
  await post(`/api/v1/marketing/run/${id}`);
  const clicked = performance.now() - started;
  let state = read();
  while ((state.status !== 'sent' || sink.counts.messages < RECEIVERS) && performance.now() - started < GIVE_UP_MS) {
    await new Promise((r) => setTimeout(r, 50));
    state = read();
  }
  const seconds = (performance.now() - started) / 1000;
  const mem = memory.stop();
  const done = state.status === 'sent' && sink.counts.messages >= RECEIVERS;
  const outbox = sqlite
    .prepare(`select status, count(*) as n from outbox where campaign_id = ? group by status`)
    .all(id) as Array<{ status: string; n: number }>;
  const balance = (
    sqlite.prepare(`select email_credits from users where id = ?`).get(owner) as { email_credits: number }
  ).email_credits;
  const rate = sink.counts.messages / seconds;
  const total = done
    ? `${seconds.toFixed(1)} s`
    : `UNFINISHED: ${sink.counts.messages} in ${seconds.toFixed(0)} s, all in ~${(RECEIVERS / rate).toFixed(0)} s`;
  // A rate falling from quarter to quarter is work per message that grows with the messages already sent.
  const quarterRates = mem.quarters.map(
    (q, i) => RECEIVERS / 4 / ((q.at - (i === 0 ? started : mem.quarters[i - 1].at)) / 1000),
  );
  row(
    `campaign, ${RECEIVERS.toLocaleString('en')} emails to an SMTP sink, ${label}`,
    `${total} · ${rate.toFixed(1)} msg/s (by quarter ${quarterRates.map((r) => r.toFixed(0)).join(' / ') || '—'})` +
      ` · send-now request ${clicked.toFixed(0)} ms`,
    `≤ ${TARGET_S} s (≥ ${(RECEIVERS / TARGET_S).toFixed(0)} msg/s)`,
  );
  row(
    `  … sink / outbox / credits`,
    `${sink.counts.messages} messages over ${sink.counts.connections} connections · ` +
      `outbox ${outbox.map((o) => `${o.n} ${o.status}`).join(', ')} · campaign ${state.status} ` +
      `(${state.sent_count}) · ${balance} credits left`,
    `${RECEIVERS} · ${RECEIVERS} sent · 0 left`,
  );
  const mb = (b: number) => (b / MB).toFixed(0);
  row(
    `  … memory: RSS start / peak / end (heap)`,
    `${mb(mem.start.rss)} / ${mb(mem.peak.rss)} / ${mb(mem.end.rss)} MB ` +
      `(heap ${mb(mem.start.heapUsed)} / ${mb(mem.peak.heap)} / ${mb(mem.end.heapUsed)} MB, ` +
      `${mb(mem.kept)} MB after a full GC) · ` +
      `RSS at 25/50/75/100 %: ${mem.quarters.map((q) => mb(q.rss)).join(' / ') || '—'} MB`,
    'flat: peak − start small, quarters level',
  );
  await app.close();
  sink.close();
}

export async function benchCampaign(row: Row, tmp: string): Promise<void> {
  await campaignRun(row, tmp, 1, 'SMTP_URL as set (pooled)', '');
}

if (process.argv.includes(SINK_FLAG)) runSink();
