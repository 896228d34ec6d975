import { subject } from '@casl/ability';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { planLevel } from '../../../../permissions/defineAbilityFor';
import { ownerTodayOf } from '../../core/owner-time';
import { ID, PAGE } from '../../engine/input-bounds';
import { typed } from '../../engine/typed-routes';
import { INTEGER, messageBody, NULLABLE_STRING, object, pageMeta, responses, STRING } from '../../engine/responses';
import { notFound } from '../../infra/domain-error';
import { isShown, markNews, newsFor, unreadNewsIds, type Reader } from './news-feed';
import { deleteNotification, readAllNotifications, readNotification, unreadNotifications } from './notifications';
import { presentNotification } from './present';

const PER_PAGE = 20;
const NOTIFICATION = object(
  { id: INTEGER, kind: STRING, text: STRING, link: NULLABLE_STRING, created_at: STRING },
  { required: ['id', 'kind', 'text', 'link', 'created_at'] },
);
const NEWS = object(
  {
    id: INTEGER,
    title: STRING,
    text: STRING,
    publish_date: STRING,
    status: { type: 'string', enum: ['READ', 'UNREAD'] },
  },
  { required: ['id', 'title', 'text', 'publish_date', 'status'] },
);
/** A page of bell items and how many of the type are unread (the bell's count). */
const page = (item: unknown) =>
  object(
    { data: { type: 'array', items: item }, meta: pageMeta, unread: INTEGER },
    { required: ['data', 'meta', 'unread'] },
  );
const pageQuery = { type: 'object', properties: { page: PAGE }, additionalProperties: false } as const;
const itemParams = { type: 'object', required: ['id'], properties: { id: ID } } as const;

const reader = (req: FastifyRequest): Reader => ({
  id: req.user!.id,
  region: req.user!.region,
  plan: planLevel(req.user!.plan_name),
});
const meta = (current: number, total: number) => ({
  current_page: current,
  last_page: Math.max(1, Math.ceil(total / PER_PAGE)),
  per_page: PER_PAGE,
  total,
});

/**
 * The owner's bell (spec §4, §7), `type` notifications or news:
 *  - `GET /user/{type}` (page): notifications are the unread ones (reading one removes it from the list); news is
 *    what is published for all owners, the owner's region or plan, READ or UNREAD; each with the unread count;
 *  - `PUT /user/{type}/{id}/mark-as-read`, `PUT /user/{type}/mark-all-as-read`, `DELETE /user/{type}/{id}/delete`.
 * Only an owner has a bell (BellItem, their own): an admin or affiliate gets 403.
 */
export async function bellRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const tags = ['user'];
  const allowed = (action: 'read' | 'update' | 'delete') => async (req: FastifyRequest, reply: FastifyReply) => {
    const own = subject('BellItem', { user_id: req.user!.id });
    if (!req.ability.can(action, own)) return reply.forbid(action, own);
  };

  app.get(
    '/api/v1/user/notifications',
    {
      preValidation: allowed('read'),
      schema: { tags, querystring: pageQuery, response: responses({ 200: page(NOTIFICATION) }) },
    },
    async (req) => {
      const current = req.query.page ?? 1;
      const { rows, total } = await unreadNotifications(app.db, req.user!.id, current, PER_PAGE);
      return {
        data: rows.map((n) => presentNotification(req.t, req.locale, n)),
        meta: meta(current, total),
        unread: total,
      };
    },
  );

  app.get(
    '/api/v1/user/news',
    {
      preValidation: allowed('read'),
      schema: { tags, querystring: pageQuery, response: responses({ 200: page(NEWS) }) },
    },
    async (req) => {
      const current = req.query.page ?? 1;
      const { rows, total, unread } = await newsFor(app.db, reader(req), ownerTodayOf(req), current, PER_PAGE);
      return { data: rows, meta: meta(current, total), unread };
    },
  );

  const done = (req: FastifyRequest) => ({ message: req.t('bell.done') });
  const ok = { schema: { tags, response: responses({ 200: messageBody }) } };
  const one = { schema: { tags, params: itemParams, response: responses({ 200: messageBody }) } };

  app.put('/api/v1/user/notifications/:id/mark-as-read', { preValidation: allowed('update'), ...one }, async (req) => {
    if (!(await readNotification(app.db, req.user!.id, req.params.id))) throw notFound();
    return done(req);
  });
  app.put('/api/v1/user/notifications/mark-all-as-read', { preValidation: allowed('update'), ...ok }, async (req) => {
    await readAllNotifications(app.db, req.user!.id);
    return done(req);
  });
  app.delete('/api/v1/user/notifications/:id/delete', { preValidation: allowed('delete'), ...one }, async (req) => {
    if (!(await deleteNotification(app.db, req.user!.id, req.params.id))) throw notFound();
    return done(req);
  });

  /** A news item the owner is shown today, else 404 (another region's, another plan's, not yet published). */
  const shownNews = async (req: FastifyRequest, id: number) => {
    if (!(await isShown(app.db, reader(req), ownerTodayOf(req), id))) throw notFound();
  };
  app.put('/api/v1/user/news/:id/mark-as-read', { preValidation: allowed('update'), ...one }, async (req) => {
    await shownNews(req, req.params.id);
    await markNews(app.db, req.user!.id, [req.params.id], 'read');
    return done(req);
  });
  app.put('/api/v1/user/news/mark-all-as-read', { preValidation: allowed('update'), ...ok }, async (req) => {
    await markNews(app.db, req.user!.id, await unreadNewsIds(app.db, reader(req), ownerTodayOf(req)), 'read');
    return done(req);
  });
  app.delete('/api/v1/user/news/:id/delete', { preValidation: allowed('delete'), ...one }, async (req) => {
    await shownNews(req, req.params.id);
    await markNews(app.db, req.user!.id, [req.params.id], 'deleted');
    return done(req);
  });
}
