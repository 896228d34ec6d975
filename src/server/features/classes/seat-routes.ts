import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ATTENDANCE } from '../../../domain/appointments';
import { abilityFilter } from '../../engine/rules-to-sql';
import { ID } from '../../engine/input-bounds';
import { dataBody, responses } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import { classOf, sessionOf, sessionsOf } from './reads';
import { SESSION } from './response-schemas';
import { sessionParams } from './routes';
import { addSeat, removeSeat, setSeatAttendance } from './seats';

const seatParams = {
  type: 'object',
  required: ['id', 'session', 'client'],
  properties: { id: ID, session: ID, client: ID },
} as const;
const ONE_SESSION = dataBody(SESSION);

/**
 * A session's attendees, by hand (`/api/v1/classes/:id/sessions/:session/clients`): the owner seats one of their
 * clients (within the class's spaces, under the same lock as online booking), takes one off, and marks who came.
 * Each answers with the session as it now is; payment is the till's (a seat is one of the debts it settles).
 */
export async function classSeatRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const base = '/api/v1/classes/:id/sessions/:session/clients';
  /** The class and session a write names, the caller allowed to change the class. */
  const target = async (req: FastifyRequest<{ Params: { id: number; session: number } }>) => {
    const cls = await classOf(app.db, req.filterFor('update', 'Class', 'classes'), req.params.id);
    return { cls, session: await sessionOf(app.db, cls.id, req.params.session) };
  };
  const answer = async (cls: { id: number; price: number }, sessionId: number) =>
    (await sessionsOf(app.db, cls, { ids: [sessionId] }))[0];
  const caller = (req: FastifyRequest) => ({
    db: app.db,
    dialect: app.dialect,
    ownerId: req.user!.id,
    clients: abilityFilter(req.ability, 'read', 'Client', 'clients') ?? ((eb) => eb.lit(false)),
  });

  app.post(
    base,
    {
      schema: {
        tags: ['classes'],
        params: sessionParams,
        body: { type: 'object', required: ['client_id'], additionalProperties: false, properties: { client_id: ID } },
        response: responses({ 201: ONE_SESSION }),
      },
    },
    async (req, reply) => {
      const { cls, session } = await target(req);
      await addSeat(caller(req), cls, session.id, req.body.client_id);
      return reply.code(201).send({ data: await answer(cls, session.id), message: req.t('classSessions.added') });
    },
  );

  app.delete(
    `${base}/:client`,
    { schema: { tags: ['classes'], params: seatParams, response: responses({ 200: ONE_SESSION }) } },
    async (req) => {
      const { cls, session } = await target(req);
      await removeSeat(caller(req), session.id, req.params.client);
      return { data: await answer(cls, session.id), message: req.t('classSessions.removed') };
    },
  );

  app.put(
    `${base}/:client/attendance`,
    {
      schema: {
        tags: ['classes'],
        params: seatParams,
        body: {
          type: 'object',
          required: ['attendance'],
          additionalProperties: false,
          properties: { attendance: { type: 'string', enum: [...ATTENDANCE] } },
        },
        response: responses({ 200: ONE_SESSION }),
      },
    },
    async (req) => {
      const { cls, session } = await target(req);
      await setSeatAttendance(app.db, session.id, req.params.client, req.body.attendance);
      return { data: await answer(cls, session.id), message: req.t('messages.updated') };
    },
  );
}
