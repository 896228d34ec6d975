import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/database';
import type { JobHandler } from '../../infra/queue/queue';
import type { SpendDeps } from '../credits';
import { sendMessage } from '../notifications';
import { senderOf } from './campaigns';
import { campaignMessage } from './message';
import { receivers } from './receivers';

/** Receivers per batch job: a batch run again (after a crash) goes through at most this many, skipping those done. */
export const BATCH = 100;
/** How often the clock looks for scheduled campaigns that are due. */
export const CAMPAIGNS_EVERY = 60_000;

export type MarketingDeps = SpendDeps & { smsNumber?: string | null };

/** Puts a campaign on the queue to be sent (once: a second ask for the same campaign adds nothing). */
export async function startSending(app: FastifyInstance, campaignId: number): Promise<void> {
  await app.queue.add('campaign.start', { id: campaignId }, { key: `campaign:${campaignId}:start` });
}

/**
 * The campaign's progress: messages handed over so far (or refused: no credits, the provider said no) and the credits
 * they spent; sent once every receiver's message is done. A message still being handed over is not counted yet, so a
 * batch that finishes first does not call the campaign sent while another is still sending.
 */
async function progress(app: FastifyInstance, campaignId: number): Promise<void> {
  const row = await app.db
    .selectFrom('outbox')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.sum<number | string | null>('credits').as('credits'),
    ])
    .where('campaign_id', '=', campaignId)
    // Handed over: no longer pending, or pending with the SMS gateway (its id kept) until it reports.
    .where((eb) => eb.or([eb('status', '!=', 'pending'), eb('provider_ref', 'is not', null)]))
    .executeTakeFirstOrThrow();
  const sent = Number(row.n);
  await app.db
    .updateTable('marketing_campaigns')
    .set({ sent_count: sent, credits_spent: Number(row.credits ?? 0), updated_at: nowIso() })
    .where('id', '=', campaignId)
    .execute();
  const [turned] = await app.db
    .updateTable('marketing_campaigns')
    .set({ status: 'sent', sent_at: nowIso() })
    .where('id', '=', campaignId)
    .where('status', '=', 'sending')
    .where('total_clients', '<=', sent)
    .execute();
  // Only the batch that turned it sent tells the owner.
  if (Number(turned?.numUpdatedRows ?? 0) === 0) return;
  const c = await app.db
    .selectFrom('marketing_campaigns')
    .select(['user_id', 'name'])
    .where('id', '=', campaignId)
    .executeTakeFirstOrThrow();
  await app.events.notify('marketing.sent', { ownerId: c.user_id, campaignId, title: c.name, sent });
}

/**
 * The campaign's jobs (spec §4: a send takes up to 2 minutes): the start fixes the receivers (counted into
 * `total_clients`) and splits them into batch jobs keyed by the campaign and the batch's number; a batch sends each
 * receiver's message under the key `marketing:<campaign>:<client>`, so a batch run again after a crash — or by a
 * second worker — sends nobody a second message. A cancelled campaign's remaining batches send nothing. The clock
 * starts scheduled campaigns once their time has come (in UTC, chosen in the owner's zone by the form).
 */
export function campaignJobs(app: FastifyInstance, deps: MarketingDeps): Record<string, JobHandler> {
  return {
    'campaigns.due': async () => {
      const due = await app.db
        .selectFrom('marketing_campaigns')
        .select('id')
        .where('status', '=', 'scheduled')
        .where('scheduled_at', '<=', nowIso())
        .execute();
      for (const { id } of due) {
        const moved = await app.db
          .updateTable('marketing_campaigns')
          .set({ status: 'sending', updated_at: nowIso() })
          .where('id', '=', id)
          .where('status', '=', 'scheduled')
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) === 1) await startSending(app, id);
      }
    },
    'campaign.start': async (data) => {
      const { id } = data as { id: number };
      const campaign = await app.db
        .selectFrom('marketing_campaigns')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!campaign || campaign.status !== 'sending') return;
      const ids = (await receivers(app.db, campaign.user_id, campaign).select('c.id').orderBy('c.id').execute()).map(
        (r) => r.id,
      );
      await app.db.updateTable('marketing_campaigns').set({ total_clients: ids.length }).where('id', '=', id).execute();
      for (let i = 0; i < ids.length; i += BATCH)
        await app.queue.add(
          'campaign.batch',
          { id, clients: ids.slice(i, i + BATCH) },
          { key: `campaign:${id}:batch:${i / BATCH}` },
        );
      await progress(app, id);
    },
    'campaign.batch': async (data) => {
      const { id, clients } = data as { id: number; clients: number[] };
      const campaign = await app.db
        .selectFrom('marketing_campaigns')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!campaign || campaign.status !== 'sending') return;
      const { sender, t } = await senderOf(app, deps, campaign.user_id);
      // Whoever opted out since the start is left out.
      const rows = await receivers(app.db, campaign.user_id, campaign)
        .select(['c.id', 'c.first_name', 'c.last_name', 'c.email', 'c.phone'])
        .where('c.id', 'in', clients)
        .orderBy('c.id')
        .execute();
      if (rows.length < clients.length)
        await app.db
          .updateTable('marketing_campaigns')
          .set((eb) => ({ total_clients: eb('total_clients', '-', clients.length - rows.length) }))
          .where('id', '=', id)
          .execute();
      for (const r of rows) {
        const m = campaignMessage(t, campaign, r, sender);
        await sendMessage(app, deps, {
          userId: campaign.user_id,
          clientId: r.id,
          channel: campaign.send_type,
          type: 'marketing',
          key: `marketing:${id}:${r.id}`,
          campaignId: id,
          ...m,
        });
      }
      await progress(app, id);
    },
  };
}
