import type http from 'node:http';

/** One request as a route sees it: the path without its query, the query, the raw body and the headers. */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** What a route answers: JSON (the APIs), an HTML page, a redirect from the consent form, or nothing (204). */
export type Reply =
  { json: unknown; status?: number } | { html: string; status?: number } | { redirect: string } | { empty: true };

/** The pages' CSP, as the other stand-ins send it: no script, inline styles, forms that may lead to the app. */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:";

export function send(res: http.ServerResponse, reply: Reply): void {
  if ('redirect' in reply) res.writeHead(302, { location: reply.redirect }).end();
  else if ('empty' in reply) res.writeHead(204).end();
  else if ('html' in reply)
    res
      .writeHead(reply.status ?? 200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP })
      .end(reply.html);
  else
    res
      .writeHead(reply.status ?? 200, { 'content-type': 'application/json; charset=utf-8' })
      .end(JSON.stringify(reply.json));
}
