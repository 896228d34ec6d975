import { appendCredits } from '../../../src/server/features/credits/ledger';
import { withOwnerLock } from '../../../src/server/core/owner-lock';
import { loggedIn, testApp, type TestApp } from '../../helpers/app';
import { campaign } from '../../helpers/campaign-studio';
import { insertClient } from '../../helpers/message-studio';
import { serverProcess, stop, until, type Server } from '../../helpers/server-process';
import { smtpSink } from '../../helpers/smtp-sink';

const RECEIVERS = 400;
const CREDITS = 600;
/** The worker is killed while the sink holds this message: mid-way through the first two batches (of 100). */
const KILL_AT = 150;

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

/**
 * A mail server that records each message it takes (its recipients and Message-ID). The `freezeAt`-th message is
 * not answered, nor is any after it until `thaw()`: those messages are in flight — sent, not taken — as a mail
 * server holds them before it says 250. A message whose sender dies before the answer is not taken.
 */
async function freezingSink(freezeAt: number) {
  const taken: Array<{ to: string; messageId: string }> = [];
  const held: Array<() => void> = [];
  let frozen = false;
  let froze = false;
  const sink = await smtpSink((raw, recipients, answer) => {
    if (!froze && taken.length + 1 === freezeAt) frozen = froze = true;
    if (frozen) return void held.push(() => answer(new Error('the sender went away')));
    const messageId = /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? '';
    for (const to of recipients) taken.push({ to, messageId });
    answer();
  });
  return {
    url: sink.url,
    taken,
    /** Whether the `freezeAt`-th message has come. */
    froze: () => froze,
    /** Answers nothing it held (their senders are gone) and takes messages again. */
    thaw() {
      frozen = false;
      for (const drop of held.splice(0)) drop();
    },
    close: sink.close,
  };
}

describe('a marketing campaign across a crash', () => {
  // 400 receivers (four batch jobs); a worker process sends two batches at a time over SMTP. It is killed with
  // SIGKILL while message 150 is in flight, a second process is started on the same database, and the batches the
  // first held are taken up when their lease runs out (≈15 s).
  it('kill the process mid-campaign and restart → every receiver gets exactly one message', async () => {
    const { agent, user } = await loggedIn(t.app);
    await withOwnerLock(t.app.db, t.app.dialect, user.id, (trx) =>
      appendCredits(trx, { userId: user.id, type: 'email', kind: 'admin', bucket: 'bought', amount: CREDITS }),
    );
    const recent = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    const emails: string[] = [];
    for (let i = 0; i < RECEIVERS; i++) {
      emails.push(`client${String(i).padStart(3, '0')}@example.com`);
      await insertClient(t, user.id, { first_name: `C${i}`, email: emails[i], last_appointment_date: recent });
    }
    const since = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
    const created = await agent.post('/api/v1/marketing', campaign({ last_visit_after: since }));
    expect(created.statusCode).toBe(201);
    const id: number = created.json().data.id;
    const outbox = () => t.app.db.selectFrom('outbox').selectAll().where('campaign_id', '=', id).execute();

    const sink = await freezingSink(KILL_AT);
    const env = { DATABASE_URL: t.databaseUrl, SMTP_URL: sink.url, REDIS_URL: '', JOBS: '1' };
    const servers: Server[] = [];
    try {
      const first = await serverProcess(env);
      servers.push(first);
      // "Send now" in this API process; the worker process takes the campaign from the queue.
      expect((await agent.post(`/api/v1/marketing/run/${id}`)).statusCode).toBe(200);
      await until(`message ${KILL_AT} to reach the sink`, async () => sink.froze(), 30_000);
      // The kill waits until the worker has recorded every message the sink took, so what is pending then is in
      // flight (held by the sink). It never lands between the mail server taking a message and the worker recording
      // it: a message there goes twice, the one window left (see features/notifications/send.ts).
      await until(
        'the worker to record what the sink took',
        async () => (await outbox()).filter((m) => m.status === 'sent').length === sink.taken.length,
        10_000,
      );
      first.child.kill('SIGKILL');
      await first.exited;
      sink.thaw();
      const atKill = await outbox();
      expect(sink.taken.length).toBe(KILL_AT - 1);
      expect(atKill.filter((m) => m.status === 'pending').length).toBeGreaterThan(0);
      expect(atKill.length).toBeLessThan(RECEIVERS);

      const second = await serverProcess(env);
      servers.push(second);
      // The killed batches come back once their lease runs out (15 s after it was last renewed).
      await until(
        () => `the campaign's jobs to finish (the server said: ${second.stderr()})`,
        async () => {
          const left = await t.app.db
            .selectFrom('jobs')
            .select('status')
            .where('name', 'like', 'campaign.%')
            .where('status', 'in', ['waiting', 'active'])
            .execute();
          return left.length === 0;
        },
        40_000,
      );
    } finally {
      await Promise.all(servers.map(stop));
      await sink.close();
    }

    const jobs = await t.app.db.selectFrom('jobs').selectAll().where('name', 'like', 'campaign.%').execute();
    expect(jobs.filter((j) => j.status !== 'done')).toEqual([]);
    const rows = await outbox();
    expect(rows).toHaveLength(RECEIVERS);
    expect(new Set(rows.map((m) => m.client_id)).size).toBe(RECEIVERS);
    expect(rows.filter((m) => m.status !== 'sent')).toEqual([]);
    // The mail server took one message per receiver: none missing, none twice.
    expect(sink.taken.map((m) => m.to).sort()).toEqual(emails);
    expect(new Set(sink.taken.map((m) => m.messageId)).size).toBe(RECEIVERS);
    // One credit per receiver, however many times a batch ran.
    const owner = await t.app.db
      .selectFrom('users')
      .select('email_credits')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(owner.email_credits).toBe(CREDITS - RECEIVERS);
    const after = (await agent.get(`/api/v1/marketing/${id}`)).json().data;
    expect(after).toMatchObject({ status: 'sent', total_clients: RECEIVERS, sent_count: RECEIVERS });
    expect(after.credits_spent).toBe(RECEIVERS);
    // The batches in flight at the kill were taken up again by the second process.
    expect(jobs.filter((j) => j.name === 'campaign.batch' && j.attempts > 1).length).toBeGreaterThan(0);
  });
});
