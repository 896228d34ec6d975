/**
 * The worker killed (`kill -9`) in the middle of a 10,000-receiver email campaign (bench section `cluster`): the demo
 * owner of the cluster's database gets 10,000 clients who take marketing and the credits for them, sends a campaign
 * through the proxy, and the worker is killed once a local SMTP sink (in this process) has taken 3,000 messages, then
 * started again. Printed: whether the campaign was finished, and how many receivers got a message twice (none may).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../src/server/build';
import { loadConfig } from '../src/server/config';
import { appendCredits } from '../src/server/features/credits/ledger';
import { withOwnerLock } from '../src/server/core/owner-lock';
import { springOffer } from './bench-campaign';
import { signIn } from './bench-mixed';
import type { Cluster } from './cluster';

type Row = (what: string, figure: string, target?: string) => void;
const RECEIVERS = 10_000;
const KILL_AT = 3_000;
const GIVE_UP_MS = 600_000;

/** An SMTP server on 127.0.0.1 that takes every message and counts them by recipient. */
export async function countingSink() {
  const received = new Map<string, number>();
  let messages = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, done) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        messages += 1;
        for (const r of session.envelope.rcptTo) received.set(r.address, (received.get(r.address) ?? 0) + 1);
        done();
      });
    },
  });
  server.on('error', () => undefined); // a sender killed mid-message resets its connection
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    messages: () => messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The demo owner's 10,000 marketing clients and email credits, written into the cluster's database. */
async function seedReceivers(databaseUrl: string): Promise<number> {
  const app = await buildApp(loadConfig({}, { databaseUrl, logger: false, watchSchemas: false }));
  try {
    const { id } = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'owner@demo.test')
      .executeTakeFirstOrThrow();
    await withOwnerLock(app.db, app.dialect, id, (trx) =>
      appendCredits(trx, { userId: id, type: 'email', kind: 'admin', bucket: 'bought', amount: RECEIVERS + 1000 }),
    );
    const now = new Date().toISOString();
    const recent = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    for (let from = 0; from < RECEIVERS; from += 500)
      await app.db
        .insertInto('clients')
        .values(
          Array.from({ length: 500 }, (_, i) => ({
            user_id: id,
            first_name: 'Receiver',
            last_name: String(from + i),
            email: `r${from + i}@bench.test`,
            marketing_messages: 1,
            email_reminders: 1,
            sms_reminders: 0,
            opt_out: 0,
            last_appointment_date: recent,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    return id;
  } finally {
    await app.close();
  }
}

export async function workerKilledMidCampaign(
  c: Cluster,
  databaseUrl: string,
  sink: Awaited<ReturnType<typeof countingSink>>,
  row: Row,
): Promise<void> {
  await seedReceivers(databaseUrl);
  const session = await signIn(c.url, 'owner@demo.test');
  const post = async (path: string, body?: unknown) => {
    const res = await fetch(`${c.url}${path}`, {
      method: 'POST',
      headers: { cookie: session.cookie, 'x-xsrf-token': session.xsrf, 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { data: { id: number; status?: string; sent_count?: number } };
  };
  const { id } = (await post('/api/v1/marketing', springOffer())).data;
  const started = Date.now();
  await post(`/api/v1/marketing/run/${id}`);
  while (sink.messages() < KILL_AT && Date.now() - started < GIVE_UP_MS) await new Promise((r) => setTimeout(r, 20));
  await c.restartWorker({ kill: true });
  const read = async () => {
    const res = await fetch(`${c.url}/api/v1/marketing/show/${id}`, { headers: { cookie: session.cookie } });
    return ((await res.json()) as { data: { status: string; sent_count: number } }).data;
  };
  let state = await read();
  while (state.status !== 'sent' && Date.now() - started < GIVE_UP_MS) {
    await new Promise((r) => setTimeout(r, 500));
    state = await read();
  }
  const twice = [...sink.received.values()].filter((n) => n > 1).length;
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  row(
    `campaign to ${RECEIVERS.toLocaleString('en')}+: worker killed at ${KILL_AT.toLocaleString('en')} sent, started again`,
    `${state.status} (${state.sent_count} sent) in ${seconds} s · ${sink.received.size} receivers · ${twice} got it twice`,
    'completed; 0 duplicates',
  );
}
