import { appendCredits } from '../../src/server/features/credits/ledger';
import { withOwnerLock } from '../../src/server/core/owner-lock';
import { campaignJobs } from '../../src/server/features/marketing/send';
import { loggedIn, type TestApp } from './app';
import { insertClient } from './message-studio';

/** Campaign tests' world: an app at http://app.test with a fixed SMS number. */
export const campaignDeps = (t: TestApp) => ({
  i18n: t.app.schemas.i18n,
  appUrl: 'http://app.test',
  smsNumber: '+447700900000',
});

/**
 * A Premium owner with credits and six clients: four who visited in the last 90 days (one of them opted out, one
 * without an email), two who last came a year ago.
 */
export async function campaignStudio(t: TestApp, options: { plan?: string; sms?: number; email?: number } = {}) {
  const { agent, user } = await loggedIn(t.app, { plan_name: options.plan ?? 'Premium Monthly' });
  await withOwnerLock(t.app.db, t.app.dialect, user.id, async (trx) => {
    for (const [type, amount] of [
      ['sms', options.sms ?? 50],
      ['email', options.email ?? 50],
    ] as const)
      if (amount) await appendCredits(trx, { userId: user.id, type, kind: 'admin', bucket: 'bought', amount });
  });
  const recent = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
  const old = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
  const people = [
    { first_name: 'Ann', email: 'ann@example.com', phone: '+447700900201', last: recent, opt_out: 0 },
    { first_name: 'Ben', email: 'ben@example.com', phone: '+447700900202', last: recent, opt_out: 0 },
    { first_name: 'Cat', email: null, phone: '+447700900203', last: recent, opt_out: 0 },
    { first_name: 'Dan', email: 'dan@example.com', phone: '+447700900204', last: recent, opt_out: 1 },
    { first_name: 'Eve', email: 'eve@example.com', phone: '+447700900205', last: old, opt_out: 0 },
    { first_name: 'Fay', email: 'fay@example.com', phone: null, last: old, opt_out: 0 },
  ];
  const ids: Record<string, number> = {};
  for (const p of people) {
    const row = await insertClient(t, user.id, {
      first_name: p.first_name,
      last_name: 'Test',
      email: p.email,
      phone: p.phone,
      marketing_messages: p.opt_out ? 0 : 1,
      opt_out: p.opt_out,
      last_appointment_date: p.last,
    });
    ids[p.first_name] = row.id;
  }
  const since = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
  return { agent, user, ids, since };
}

/** A campaign's request body: an email with tags, no filter unless given. */
export const campaign = (over: Record<string, unknown> = {}) => ({
  name: 'Spring offer',
  send_type: 'email',
  subject: 'Spring at {business_name}',
  text: 'Hi {client_first_name}, 10% off colour this month.',
  last_visit_after: null,
  ...over,
});

/** Runs the campaign jobs waiting on the queue (as a worker would) until none is left. */
export async function workCampaigns(t: TestApp, skip?: (name: string, data: unknown) => boolean) {
  const jobs = campaignJobs(t.app, campaignDeps(t));
  for (let round = 0; round < 20; round++) {
    const due = await t.app.db
      .selectFrom('jobs')
      .select(['id', 'name', 'data'])
      .where('name', 'like', 'campaign%')
      .where('status', '=', 'waiting')
      .orderBy('id')
      .execute();
    if (due.length === 0) return;
    for (const job of due) {
      const data = JSON.parse(job.data);
      if (skip?.(job.name, data)) continue;
      await jobs[job.name](data, { id: String(job.id), name: job.name, attempt: 1 });
      await t.app.db.updateTable('jobs').set({ status: 'done' }).where('id', '=', job.id).execute();
    }
    if (skip) return;
  }
}
