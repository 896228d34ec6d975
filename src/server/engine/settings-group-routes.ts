import { subject } from '@casl/ability';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Subject } from '../../../permissions/subjects';
import type { Db } from '../db/database';
import { dataBody, OPEN_OBJECT, responses } from './responses';

/** One group of an owner's settings kept in their account's settings JSON (mileage rates, invoicing, tax). */
export interface SettingsGroup<T> {
  /** `/api/v1/user/<path>`. */
  path: string;
  /** The permission subject the group belongs to: a plan without it gets a 403 naming the plan that has it. */
  subject: Subject;
  /** The key in the settings JSON. */
  key: string;
  /** The request schema of `PUT` (`<resource>.request`). */
  body: string;
  /** What `GET` answers: the stored group over its defaults. */
  read(req: FastifyRequest): T | Promise<T>;
  /** The group to store from a valid body, refusing in words what the schema cannot check. */
  write(req: FastifyRequest, body: T): T | Promise<T>;
  /** Runs with the new group in the transaction that stores it (trips priced again at new rates). */
  after?(trx: Db, req: FastifyRequest, group: T): Promise<void>;
}

/** `GET` and `PUT /api/v1/user/<path>` for one settings group, each checked against the owner's own subject. */
export function registerSettingsGroup<T>(app: FastifyInstance, group: SettingsGroup<T>): void {
  const path = `/api/v1/user/${group.path}`;
  const allowed = (action: 'read' | 'update') => async (req: FastifyRequest, reply: FastifyReply) => {
    const own = subject(group.subject, { user_id: req.user!.id });
    if (!req.ability.can(action, own)) return reply.forbid(action, own);
  };
  const answer = responses({ 200: dataBody(OPEN_OBJECT) });
  app.get(path, { preValidation: allowed('read'), schema: { response: answer, tags: ['user'] } }, async (req) => ({
    data: await group.read(req),
  }));
  // The body's schema is the group's, registered by name: its type is the group's own. (Fastify's request type over
  // a type parameter stays unresolved, hence the one cast below.)
  app.put<{ Body: T }>(
    path,
    {
      preValidation: allowed('update'),
      schema: { response: answer, tags: ['user'], body: { $ref: `${group.body}#` } },
    },
    async (req) => {
      const stored = await group.write(req, req.body as T);
      const settings = { ...req.user!.settings, [group.key]: stored };
      await app.db.transaction().execute(async (trx) => {
        // Updating the account's row also holds it until the transaction ends (PostgreSQL): the owner's lock.
        await trx
          .updateTable('users')
          .set({ settings: JSON.stringify(settings), updated_at: new Date().toISOString() })
          .where('id', '=', req.user!.id)
          .execute();
        await group.after?.(trx, req, stored);
      });
      return { data: stored, message: req.t('messages.updated') };
    },
  );
}
