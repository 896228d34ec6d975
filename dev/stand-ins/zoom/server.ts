import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { hmacSha256 } from '../../../src/server/infra/crypto';
import { readBody } from '../stripe/http';
import { apiRoute } from './api';
import { send, type Call } from './http';
import { oauthRoute } from './oauth';
import { expireAll, newZoomState, revokeGrants, type StoredMeeting } from './state';

/** A meeting as a test reads it (`meetings()`): a copy, in Zoom's field names; deleted ones are kept, marked. */
export type LocalZoomMeeting = Pick<
  StoredMeeting,
  'id' | 'topic' | 'start_time' | 'duration' | 'timezone' | 'join_url' | 'host_account_id' | 'deleted'
>;

export interface LocalZoom {
  /** Where the stand-in listens (`http://127.0.0.1:{port}`). */
  url: string;
  /** The base to give `zoomOAuth` as `oauthUrl` (its paths are `/oauth/…`): `url`. */
  oauthUrl: string;
  /** The base to give `zoomOAuth` and `zoomMeetings` as `apiUrl`: `{url}/v2`. */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** The secret token webhooks are signed with (Zoom's "Secret Token" of the app). */
  webhookSecret: string;
  /** Where the browser reaches the stand-in (a proxy's prefix): meeting links are made from it from now on. */
  setPublicUrl(url: string): void;
  /** Where the app takes Zoom's webhooks (`deauthorize` posts there). */
  setWebhookUrl(url: string): void;
  /** Every meeting made so far, oldest first. */
  meetings(): readonly LocalZoomMeeting[];
  /** Every access token issued so far runs out now (the next API call is refused with code 124): tests of refresh. */
  expireTokens(): void;
  /** Every grant so far is revoked, refresh tokens included: tests of "reconnect needed". */
  revokeAll(): void;
  /**
   * The owner of `accountId` removes the app in Zoom: its grants are revoked and a signed `app_deauthorized` event
   * is posted to the webhook URL (when one is set); rejects for an account it does not know, and when the app does
   * not answer the event with a 2xx.
   */
  deauthorize(accountId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A local stand-in for the part of Zoom a user-level OAuth app uses, on 127.0.0.1, for development and tests:
 * - `GET /oauth/authorize?response_type=code&client_id&redirect_uri&state`: a consent page for a demo account
 *   (display name and email; the same email is always the same account), whose Allow sends the browser to
 *   `redirect_uri?code&state` (302) and Deny to `redirect_uri?error=access_denied&state`;
 * - `POST /oauth/token` (HTTP Basic client id:secret): `authorization_code` (a code once, bound to its redirect URI)
 *   and `refresh_token` (rotated: the one used stops working), access tokens for 3600 s, refusals as Zoom words them
 *   (`{reason, error}`); `POST /oauth/revoke` (`token`: a live access token or the refresh token ends the grant);
 * - under `/v2`, with a bearer token (401 `{code: 124}` otherwise): `GET /users/me`, `POST /users/me/meetings`,
 *   `GET`/`PATCH`/`DELETE /meetings/{id}` (404 `{code: 3001}` for one not there);
 * - `app_deauthorized` webhooks, signed as Zoom signs them (`x-zm-signature`, `x-zm-request-timestamp`).
 *
 * Pages link only relatively and meeting links are made from `publicUrl` (default `url`), so all of it works
 * through a proxy that serves the stand-in under a path prefix. The client id and secrets are new at each start,
 * unless `webhookSecret` is given; everything is in memory.
 */
export async function startLocalZoom(
  opts: { publicUrl?: string; webhookUrl?: string; webhookSecret?: string } = {},
): Promise<LocalZoom> {
  const state = newZoomState(opts.webhookSecret);
  let publicUrl = opts.publicUrl ?? '';
  let webhookUrl = opts.webhookUrl ?? null;

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = req.method ?? 'GET';
    const body = method === 'GET' || method === 'HEAD' ? '' : await readBody(req);
    const call: Call = { method, path: url.pathname, query: url.searchParams, body, headers: req.headers };
    const reply = oauthRoute(state, call) ?? apiRoute(state, call, publicUrl.replace(/\/+$/, ''));
    if (reply) return send(res, reply);
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent)
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 500, message: 'The local Zoom stand-in failed.' }));
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  publicUrl ||= url;

  async function deauthorize(accountId: string): Promise<void> {
    const account = state.accounts.get(accountId);
    if (!account) throw new Error(`The local Zoom has no account ${accountId}.`);
    revokeGrants(state, accountId);
    if (!webhookUrl) return;
    const now = Date.now();
    const body = JSON.stringify({
      event: 'app_deauthorized',
      event_ts: now,
      payload: {
        account_id: account.id,
        user_id: account.userId,
        client_id: state.clientId,
        deauthorization_time: new Date(now).toISOString(),
      },
    });
    const timestamp = String(Math.floor(now / 1000));
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-zm-request-timestamp': timestamp,
        'x-zm-signature': `v0=${hmacSha256(state.webhookSecret, `v0:${timestamp}:${body}`)}`,
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`The app answered ${res.status} to app_deauthorized.`);
  }

  return {
    url,
    oauthUrl: url,
    apiUrl: `${url}/v2`,
    clientId: state.clientId,
    clientSecret: state.clientSecret,
    webhookSecret: state.webhookSecret,
    setPublicUrl: (next) => {
      publicUrl = next;
    },
    setWebhookUrl: (next) => {
      webhookUrl = next;
    },
    meetings: () =>
      [...state.meetings.values()].map(
        ({ id, topic, start_time, duration, timezone, join_url, host_account_id, deleted }) => ({
          id,
          topic,
          start_time,
          duration,
          timezone,
          join_url,
          host_account_id,
          deleted,
        }),
      ),
    expireTokens: () => expireAll(state),
    revokeAll: () => revokeGrants(state),
    deauthorize,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
