import { subject } from '@casl/ability';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { nowIso } from '../../db/database';
import { idParams } from '../../engine/input-bounds';
import { resourceAccess } from '../../engine/resource-access';
import { resourceRepository as repo } from '../../engine/resource-repository';
import { BOOLEAN, dataBody, INTEGER, messageBody, object, responses, STRING } from '../../engine/responses';
import { DomainError, forbidden, invalid, invalidFields, notFound } from '../../infra/domain-error';
import { assertSendable, campaignErrors, estimate, previewFor, senderOf, type CampaignInput } from './campaigns';
import { hasFilter } from './receivers';
import { startSending, type MarketingDeps } from './send';

const MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];

const COUNT_BODY = {
  type: 'object',
  required: ['send_type'],
  additionalProperties: false,
  properties: {
    send_type: { type: 'string', enum: ['email', 'sms'] },
    subject: { type: ['string', 'null'], maxLength: 150 },
    text: { type: ['string', 'null'], maxLength: 5000 },
    last_visit_after: { type: ['string', 'null'], format: 'date' },
    last_visit_before: { type: ['string', 'null'], format: 'date' },
    service_id: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 },
    birthday_month: { type: ['string', 'null'], enum: [...MONTHS, null] },
  },
} as const;
const COUNT = dataBody(
  object(
    { count: INTEGER, credits: INTEGER, balance: INTEGER, preview: object({ subject: STRING, text: STRING }) },
    { required: ['count', 'credits', 'balance'] },
  ),
);
const CAMPAIGN = dataBody({ $ref: 'marketing.record#' });

/**
 * Marketing campaigns (spec §7 Marketing, §4, §5; Premium or opened by an admin): the list and one campaign are the
 * `marketing` resource's generic routes; here are writing one (a draft, or scheduled for a time), the count of
 * receivers and credits before sending, send now (`run`), cancel, duplicate, asking an admin for access, and
 * toggling a client's opt-out. Sending runs on the job queue (send.ts).
 */
export async function marketingRoutes(app: FastifyInstance, deps: MarketingDeps): Promise<void> {
  const base = '/api/v1/marketing';
  const resource = () => app.registry.resources.get('marketing')!;
  const access = resourceAccess(resource());
  const own = (req: FastifyRequest) => subject('Marketing', { user_id: req.user!.id });
  const find = async (req: FastifyRequest, action: 'read' | 'update') => {
    const id = (req.params as { id: number }).id;
    const row = await app.db
      .selectFrom('marketing_campaigns')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', req.user!.id)
      .executeTakeFirst();
    if (!row) throw notFound();
    if (!req.ability.can(action, subject('Marketing', row))) throw forbidden(action, own(req));
    return row;
  };
  const answer = async (req: FastifyRequest, id: number) =>
    repo.find(app.db, resource(), id, req.filterFor('read', 'Marketing', 'marketing_campaigns'));

  /** A new or changed campaign: a draft, or scheduled when it names a time to come (then it must be sendable). */
  const write = async (req: FastifyRequest, id: number | null) => {
    const input = req.body as CampaignInput;
    const errors = campaignErrors(input);
    if (Object.keys(errors).length) throw invalidFields(errors);
    const at = input.scheduled_at ? new Date(input.scheduled_at) : null;
    if (at && at.getTime() <= Date.now()) throw invalid('scheduled_at', 'marketing.scheduleInPast');
    if (at) await assertSendable(app, deps, req.user!.id, input, 'scheduled_at');
    const values = {
      name: input.name.trim(),
      send_type: input.send_type,
      subject: input.send_type === 'email' ? (input.subject?.trim() ?? null) : null,
      text: input.text,
      last_visit_after: input.last_visit_after ?? null,
      last_visit_before: input.last_visit_before ?? null,
      service_id: input.service_id ?? null,
      birthday_month: input.birthday_month ?? null,
      scheduled_at: at?.toISOString() ?? null,
      status: at ? ('scheduled' as const) : ('draft' as const),
      updated_at: nowIso(),
    };
    if (id !== null) {
      await app.db.updateTable('marketing_campaigns').set(values).where('id', '=', id).execute();
      return id;
    }
    const row = await app.db
      .insertInto('marketing_campaigns')
      .values({ ...values, user_id: req.user!.id, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const scheduledWords = (req: FastifyRequest, status: string) =>
    req.t(status === 'scheduled' ? 'marketing.scheduled' : 'marketing.saved');

  app.post(
    base,
    {
      preValidation: access.gate('create'),
      schema: { tags: ['marketing'], body: { $ref: 'marketing.request#' }, response: responses({ 201: CAMPAIGN }) },
    },
    async (req, reply) => {
      if (!req.ability.can('create', own(req))) throw forbidden('create', own(req));
      const id = await write(req, null);
      const data = await answer(req, id);
      return reply.code(201).send({ data, message: scheduledWords(req, String(data?.status)) });
    },
  );

  app.put(
    `${base}/:id`,
    {
      preValidation: access.gate('update'),
      schema: {
        tags: ['marketing'],
        params: idParams,
        body: { $ref: 'marketing.request#' },
        response: responses({ 200: CAMPAIGN }),
      },
    },
    async (req) => {
      const campaign = await find(req, 'update');
      if (!['draft', 'scheduled'].includes(campaign.status)) throw new DomainError(422, 'marketing.notEditable');
      await write(req, campaign.id);
      const data = await answer(req, campaign.id);
      return { data, message: scheduledWords(req, String(data?.status)) };
    },
  );

  app.post(
    `${base}/count`,
    {
      preValidation: access.gate('read'),
      schema: { tags: ['marketing'], body: COUNT_BODY, response: responses({ 200: COUNT }) },
    },
    async (req) => {
      const input = { name: '', text: '', subject: null, ...(req.body as Partial<CampaignInput>) } as CampaignInput;
      if (!hasFilter(input)) throw invalid('last_visit_after', 'marketing.chooseFilter');
      const e = await estimate(app, deps, req.user!.id, { ...input, text: input.text ?? '' });
      const { sender, t } = await senderOf(app, deps, req.user!.id);
      return { data: { ...e, preview: previewFor(t, { ...input, text: input.text ?? '' }, sender) } };
    },
  );

  app.post(
    `${base}/run/:id`,
    {
      preValidation: access.gate('update'),
      schema: { tags: ['marketing'], params: idParams, response: responses({ 200: CAMPAIGN }) },
    },
    async (req) => {
      const campaign = await find(req, 'update');
      if (!['draft', 'scheduled'].includes(campaign.status)) throw new DomainError(422, 'marketing.notEditable');
      await assertSendable(app, deps, req.user!.id, campaign);
      const moved = await app.db
        .updateTable('marketing_campaigns')
        // Sent now: the time it was planned for no longer says when it went.
        .set({ status: 'sending', scheduled_at: null, updated_at: nowIso() })
        .where('id', '=', campaign.id)
        .where('status', 'in', ['draft', 'scheduled'])
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 1) await startSending(app, campaign.id);
      return { data: await answer(req, campaign.id), message: req.t('marketing.sending') };
    },
  );

  app.put(
    `${base}/cancel/:id`,
    {
      preValidation: access.gate('update'),
      schema: { tags: ['marketing'], params: idParams, response: responses({ 200: CAMPAIGN }) },
    },
    async (req) => {
      const campaign = await find(req, 'update');
      if (!['draft', 'scheduled', 'sending'].includes(campaign.status))
        throw new DomainError(422, 'marketing.notEditable');
      await app.db
        .updateTable('marketing_campaigns')
        .set({ status: 'cancelled', updated_at: nowIso() })
        .where('id', '=', campaign.id)
        .execute();
      return { data: await answer(req, campaign.id), message: req.t('marketing.cancelled') };
    },
  );

  app.post(
    `${base}/duplicate/:id`,
    {
      preValidation: access.gate('create'),
      schema: { tags: ['marketing'], params: idParams, response: responses({ 201: CAMPAIGN }) },
    },
    async (req, reply) => {
      const c = await find(req, 'read');
      if (!req.ability.can('create', own(req))) throw forbidden('create', own(req));
      const row = await app.db
        .insertInto('marketing_campaigns')
        .values({
          user_id: c.user_id,
          name: req.t('marketing.copyName', { name: c.name }).slice(0, 150),
          send_type: c.send_type,
          subject: c.subject,
          text: c.text,
          last_visit_after: c.last_visit_after,
          last_visit_before: c.last_visit_before,
          service_id: c.service_id,
          birthday_month: c.birthday_month,
          status: 'draft',
          scheduled_at: null,
          sent_at: null,
          created_at: nowIso(),
          updated_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return reply.code(201).send({ data: await answer(req, row.id), message: req.t('marketing.duplicated') });
    },
  );

  app.put(
    `${base}/opt-out/:id`,
    {
      schema: {
        tags: ['marketing'],
        params: idParams,
        response: responses({ 200: dataBody(object({ id: INTEGER, opt_out: BOOLEAN }), {}) }),
      },
    },
    async (req) => {
      const id = (req.params as { id: number }).id;
      const client = await app.db
        .selectFrom('clients')
        .select(['id', 'user_id', 'opt_out'])
        .where('id', '=', id)
        .where('user_id', '=', req.user!.id)
        .executeTakeFirst();
      if (!client) throw notFound();
      if (!req.ability.can('update', subject('Client', client))) throw forbidden('update', subject('Client', client));
      const optOut = client.opt_out ? 0 : 1;
      await app.db
        .updateTable('clients')
        .set({ opt_out: optOut, marketing_messages: optOut ? 0 : 1, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      return {
        data: { id, opt_out: optOut === 1 },
        message: req.t(optOut ? 'marketing.optedOut' : 'marketing.optedIn'),
      };
    },
  );

  app.get(
    `${base}/request-access`,
    { schema: { tags: ['marketing'], response: responses({ 200: messageBody }) } },
    async (req) => {
      const user = req.user;
      if (!user || user.is_admin || user.is_affiliate) throw forbidden('read', own(req));
      const admins = await app.db.selectFrom('users').select('email').where('is_admin', '=', 1).execute();
      const day = nowIso().slice(0, 10);
      for (const admin of admins)
        await app.db
          .insertInto('outbox')
          .values({
            user_id: null,
            channel: 'email',
            recipient: admin.email,
            subject: deps.i18n.translator('en')('marketing.accessMail.subject'),
            body: deps.i18n.translator('en')('marketing.accessMail.text', {
              name: `${user.first_name} ${user.last_name}`.trim(),
              email: user.email,
              link: `${deps.appUrl}/admin/users/${user.id}`,
            }),
            status: 'pending',
            dedupe_key: `marketing-access:${user.id}:${admin.email}:${day}`,
            created_at: nowIso(),
          })
          .onConflict((oc) => oc.column('dedupe_key').doNothing())
          .execute();
      await deliverPending(app);
      return { message: req.t('marketing.accessRequested') };
    },
  );
}

/** Emails the admins' access requests written above (each once). */
async function deliverPending(app: FastifyInstance): Promise<void> {
  const pending = await app.db
    .selectFrom('outbox')
    .select(['id', 'recipient', 'subject', 'body'])
    .where('status', '=', 'pending')
    .where('dedupe_key', 'like', 'marketing-access:%')
    .execute();
  for (const m of pending) {
    const status = await app.mailer.deliver({ to: m.recipient, subject: m.subject, text: m.body }).catch(() => 'error');
    await app.db.updateTable('outbox').set({ status, updated_at: nowIso() }).where('id', '=', m.id).execute();
  }
}
