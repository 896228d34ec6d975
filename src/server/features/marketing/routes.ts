import { subject } from '@casl/ability';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idParams, type IdParams } from '../../engine/input-bounds';
import { typed } from '../../engine/typed-routes';
import { resourceAccess } from '../../engine/resource-access';
import { resourceRepository as repo } from '../../engine/resource-repository';
import { BOOLEAN, dataBody, INTEGER, messageBody, object, responses, STRING } from '../../engine/responses';
import { DomainError, forbidden, invalid, invalidFields, notFound } from '../../infra/domain-error';
import { assertSendable, campaignErrors, estimate, previewFor, senderOf, type CampaignInput } from './campaigns';
import type { MarketingCampaignInput } from '../../../domain/generated/marketing';
import { requestMarketingAccess } from './access-request';
import { duplicateCampaign, markCancelled, markSending, ownCampaign, saveCampaign } from './campaign-rows';
import { ownClientOptOut, setOptOut } from './opt-out-rows';
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
 * `marketing` resource's generic routes, and one campaign is also at the spec's `show/{id}` (the browser reads it
 * there); here are writing one (a draft, or scheduled for a time), the count of receivers and credits before sending,
 * send now (`run`), cancel, duplicate, asking an admin for access, and toggling a client's opt-out. Sending runs on
 * the job queue (send.ts).
 */
export async function marketingRoutes(fastify: FastifyInstance, deps: MarketingDeps): Promise<void> {
  const app = typed(fastify);
  const base = '/api/v1/marketing';
  const resource = () => app.registry.resources.get('marketing')!;
  const access = resourceAccess(resource());
  const own = (req: FastifyRequest) => subject('Marketing', { user_id: req.user!.id });
  const find = async (req: FastifyRequest, id: number, action: 'read' | 'update') => {
    const row = await ownCampaign(app.db, req.user!.id, id);
    if (!row) throw notFound();
    if (!req.ability.can(action, subject('Marketing', row))) throw forbidden(action, own(req));
    return row;
  };
  const answer = async (req: FastifyRequest, id: number) =>
    repo.find(app.db, resource(), id, req.filterFor('read', 'Marketing', 'marketing_campaigns'));

  /** A new or changed campaign: a draft, or scheduled when it names a time to come (then it must be sendable). */
  const write = async (req: FastifyRequest, input: CampaignInput, id: number | null) => {
    const errors = campaignErrors(input);
    if (Object.keys(errors).length) throw invalidFields(errors);
    const at = input.scheduled_at ? new Date(input.scheduled_at) : null;
    if (at && at.getTime() <= Date.now()) throw invalid('scheduled_at', 'marketing.scheduleInPast');
    if (at) await assertSendable(app, deps, req.user!.id, input, 'scheduled_at');
    return saveCampaign(app.db, req.user!.id, id, input, at);
  };
  const scheduledWords = (req: FastifyRequest, status: string) =>
    req.t(status === 'scheduled' ? 'marketing.scheduled' : 'marketing.saved');

  app.post<{ Body: MarketingCampaignInput }>(
    base,
    {
      preValidation: access.gate('create'),
      schema: { tags: ['marketing'], body: { $ref: 'marketing.request#' }, response: responses({ 201: CAMPAIGN }) },
    },
    async (req, reply) => {
      if (!req.ability.can('create', own(req))) throw forbidden('create', own(req));
      const id = await write(req, req.body, null);
      const data = await answer(req, id);
      return reply.code(201).send({ data, message: scheduledWords(req, String(data?.status)) });
    },
  );

  app.put<{ Body: MarketingCampaignInput; Params: IdParams }>(
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
      const campaign = await find(req, req.params.id, 'update');
      if (!['draft', 'scheduled'].includes(campaign.status)) throw new DomainError(422, 'marketing.notEditable');
      await write(req, req.body, campaign.id);
      const data = await answer(req, campaign.id);
      return { data, message: scheduledWords(req, String(data?.status)) };
    },
  );

  // Spec §7's path for one campaign: the generic read's answer, its filter and its refusals, at the spec's address.
  app.get(
    `${base}/show/:id`,
    {
      preValidation: access.gate('read'),
      schema: { tags: ['marketing'], params: idParams, response: responses({ 200: CAMPAIGN }) },
    },
    async (req, reply) => {
      const filter = access.allowed(req, reply, 'read');
      if (!filter) return reply;
      const data = await repo.find(app.db, resource(), req.params.id, filter);
      if (!data) throw notFound();
      return { data };
    },
  );

  app.post(
    `${base}/count`,
    {
      preValidation: access.gate('read'),
      schema: { tags: ['marketing'], body: COUNT_BODY, response: responses({ 200: COUNT }) },
    },
    async (req) => {
      const input: CampaignInput = { name: '', subject: null, ...req.body, text: req.body.text ?? '' };
      if (!hasFilter(input)) throw invalid('last_visit_after', 'marketing.chooseFilter');
      const e = await estimate(app, deps, req.user!.id, input);
      const { sender, t } = await senderOf(app, deps, req.user!.id);
      return { data: { ...e, preview: previewFor(t, input, sender) } };
    },
  );

  app.post(
    `${base}/run/:id`,
    {
      preValidation: access.gate('update'),
      schema: { tags: ['marketing'], params: idParams, response: responses({ 200: CAMPAIGN }) },
    },
    async (req) => {
      const campaign = await find(req, req.params.id, 'update');
      if (!['draft', 'scheduled'].includes(campaign.status)) throw new DomainError(422, 'marketing.notEditable');
      await assertSendable(app, deps, req.user!.id, campaign);
      if (await markSending(app.db, campaign.id)) await startSending(app, campaign.id);
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
      const campaign = await find(req, req.params.id, 'update');
      if (!['draft', 'scheduled', 'sending'].includes(campaign.status))
        throw new DomainError(422, 'marketing.notEditable');
      await markCancelled(app.db, campaign.id);
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
      const c = await find(req, req.params.id, 'read');
      if (!req.ability.can('create', own(req))) throw forbidden('create', own(req));
      const id = await duplicateCampaign(app.db, c, req.t('marketing.copyName', { name: c.name }).slice(0, 150));
      return reply.code(201).send({ data: await answer(req, id), message: req.t('marketing.duplicated') });
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
      const id = req.params.id;
      const client = await ownClientOptOut(app.db, req.user!.id, id);
      if (!client) throw notFound();
      if (!req.ability.can('update', subject('Client', client))) throw forbidden('update', subject('Client', client));
      const optOut = client.opt_out ? 0 : 1;
      await setOptOut(app.db, req.user!.id, id, optOut);
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
      await requestMarketingAccess(app, deps, user);
      return { message: req.t('marketing.accessRequested') };
    },
  );
}
