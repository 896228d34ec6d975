import type { FastifyInstance, FastifyRequest } from 'fastify';
import { todayIn } from '../../../domain/dates';
import { ownerTimeZone } from '../../core/owner-time';
import { ID } from '../../engine/input-bounds';
import { dataBody, messageBody, responses } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import type { SessionMeeting } from './events';
import { classOf, meetingsOf, sessionOf, sessionsOf } from './reads';
import { SESSION } from './response-schemas';
import { addSessions, changeSessions, deleteSessions } from './sessions';

const DATE = { type: 'string', format: 'date' } as const;
const TIME = { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' } as const;
const classParams = { type: 'object', required: ['id'], properties: { id: ID } } as const;
export const sessionParams = {
  type: 'object',
  required: ['id', 'session'],
  properties: { id: ID, session: ID },
} as const;
const scopeQuery = { type: 'object', properties: { scope: { type: 'string', enum: ['this', 'future'] } } } as const;
const sessionBody = {
  type: 'object',
  required: ['date', 'start_time'],
  additionalProperties: false,
  properties: { date: DATE, start_time: TIME, repeat_until: { anyOf: [DATE, { type: 'null' }] } },
} as const;
const SESSIONS = dataBody({ type: 'array', items: SESSION });

/**
 * A class's sessions (`/api/v1/classes/:id/sessions`): listed coming or past with their attendees, added one at a
 * time or as a weekly pattern with an end date, moved or deleted — a session of a pattern with a scope, this one or
 * this and later, as appointments are. Every write answers with the sessions it reached.
 */
export async function classSessionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const base = '/api/v1/classes/:id/sessions';
  const caller = (req: FastifyRequest) => ({ db: app.db, dialect: app.dialect, ownerId: req.user!.id });
  const writable = (req: FastifyRequest, id: number) =>
    classOf(app.db, req.filterFor('update', 'Class', 'classes'), id);
  // What follows a change (Zoom meetings) is told once it committed, with the meetings the class had before.
  const changed = async (cls: { id: number; price: number }, ids: number[], meetings: SessionMeeting[]) => {
    await app.events.notify('classes.sessions', { classId: cls.id, meetings });
    return sessionsOf(app.db, cls, { ids });
  };

  app.get(
    base,
    {
      schema: {
        tags: ['classes'],
        params: classParams,
        querystring: { type: 'object', properties: { when: { type: 'string', enum: ['coming', 'past'] } } },
        response: responses({ 200: SESSIONS }),
      },
    },
    async (req) => {
      const cls = await classOf(app.db, req.filterFor('read', 'Class', 'classes'), req.params.id);
      const today = todayIn(ownerTimeZone(req));
      return { data: await sessionsOf(app.db, cls, { when: req.query.when ?? 'coming', today }) };
    },
  );

  app.post(
    base,
    {
      schema: { tags: ['classes'], params: classParams, body: sessionBody, response: responses({ 201: SESSIONS }) },
    },
    async (req, reply) => {
      const cls = await writable(req, req.params.id);
      const meetings = await meetingsOf(app.db, cls.id);
      const ids = await addSessions(caller(req), cls.id, req.body);
      return reply.code(201).send({ data: await changed(cls, ids, meetings), message: req.t('messages.created') });
    },
  );

  app.put(
    `${base}/:session`,
    {
      schema: {
        tags: ['classes'],
        params: sessionParams,
        querystring: scopeQuery,
        body: sessionBody,
        response: responses({ 200: SESSIONS }),
      },
    },
    async (req) => {
      const cls = await writable(req, req.params.id);
      const session = await sessionOf(app.db, cls.id, req.params.session);
      const meetings = await meetingsOf(app.db, cls.id);
      const ids = await changeSessions(caller(req), cls.id, session, req.body, req.query.scope);
      return { data: await changed(cls, ids, meetings), message: req.t('messages.updated') };
    },
  );

  app.delete(
    `${base}/:session`,
    {
      schema: {
        tags: ['classes'],
        params: sessionParams,
        querystring: scopeQuery,
        response: responses({ 200: messageBody }),
      },
    },
    async (req) => {
      const cls = await writable(req, req.params.id);
      const session = await sessionOf(app.db, cls.id, req.params.session);
      const meetings = await meetingsOf(app.db, cls.id);
      await deleteSessions(caller(req), session, req.query.scope);
      await changed(cls, [], meetings);
      return { message: req.t('messages.deleted') };
    },
  );
}
