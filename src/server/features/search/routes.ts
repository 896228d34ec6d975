import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calendarSettingsOf } from '../../../domain/calendar-settings';
import { currencyOf } from '../../../domain/currency';
import { todayIn } from '../../../domain/dates';
import type { Subject } from '../../../../permissions/subjects';
import { nowIso } from '../../db/database';
import {
  dataBody,
  INTEGER,
  NULLABLE_INTEGER,
  NULLABLE_STRING,
  object,
  responses,
  STRING,
} from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import { forbidden } from '../../infra/domain-error';
import { findAppointments } from './appointments';
import { DECLARED_KINDS, findDeclared } from './declared';
import { NAMED_CLIENTS, PER_KIND, type Found } from './found';
import { findSales } from './sales';

const FOUND = object(
  {
    kind: { type: 'string', enum: ['clients', 'appointments', 'invoices', 'sales', 'products', 'gift-vouchers'] },
    id: INTEGER,
    title: STRING,
    detail: NULLABLE_STRING,
    date: NULLABLE_STRING,
    time: NULLABLE_STRING,
    amount: NULLABLE_INTEGER,
    currency: NULLABLE_STRING,
  },
  { required: ['kind', 'id', 'title', 'detail', 'date', 'time', 'amount', 'currency'] },
);
const querystring = {
  type: 'object',
  required: ['search'],
  properties: { search: { type: 'string', maxLength: 100 } },
  additionalProperties: false,
} as const;
/** Fewer characters than this find nothing: one letter is in almost every name. */
const SHORTEST = 2;

/**
 * `GET /api/v1/search?search=…`: the header's quick search (spec §8). The first records of each kind the caller may
 * read — clients, appointments, invoices, sales, products, gift vouchers, in that order, at most five of each — that
 * match the words typed, each kind through the caller's rules as SQL, as its list is; appointments and sales through
 * the clients found. A kind the caller may not read is left out; a caller who may read none of them is refused.
 */
export async function searchRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  app.get(
    '/api/v1/search',
    {
      schema: {
        tags: ['search'],
        querystring,
        response: responses({ 200: dataBody({ type: 'array', items: FOUND }) }),
      },
    },
    async (req) => ({ data: await quickSearch(fastify, req, req.query.search.trim()) }),
  );
}

async function quickSearch(app: FastifyInstance, req: FastifyRequest, search: string): Promise<Found[]> {
  const { resources } = app.schemas.registry;
  const declared = DECLARED_KINDS.map((kind) => ({ kind, resource: resources.get(kind)! })).filter(
    ({ resource }) => resource && req.ability.can('read', resource.meta.subject as Subject),
  );
  const mayRead = (subject: Subject) => req.ability.can('read', subject);
  const [appointments, sales] = [mayRead('Appointment'), mayRead('Sale')];
  if (!req.user || (!declared.length && !appointments && !sales)) throw forbidden('read', 'Client');
  if (search.length < SHORTEST) return [];
  const user = req.user;
  const caller = {
    country: user.country,
    today: todayIn(calendarSettingsOf(user).time_zone),
    currency: currencyOf(user),
  };
  const find = (kind: string, limit?: number) => {
    const one = declared.find((d) => d.kind === kind);
    if (!one) return Promise.resolve([]);
    const { table, subject } = one.resource.meta;
    const allowed = req.filterFor('read', subject as Subject, table);
    return findDeclared(app.db, app.dialect, one.kind, one.resource, search, { ...caller, allowed }, limit);
  };
  // One read of the clients the words match: the first five are shown, their appointments and sales are found.
  const clients = await find('clients', NAMED_CLIENTS);
  const ids = clients.map((c) => c.id);
  const found = await Promise.all([
    clients.slice(0, PER_KIND),
    appointments
      ? findAppointments(app.db, ids, { allowed: req.filterFor('read', 'Appointment', 'appointments'), now: nowIso() })
      : [],
    find('invoices'),
    sales ? findSales(app.db, ids, req.filterFor('read', 'Sale', 'sales')) : [],
    find('products'),
    find('gift-vouchers'),
  ]);
  return found.flat();
}
