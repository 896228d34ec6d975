import { ledgerCurrency } from '../../core/list-totals';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invoiceSettingsOf } from '../../../domain/invoices';
import { PAYMENT_METHODS } from '../../../domain/payments';
import { todayIn } from '../../../domain/dates';
import { idParams } from '../../engine/input-bounds';
import { resourceAccess } from '../../engine/resource-access';
import { resourceRepository as repo } from '../../engine/resource-repository';
import { dataBody, fileBody, messageBody, responses } from '../../engine/responses';
import { typed } from '../../engine/typed-routes';
import { notFound } from '../../infra/domain-error';
import { ownerTimeZone } from '../../core/owner-time';
import { invoiceDocument, invoiceFilename } from './document';
import { payInvoice } from './pay';
import { invoicePdf } from './pdf';
import { sendInvoice } from './send';
import { cancelInvoice, createInvoice, deleteInvoice, type InvoiceInput, type InvoicesContext } from './write';

const paymentBody = {
  type: 'object',
  required: ['method'],
  additionalProperties: false,
  properties: {
    method: { type: 'string', enum: PAYMENT_METHODS.filter((m) => !['online', 'gift_voucher', 'package'].includes(m)) },
    amount: { type: 'integer', minimum: 1, maximum: 100_000_000 },
  },
} as const;

/** The owner's invoicing context for an action on their invoices (spec §6: Business and Premium). */
export function invoicesContext(
  app: FastifyInstance,
  req: FastifyRequest,
  action: 'read' | 'create' | 'update' | 'delete',
): InvoicesContext {
  return {
    db: app.db,
    dialect: app.dialect,
    ownerId: req.user!.id,
    today: todayIn(ownerTimeZone(req)),
    currency: ledgerCurrency(req),
    settings: invoiceSettingsOf(req.user!.settings),
    invoices: req.filterFor(action, 'Invoice', 'invoices'),
    clients: req.filterFor('read', 'Client', 'clients'),
  };
}

/**
 * Invoices (spec §7): the list, one invoice and the export are the declared resource's generic routes; here are
 * writing one (`POST /invoices`, numbered from the owner's counter unless a number is typed), deleting a draft,
 * sending or resending it with its PDF (`POST /invoices/{id}/send`), cancelling it (`POST /invoices/{id}/cancel`),
 * recording money received for a manual one (`POST /invoices/{id}/payments`) and its PDF (`GET /invoices/{id}/pdf`).
 */
export async function invoiceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const base = '/api/v1/invoices';
  const resource = () => app.registry.resources.get('invoices')!;
  const access = resourceAccess(resource());
  const answer = async (req: FastifyRequest, id: number) =>
    repo.find(app.db, resource(), id, req.filterFor('read', 'Invoice', 'invoices'));
  const sendContext = (req: FastifyRequest, ctx: InvoicesContext) => ({
    db: app.db,
    mailer: app.mailer,
    today: ctx.today,
    t: req.t,
    locale: req.locale,
  });

  app.post<{ Body: InvoiceInput }>(
    base,
    {
      preValidation: access.gate('create'),
      schema: {
        tags: ['invoices'],
        body: { $ref: 'invoices.request#' },
        response: responses({ 201: dataBody({ $ref: 'invoices.record#' }) }),
      },
    },
    async (req, reply) => {
      const ctx = invoicesContext(app, req, 'create');
      const body = req.body;
      const id = await createInvoice(ctx, body);
      if (body.send) await sendInvoice(sendContext(req, ctx), id);
      const message = req.t(body.send ? 'invoices.sent' : 'messages.created');
      return reply.code(201).send({ data: await answer(req, id), message });
    },
  );

  app.delete(
    `${base}/:id`,
    {
      preValidation: access.gate('delete'),
      schema: { tags: ['invoices'], params: idParams, response: responses({ 200: messageBody }) },
    },
    async (req) => {
      await deleteInvoice(invoicesContext(app, req, 'delete'), req.params.id);
      return { message: req.t('messages.deleted') };
    },
  );

  /** An action on one invoice of the caller's (404 otherwise), answered with the invoice as it is after it. */
  const act = async (req: FastifyRequest, id: number, run: (ctx: InvoicesContext) => Promise<string>) => {
    const ctx = invoicesContext(app, req, 'update');
    if (!(await answer(req, id))) throw notFound();
    const message = await run(ctx);
    return { data: await answer(req, id), message };
  };
  const acted = {
    tags: ['invoices'],
    params: idParams,
    response: responses({ 200: dataBody({ $ref: 'invoices.record#' }) }),
  };
  app.post(`${base}/:id/send`, { preValidation: access.gate('update'), schema: acted }, (req) =>
    act(req, req.params.id, async (ctx) => {
      await sendInvoice(sendContext(req, ctx), req.params.id);
      return req.t('invoices.sent');
    }),
  );
  app.post(`${base}/:id/cancel`, { preValidation: access.gate('update'), schema: acted }, (req) =>
    act(req, req.params.id, async (ctx) => {
      await cancelInvoice(ctx, req.params.id);
      return req.t('invoices.cancelled');
    }),
  );
  app.post(
    `${base}/:id/payments`,
    { preValidation: access.gate('update'), schema: { ...acted, body: paymentBody } },
    (req) =>
      act(req, req.params.id, async (ctx) => {
        await payInvoice(ctx, req.params.id, req.body);
        return req.t('payments.recorded');
      }),
  );

  app.get(
    `${base}/:id/pdf`,
    {
      preValidation: access.gate('read'),
      schema: { tags: ['invoices'], params: idParams, response: responses({ 200: fileBody('The invoice as a PDF.') }) },
    },
    async (req, reply) => {
      const { id } = req.params;
      if (!(await answer(req, id))) throw notFound();
      const doc = await invoiceDocument(app.db, id, req.t);
      const pdf = await invoicePdf(doc, req.t, req.locale);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${invoiceFilename(doc.number)}"`)
        .send(pdf);
    },
  );
}
