import type { FastifyInstance } from 'fastify';
import { INTEGER, object, responses, STRING } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import { countries, currencies } from './lists';

const list = (item: ReturnType<typeof object>) =>
  object({ data: { type: 'array', items: item } }, { required: ['data'] });

const COUNTRY = object(
  { code: STRING, name: STRING, calling_code: STRING },
  { required: ['code', 'name', 'calling_code'] },
);
const CURRENCY = object(
  { code: STRING, name: STRING, symbol: STRING, minor_digits: INTEGER },
  { required: ['code', 'name', 'symbol', 'minor_digits'] },
);

/**
 * `GET /data/countries` and `GET /data/currencies` (spec §7): the lists the forms that ask for a country or a
 * currency offer, named in the caller's language; a guest reads them too (sign-up in region OTHER asks for both).
 */
export async function referenceDataRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  app.get(
    '/api/v1/data/countries',
    { config: { access: 'public' }, schema: { response: responses({ 200: list(COUNTRY) }), tags: ['data'] } },
    async (req) => ({ data: countries(req.locale) }),
  );
  app.get(
    '/api/v1/data/currencies',
    { config: { access: 'public' }, schema: { response: responses({ 200: list(CURRENCY) }), tags: ['data'] } },
    async (req) => ({ data: currencies(req.locale) }),
  );
}
