import type { FastifyInstance, FastifyReply } from 'fastify';
import { responses, STRING } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import type { I18n } from '../../infra/i18n';
import { messageOfToken, setOptOut } from './opt-out-rows';

const TOKEN = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', maxLength: 64 } },
} as const;
const HTML = responses({ 200: { content: { 'text/html': { schema: STRING } } } });

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A marketing email's unsubscribe link (spec §5: every marketing email can be left; RFC 8058 one click). Opening it
 * shows a page with one button; the POST — the button, or the mail program's one-click `List-Unsubscribe-Post` —
 * switches the client's marketing off and marks them opted out for that business. The token names one message;
 * only its hash is stored, and an unknown token changes nothing.
 */
export async function unsubscribeRoutes(fastify: FastifyInstance, opts: { i18n: I18n }): Promise<void> {
  const app = typed(fastify);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 10_000 },
    (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const config = { access: 'public', csrf: false } as const;
  const page = (reply: FastifyReply, lang: string, title: string, body: string, status = 200) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head>` +
          `<body style="font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222"><h1 style="font-size:1.4rem">${escape(title)}</h1>${body}</body></html>`,
      );
  const show = async (token: string, reply: FastifyReply, done: boolean) => {
    const m = await messageOfToken(app.db, token);
    const t = opts.i18n.translator(m?.locale === 'uk' ? 'uk' : 'en');
    const lang = m?.locale === 'uk' ? 'uk' : 'en';
    if (!m || !m.client_id) return page(reply, lang, t('marketing.unsubscribe.unknown'), '', 404);
    const business = `${m.first_name} ${m.last_name}`.trim();
    if (done) {
      await setOptOut(app.db, m.user_id!, m.client_id, 1);
      return page(
        reply,
        lang,
        t('marketing.unsubscribe.done', { business }),
        `<p>${escape(t('marketing.unsubscribe.doneText'))}</p>`,
      );
    }
    return page(
      reply,
      lang,
      t('marketing.unsubscribe.title', { business }),
      `<p>${escape(t('marketing.unsubscribe.question', { business }))}</p><form method="post"><button type="submit" style="font:inherit;padding:.6rem 1.2rem;border:0;border-radius:4px;background:#1976d2;color:#fff;cursor:pointer">${escape(t('marketing.unsubscribe.button'))}</button></form>`,
    );
  };
  const path = '/api/v1/marketing/unsubscribe/:token';
  app.get(path, { config, schema: { hide: true, params: TOKEN, response: HTML } }, (req, reply) =>
    show(req.params.token, reply, false),
  );
  app.post(path, { config, schema: { hide: true, params: TOKEN, response: HTML } }, (req, reply) =>
    show(req.params.token, reply, true),
  );
}
