import { compileRoutes, rewrite, sharedTypes } from '../../../scripts/gen-types/route-schemas';

// json-schema-to-typescript loads prettier, whose CommonJS entry imports dynamically (not possible under jest):
// the test compiles unformatted.
jest.mock('prettier', () => ({}));

const schemas = {
  'clients.record': { properties: { id: {}, first_name: {}, phones: {} } },
  'clients.item': { properties: { id: {}, first_name: {} } },
  'services.record': { properties: { id: {}, title: {} } },
  'services.item': { properties: { id: {}, title: {} } },
};
const shared = sharedTypes(schemas, [
  { name: 'clients', file: { title: 'Client' } },
  { name: 'services', file: { title: 'Service' } },
]);
const errorSchema = {
  $id: 'error',
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
};

/** The text between a route's key and the next route's. */
const routeText = (text: string, key: string) =>
  text.slice(text.indexOf(`"${key}"`) + key.length).split(/\n\s*"(?:GET|POST|PUT|DELETE) /)[0];

describe('API route types', () => {
  it('write shared schemas as the resource types: a list item is the record without its child lists', () => {
    expect(rewrite({ $ref: 'clients.record#' }, shared, true)).toEqual({ tsType: 'Client' });
    expect(rewrite({ $ref: 'clients.request#' }, shared, false)).toEqual({ tsType: 'ClientInput' });
    expect(rewrite({ $ref: 'clients.item#' }, shared, true)).toEqual({ tsType: "Omit<Client, 'phones'>" });
    expect(rewrite({ $ref: 'services.item#' }, shared, true)).toEqual({ tsType: 'Service' });
    expect(rewrite({ $ref: 'error#' }, shared, true)).toEqual({ tsType: 'ApiError' });
    expect(() => rewrite({ $ref: 'nowhere#' }, shared, true)).toThrow('nowhere#');
  });

  it('type every declared property of an answer as present unless the schema lists which are', () => {
    const answer = {
      type: 'object',
      properties: { data: { type: 'array', items: { type: 'object', properties: { a: {}, b: {} } } } },
    };
    expect(rewrite(answer, shared, true)).toEqual({
      type: 'object',
      required: ['data'],
      properties: {
        data: { type: 'array', items: { type: 'object', required: ['a', 'b'], properties: { a: {}, b: {} } } },
      },
    });
    const listed = { type: 'object', required: ['status'], properties: { status: {}, payment_url: {} } };
    expect(rewrite(listed, shared, true)).toEqual(listed);
    // A body is typed as it is validated: what it does not require stays optional.
    const body = { type: 'object', properties: { hold: {}, answer: {} } };
    expect(rewrite(body, shared, false)).toEqual(body);
  });

  it('map each route to its body and success answers, importing only the resource types used', async () => {
    const text = await compileRoutes(
      [
        {
          method: 'POST',
          url: '/api/v1/things',
          schema: {
            body: {
              type: 'object',
              required: ['name'],
              properties: { name: { type: 'string' }, note: { type: 'string' } },
            },
            response: {
              201: { type: 'object', properties: { data: { $ref: 'clients.record#' } } },
              '4xx': { $ref: 'error#' },
            },
          },
        },
        {
          method: 'GET',
          url: '/api/v1/things',
          schema: {
            response: { 200: { type: 'object', properties: { data: { type: 'array', items: { type: 'string' } } } } },
          },
        },
      ],
      shared,
      errorSchema,
      false,
    );
    expect(text).toContain("import type { Client } from './clients';");
    expect(text).not.toContain("from './services'");
    const post = routeText(text, 'POST /api/v1/things');
    expect(post).toMatch(/"201": \{\s+data: Client;?\s+\}/);
    expect(post).not.toContain('4xx');
    expect(post).toMatch(/body: \{\s+name: string;?\s+note\?: string;?\s+\}/);
    expect(routeText(text, 'GET /api/v1/things')).toMatch(/"200": \{\s+data: string\[\];?\s+\}/);
    // Sorted by path, then method: GET before POST.
    expect(text.indexOf('"GET /api/v1/things"')).toBeLessThan(text.indexOf('"POST /api/v1/things"'));
    expect(text).toMatch(/export interface ApiError \{\s+message: string;?\s+\}/);
    expect(text).toContain('export type ApiResponse<');
  });

  it('declare a titled schema several routes answer with once, by its title', async () => {
    const meta = { title: 'PageMeta', type: 'object', properties: { total: { type: 'integer' } } };
    const page = (url: string) => ({
      method: 'GET',
      url,
      schema: { response: { 200: { type: 'object', properties: { meta } } } },
    });
    const text = await compileRoutes([page('/api/v1/a'), page('/api/v1/b')], shared, errorSchema, false);
    expect(text.match(/export interface PageMeta\d* \{/g)).toEqual(['export interface PageMeta {']);
    expect(routeText(text, 'GET /api/v1/b')).toMatch(/meta: PageMeta;?\s/);
  });
});
