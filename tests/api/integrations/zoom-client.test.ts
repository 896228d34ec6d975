import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { hmacSha256 } from '../../../src/server/infra/crypto';
import { ProviderAuthError, type OAuthGrant, type OAuthProvider } from '../../../src/server/infra/integrations/oauth';
import {
  ZoomApiError,
  zoomMeetings,
  zoomOAuth,
  zoomWebhook,
  ZoomSignatureError,
} from '../../../src/server/infra/zoom/client';
import { startLocalZoom, type LocalZoom } from '../../../dev/stand-ins/zoom/server';

const REDIRECT = 'https://app.example/api/v1/integrations/zoom/callback';
const MEETING = { topic: 'Consultation', startTime: '2030-03-01T09:30:00.000Z', durationMinutes: 45, timeZone: 'UTC' };

/** An HTTP server on 127.0.0.1 for the test's side of things (a proxy, the app's webhook endpoint). */
async function listen(handler: http.RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

const unescape = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));

/** What a browser does on the consent page: opens it, fills the form and presses Allow or Deny. */
async function consent(pageUrl: string, decision: 'allow' | 'deny', typed: Record<string, string> = {}) {
  const page = await fetch(pageUrl);
  const html = await page.text();
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1] ?? '';
  const form = new URLSearchParams();
  for (const [, attrs] of html.matchAll(/<input([^>]*)>/g)) {
    const name = /name="([^"]*)"/.exec(attrs)?.[1];
    if (name) form.set(name, unescape(/value="([^"]*)"/.exec(attrs)?.[1] ?? ''));
  }
  for (const [name, value] of Object.entries(typed)) form.set(name, value);
  form.set('decision', decision);
  const target = new URL(unescape(action), page.url);
  const res = await fetch(target, { method: 'POST', body: form, redirect: 'manual' });
  const location = new URL(res.headers.get('location') ?? 'about:blank');
  return { page, html, target, status: res.status, location };
}

let zoom: LocalZoom;
let oauth: OAuthProvider;
const meetings = () => zoomMeetings({ apiUrl: zoom.apiUrl });

/** Connects the account of `email` through the consent page. */
async function connect(email = 'ann@example.com', name = 'Ann Example'): Promise<OAuthGrant> {
  const back = await consent(oauth.authorizeUrl('st-1', REDIRECT), 'allow', { display_name: name, email });
  return oauth.exchangeCode(back.location.searchParams.get('code') ?? '', REDIRECT);
}

beforeEach(async () => {
  zoom = await startLocalZoom();
  oauth = zoomOAuth({
    clientId: zoom.clientId,
    clientSecret: zoom.clientSecret,
    oauthUrl: zoom.oauthUrl,
    apiUrl: zoom.apiUrl,
  });
});
afterEach(() => zoom.close());

describe('zoomOAuth against the local Zoom', () => {
  it('connects through the consent page: Allow sends back a code, exchanged for a grant naming the account', async () => {
    const back = await consent(oauth.authorizeUrl('st-1', REDIRECT), 'allow', { display_name: 'Ann Example' });
    expect(back.page.status).toBe(200);
    expect(back.html).toContain('Soloist wants to connect to your Zoom account');
    expect(back.html).toContain('value="Demo Zoom user"');
    expect(back.page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(back.status).toBe(302);
    expect(`${back.location.origin}${back.location.pathname}`).toBe(REDIRECT);
    expect(back.location.searchParams.get('state')).toBe('st-1');
    const code = back.location.searchParams.get('code') ?? '';
    const before = Date.now();
    const grant = await oauth.exchangeCode(code, REDIRECT);
    expect(grant).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresAt: expect.any(String),
      accountId: expect.stringMatching(/^\w{22}$/),
      accountName: 'Ann Example',
    });
    expect(Date.parse(grant.expiresAt ?? '') - before).toBeGreaterThanOrEqual(3_599_000);
    await expect(oauth.exchangeCode(code, REDIRECT)).rejects.toBeInstanceOf(ProviderAuthError);
  });

  it('knows the same email as the same account, and another as another', async () => {
    const first = await connect('ann@example.com', 'Ann');
    const again = await connect('ann@example.com', 'Ann Renamed');
    const other = await connect('bob@example.com', 'Bob');
    expect(again.accountId).toBe(first.accountId);
    expect(again.accountName).toBe('Ann Renamed');
    expect(other.accountId).not.toBe(first.accountId);
  });

  it('sends Deny back with access_denied and the state', async () => {
    const back = await consent(oauth.authorizeUrl('st-2', REDIRECT), 'deny');
    expect(back.status).toBe(302);
    expect(Object.fromEntries(back.location.searchParams)).toEqual({ error: 'access_denied', state: 'st-2' });
  });

  it('refuses a code sent back with another redirect URI, and an unknown app on the consent page', async () => {
    const back = await consent(oauth.authorizeUrl('st-3', REDIRECT), 'allow');
    const code = back.location.searchParams.get('code') ?? '';
    await expect(oauth.exchangeCode(code, 'https://evil.example/cb')).rejects.toBeInstanceOf(ProviderAuthError);
    const stranger = zoomOAuth({ clientId: 'nope', clientSecret: 'x', oauthUrl: zoom.oauthUrl, apiUrl: zoom.apiUrl });
    expect((await fetch(stranger.authorizeUrl('s', REDIRECT))).status).toBe(400);
  });

  it('takes wrong app credentials for a configuration error, not a grant to reconnect', async () => {
    const back = await consent(oauth.authorizeUrl('st-4', REDIRECT), 'allow');
    const wrong = zoomOAuth({ clientId: zoom.clientId, clientSecret: 'wrong', oauthUrl: zoom.oauthUrl });
    const failure = wrong.exchangeCode(back.location.searchParams.get('code') ?? '', REDIRECT);
    await expect(failure).rejects.toBeInstanceOf(ZoomApiError);
    await expect(failure).rejects.not.toBeInstanceOf(ProviderAuthError);
  });

  it('refreshes after the access tokens run out; the refresh token used stops working', async () => {
    const grant = await connect();
    zoom.expireTokens();
    await expect(meetings().create(grant.accessToken, MEETING)).rejects.toBeInstanceOf(ProviderAuthError);
    const fresh = await oauth.refresh(grant);
    expect(fresh.accessToken).not.toBe(grant.accessToken);
    expect(fresh.refreshToken).not.toBe(grant.refreshToken);
    expect(fresh).toMatchObject({ accountId: grant.accountId, accountName: 'Ann Example' });
    await expect(meetings().create(fresh.accessToken, MEETING)).resolves.toMatchObject({ id: expect.any(String) });
    await expect(oauth.refresh(grant)).rejects.toBeInstanceOf(ProviderAuthError);
  });

  it('refuses every refresh once Zoom has revoked all grants: the owner must reconnect', async () => {
    const grant = await connect();
    zoom.revokeAll();
    await expect(oauth.refresh(grant)).rejects.toBeInstanceOf(ProviderAuthError);
    await expect(meetings().create(grant.accessToken, MEETING)).rejects.toBeInstanceOf(ProviderAuthError);
  });

  it('revokes a grant, even with its access token run out, and takes one already revoked as done', async () => {
    const grant = await connect();
    await oauth.revoke(grant);
    await expect(oauth.refresh(grant)).rejects.toBeInstanceOf(ProviderAuthError);
    await expect(oauth.revoke(grant)).resolves.toBeUndefined();
    const second = await connect();
    zoom.expireTokens();
    await oauth.revoke(second);
    await expect(oauth.refresh(second)).rejects.toBeInstanceOf(ProviderAuthError);
  });
});

describe('zoomMeetings against the local Zoom', () => {
  it('creates, updates and deletes a meeting, as meetings() shows', async () => {
    const grant = await connect();
    const api = meetings();
    const made = await api.create(grant.accessToken, { ...MEETING, agenda: 'First visit' });
    expect(made).toEqual({
      id: expect.stringMatching(/^\d{11}$/),
      joinUrl: expect.any(String),
      startUrl: expect.any(String),
    });
    expect(made.joinUrl.startsWith(`${zoom.url}/j/${made.id}`)).toBe(true);
    expect(zoom.meetings()).toEqual([
      {
        id: made.id,
        topic: 'Consultation',
        start_time: '2030-03-01T09:30:00Z',
        duration: 45,
        timezone: 'UTC',
        join_url: made.joinUrl,
        host_account_id: grant.accountId,
        deleted: false,
      },
    ]);
    const moved = {
      topic: 'Follow-up',
      startTime: '2030-03-02T10:00:00Z',
      durationMinutes: 30,
      timeZone: 'Europe/Kyiv',
    };
    await api.update(grant.accessToken, made.id, moved);
    expect(zoom.meetings()[0]).toMatchObject({
      topic: 'Follow-up',
      start_time: '2030-03-02T10:00:00Z',
      duration: 30,
      timezone: 'Europe/Kyiv',
    });
    await api.remove(grant.accessToken, made.id);
    expect(zoom.meetings()[0].deleted).toBe(true);
    await expect(api.remove(grant.accessToken, made.id)).resolves.toBeUndefined();
    await expect(api.update(grant.accessToken, made.id, moved)).rejects.toMatchObject({ status: 404, code: 3001 });
  });

  it("keeps one account's meetings from another's token", async () => {
    const ann = await connect('ann@example.com');
    const bob = await connect('bob@example.com');
    const made = await meetings().create(ann.accessToken, MEETING);
    await expect(meetings().update(bob.accessToken, made.id, MEETING)).rejects.toBeInstanceOf(ZoomApiError);
    await meetings().remove(bob.accessToken, made.id);
    expect(zoom.meetings()[0].deleted).toBe(false);
  });
});

describe('zoomWebhook', () => {
  const signed = (body: string, at = Math.floor(Date.now() / 1000)) => ({
    'x-zm-request-timestamp': String(at),
    'x-zm-signature': `v0=${hmacSha256(zoom.webhookSecret, `v0:${at}:${body}`)}`,
  });

  it("reads the local Zoom's signed app_deauthorized, whose grants no longer refresh", async () => {
    const got: { body: string; headers: http.IncomingHttpHeaders }[] = [];
    const app = await listen((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => (got.push({ body, headers: req.headers }), res.writeHead(200).end()));
    });
    try {
      zoom.setWebhookUrl(`${app.url}/api/v1/integrations/zoom/webhook`);
      const grant = await connect();
      await zoom.deauthorize(grant.accountId);
      expect(got).toHaveLength(1);
      const event = zoomWebhook(got[0].body, got[0].headers, zoom.webhookSecret);
      expect(event).toEqual({
        kind: 'deauthorized',
        accountId: grant.accountId,
        userId: expect.any(String),
        eventId: expect.any(String),
      });
      expect(zoomWebhook(got[0].body, got[0].headers, zoom.webhookSecret)).toEqual(event);
      await expect(oauth.refresh(grant)).rejects.toBeInstanceOf(ProviderAuthError);
      const tampered = got[0].body.replace(grant.accountId, 'someone-else');
      expect(() => zoomWebhook(tampered, got[0].headers, zoom.webhookSecret)).toThrow(ZoomSignatureError);
      expect(() => zoomWebhook(got[0].body, got[0].headers, 'another secret')).toThrow(ZoomSignatureError);
    } finally {
      await app.close();
    }
  });

  it('answers endpoint.url_validation with the plain token and its HMAC', () => {
    const body = JSON.stringify({
      event: 'endpoint.url_validation',
      event_ts: Date.now(),
      payload: { plainToken: 'qgg8vlvZ' },
    });
    expect(zoomWebhook(body, signed(body), zoom.webhookSecret)).toEqual({
      kind: 'validation',
      answer: { plainToken: 'qgg8vlvZ', encryptedToken: hmacSha256(zoom.webhookSecret, 'qgg8vlvZ') },
    });
  });

  it('refuses a missing signature and one more than five minutes old, and passes other events as other', () => {
    const body = JSON.stringify({ event: 'meeting.started', event_ts: Date.now(), payload: {} });
    expect(zoomWebhook(body, signed(body), zoom.webhookSecret)).toEqual({ kind: 'other' });
    expect(() => zoomWebhook(body, {}, zoom.webhookSecret)).toThrow(ZoomSignatureError);
    const old = Math.floor(Date.now() / 1000) - 6 * 60;
    expect(() => zoomWebhook(body, signed(body, old), zoom.webhookSecret)).toThrow(ZoomSignatureError);
  });
});

describe('the local Zoom behind a proxy that strips a path prefix', () => {
  it('works through http://host/local/zoom/…: the consent form and meeting links stay under the prefix', async () => {
    const proxy = await listen((req, res) => {
      const path = (req.url ?? '').replace(/^\/local\/zoom(?=\/)/, '');
      if (path === req.url) return void res.writeHead(404).end();
      const upstream = http.request(`${zoom.url}${path}`, { method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      req.pipe(upstream);
    });
    try {
      const base = `${proxy.url}/local/zoom`;
      zoom.setPublicUrl(base);
      const behind = zoomOAuth({
        clientId: zoom.clientId,
        clientSecret: zoom.clientSecret,
        oauthUrl: zoom.oauthUrl,
        apiUrl: zoom.apiUrl,
        publicOauthUrl: base,
      });
      const page = behind.authorizeUrl('st-5', REDIRECT);
      expect(page.startsWith(`${base}/oauth/authorize?`)).toBe(true);
      const back = await consent(page, 'allow');
      expect(back.target.href).toBe(`${base}/oauth/authorize`);
      expect(back.status).toBe(302);
      const grant = await behind.exchangeCode(back.location.searchParams.get('code') ?? '', REDIRECT);
      expect(grant.accountName).toBe('Demo Zoom user');
      const made = await meetings().create(grant.accessToken, MEETING);
      expect(made.joinUrl.startsWith(`${base}/j/${made.id}?pwd=`)).toBe(true);
      const joined = await fetch(made.joinUrl);
      expect(joined.status).toBe(200);
      expect(await joined.text()).toContain('Consultation');
    } finally {
      await proxy.close();
    }
  });
});
