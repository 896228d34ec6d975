import { callUrl, createRestDataProvider, recordUrl } from '../../../packages/renderer/core/data-provider';
import { UnknownNameError } from '../../../packages/renderer/core/registry';
import { createRestClient, HttpError } from '../../../packages/renderer/core/rest';
import type { Manifest } from '../../../packages/renderer/core/types';
import { invalidateResources } from '../../../packages/renderer/react/cache';

const manifest = {
  resources: {
    clients: { path: '/api/v1/clients' },
    appointments: { path: null },
    marketing: { path: '/api/v1/marketing', showPath: '/api/v1/marketing/show/:id' },
  },
  calls: {
    'booking.slots': { method: 'GET', path: '/api/v1/online-booking/:slug/services/:service/slots' },
    'appointments.time': { method: 'PUT', path: '/api/v1/appointments/:id/time', invalidates: ['appointments'] },
  },
} as unknown as Pick<Manifest, 'resources' | 'calls'>;

/** A provider over a client whose fetch records each request and answers `answer` (a status and a body). */
function provider(answer: { status: number; body?: unknown } | Error = { status: 200, body: { data: [] } }) {
  const requests: Array<{ method: string; url: string; body?: string; headers?: Record<string, string> }> = [];
  const fetch = (async (url: string, init: RequestInit) => {
    if (url.includes('csrf')) return new Response(null, { status: 204 });
    requests.push({
      method: init.method ?? 'GET',
      url,
      body: init.body as string | undefined,
      headers: init.headers as Record<string, string>,
    });
    if (answer instanceof Error) throw answer;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  }) as unknown as typeof globalThis.fetch;
  return { data: createRestDataProvider(createRestClient({ fetch }), manifest), requests };
}

describe('the REST data provider', () => {
  it('sends a call’s own headers (If-Match with the version a write was made over) beside its own', async () => {
    const { data, requests } = provider();
    await data.call('appointments.time', { params: { id: 5 }, body: { at: 'x' }, headers: { 'If-Match': '"3.1"' } });
    expect(requests[0].headers).toMatchObject({ 'If-Match': '"3.1"', 'Content-Type': 'application/json' });
    await data.call('appointments.time', { params: { id: 5 }, body: { at: 'x' } });
    expect(requests[1].headers?.['If-Match']).toBeUndefined();
  });

  it('finds a resource at its manifest path, with the list params as the query', async () => {
    const { data, requests } = provider();
    await data.getList('clients', { search: 'ann', page: 2, archived: true, empty: '' });
    await data.getOne('clients', 'a/b');
    await data.create('clients', { first_name: 'Ann' });
    await data.update('clients', 7, { first_name: 'Bo' });
    await data.delete('clients', 7);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/v1/clients?search=ann&page=2&archived=1',
      'GET /api/v1/clients/a%2Fb',
      'POST /api/v1/clients',
      'PUT /api/v1/clients/7',
      'DELETE /api/v1/clients/7',
    ]);
    expect(JSON.parse(requests[2].body!)).toEqual({ first_name: 'Ann' });
  });

  it('reads one record where its resource says: its own address when it names one, else {path}/{id}', async () => {
    const { data, requests } = provider({ status: 200, body: { data: { id: 7 } } });
    await data.getOne('marketing', 7);
    await data.update('marketing', 7, { name: 'Spring' });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/v1/marketing/show/7',
      'PUT /api/v1/marketing/7',
    ]);
    expect(recordUrl({ path: '/api/v1/clients' }, 'a/b')).toBe('/api/v1/clients/a%2Fb');
    expect(recordUrl({ path: null, showPath: '/api/v1/x/show/:id' }, 3)).toBe('/api/v1/x/show/3');
    expect(() => recordUrl({ path: null }, 3)).toThrow(/no generic routes/);
  });

  it('reads one record where its resource says: {path}/{id}, or its showPath', async () => {
    const { data, requests } = provider({ status: 200, body: { data: {} } });
    await data.getOne('clients', 4);
    await data.getOne('marketing', 4);
    expect(requests.map((r) => r.url)).toEqual(['/api/v1/clients/4', '/api/v1/marketing/show/4']);
  });

  it('makes a named call with its params in the path, its query and its body', async () => {
    const { data, requests } = provider();
    await data.call('booking.slots', {
      params: { slug: 'anna studio', service: 3 },
      query: { from: '2027-01-04', to: undefined },
    });
    await data.call('appointments.time', { params: { id: 9 }, body: { start: '10:00' } });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/v1/online-booking/anna%20studio/services/3/slots?from=2027-01-04',
      'PUT /api/v1/appointments/9/time',
    ]);
    expect(JSON.parse(requests[1].body!)).toEqual({ start: '10:00' });
    expect(data.callInfo('appointments.time').invalidates).toEqual(['appointments']);
    expect(data.url('booking.slots', { params: { slug: 's', service: 1 }, query: { from: 'x' } })).toBe(
      '/api/v1/online-booking/s/services/1/slots?from=x',
    );
  });

  it('says which name or parameter is wrong before asking the server', () => {
    const { data, requests } = provider();
    expect(() => data.call('nowhere')).toThrow(UnknownNameError);
    expect(() => data.getList('appointments')).toThrow(/Unknown resource "appointments"/);
    expect(() => callUrl(manifest.calls['booking.slots'], { params: { slug: 's' } })).toThrow(
      /parameter "service" is missing/,
    );
    expect(requests).toEqual([]);
  });

  it("turns the server's refusal into an HttpError with its status, message and field errors", async () => {
    const body = { message: 'The name is required.', errors: { first_name: ['Required'] } };
    const { data } = provider({ status: 422, body });
    const error = await data.create('clients', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 422, message: 'The name is required.', errors: body.errors });
  });

  it('turns a failure to reach the server into an HttpError of status 0', async () => {
    const { data } = provider(new TypeError('Failed to fetch'));
    const error = await data.call('booking.slots', { params: { slug: 's', service: 1 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 0, message: 'Failed to fetch' });
  });
});

describe('invalidation by resource', () => {
  it("reaches the provider's reads and the screens' records, lists, counts and card sources of the resource's paths", async () => {
    let filter: (key: unknown) => boolean = () => false;
    const mutate = (async (f: (key: unknown) => boolean) => {
      filter = f;
    }) as never;
    const m = {
      resources: { clients: { path: '/api/v1/clients' } },
      calls: { 'payments.owing': { method: 'GET', path: '/api/v1/payments/left-to-pay/:kind', resource: 'payments' } },
    } as unknown as Manifest;
    await invalidateResources(mutate, ['clients', 'payments'], m);
    const hit = (key: unknown) => filter(key);
    expect(hit(['clients', 'one', '5'])).toBe(true);
    expect(hit(['payments', 'call', 'payments.owing', {}, {}])).toBe(true);
    expect(hit(['list', '/api/v1/clients?page=1'])).toBe(true);
    expect(hit(['related', '/api/v1/clients/5/appointments'])).toBe(true);
    expect(hit(['card-source', '/api/v1/payments/left-to-pay/sale?x=1'])).toBe(true);
    expect(hit(['list', '/api/v1/clients-archive'])).toBe(false);
    expect(hit(['services', 'list', {}])).toBe(false);
    expect(hit(['record', '/api/v1/clients', '5'])).toBe(true);
    expect(hit('ui-manifest')).toBe(false);
  });
});
