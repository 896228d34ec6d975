import { createRestClient } from '../../../packages/renderer/core/rest';

/** A fetch that records each call's method, URL and headers and answers `{}`. */
function recordingFetch() {
  const calls: Array<{ url: string; method: string; headers: Record<string, string> }> = [];
  const fetch = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method ?? 'GET', headers: (init?.headers ?? {}) as Record<string, string> });
    // jsdom has no Response: the little of one the client reads.
    return { ok: true, status: 200, json: async () => ({}) } as Response;
  });
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch };
}

const clearCookie = () => (document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/');

describe('the REST client’s XSRF token', () => {
  afterEach(clearCookie);

  it('sends the XSRF-TOKEN cookie on a GET when there is one (a GET may change something: a disconnect)', async () => {
    document.cookie = `XSRF-TOKEN=${encodeURIComponent('tok/en=')}; path=/`;
    const { calls, fetch } = recordingFetch();
    await createRestClient({ fetch }).getJson('/api/v1/integrations/zoom/disconnect');
    expect(calls).toHaveLength(1);
    expect(calls[0].headers['X-XSRF-TOKEN']).toBe('tok/en=');
  });

  it('never asks for a fresh token on a GET, and sends none without the cookie', async () => {
    const { calls, fetch } = recordingFetch();
    await createRestClient({ fetch }).getJson('/api/v1/integrations');
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/integrations']);
    expect(calls[0].headers).not.toHaveProperty('X-XSRF-TOKEN');
  });

  it('asks for a token before a change when there is no cookie, then sends it', async () => {
    const { calls, fetch } = recordingFetch();
    const withCookie = jest.fn(async (url: string, init?: RequestInit) => {
      if (url === '/sanctum/csrf-cookie') document.cookie = 'XSRF-TOKEN=fresh; path=/';
      return (fetch as unknown as (u: string, i?: RequestInit) => Promise<Response>)(url, init);
    });
    await createRestClient({ fetch: withCookie as never }).send('POST', '/api/v1/integrations/liqpay', {});
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /api/v1/integrations/liqpay',
    ]);
    expect(calls[1].headers['X-XSRF-TOKEN']).toBe('fresh');
  });
});
