import { subject } from '@casl/ability';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { invoiceSettingsOf, type InvoiceSettings } from '../../../domain/invoices';
import { dataBody, OPEN_OBJECT, responses } from '../../engine/responses';
import { invalid } from '../../infra/domain-error';

/**
 * The owner's invoicing settings (spec §3: numbering, automatic invoices and sending, the template's colour and
 * footer, bank details, and the business as invoices name it), kept in their account's settings JSON: `GET` and
 * `PUT /user/invoice-settings`, for the plans with invoicing (a 403 naming the plan otherwise). Invoices already
 * written keep the template they were written with.
 */
export async function invoiceSettingsRoutes(app: FastifyInstance): Promise<void> {
  const path = '/api/v1/user/invoice-settings';
  /** The counter's next number for the owner: one past the highest it gave, and at least `start`. */
  const nextSequence = async (ownerId: number, start: number) => {
    const top = await app.db
      .selectFrom('invoices')
      .select(sql<number | string | null>`max(sequence)`.as('top'))
      .where('user_id', '=', ownerId)
      .executeTakeFirst();
    return Math.max(Number(top?.top ?? 0) + 1, start);
  };
  const allowed = (action: 'read' | 'update') => async (req: FastifyRequest, reply: FastifyReply) => {
    const own = subject('Invoice', { user_id: req.user!.id });
    if (!req.ability.can(action, own)) return reply.forbid(action, own);
  };

  app.get(
    path,
    { preValidation: allowed('read'), schema: { response: responses({ 200: dataBody(OPEN_OBJECT) }), tags: ['user'] } },
    async (req) => {
      const settings = invoiceSettingsOf(req.user!.settings);
      // The number the next invoice takes: the counter's, or the owner's start when that is higher.
      return { data: { ...settings, start_number: await nextSequence(req.user!.id, settings.start_number) } };
    },
  );

  app.put(
    path,
    {
      preValidation: allowed('update'),
      schema: {
        response: responses({ 200: dataBody(OPEN_OBJECT) }),
        tags: ['user'],
        body: { $ref: 'invoice-settings.request#' },
      },
    },
    async (req) => {
      const body = req.body as InvoiceSettings;
      const lowest = await nextSequence(req.user!.id, 1);
      if (body.start_number < lowest)
        throw invalid('start_number', 'invoices.nextTooLow', { min: lowest, last: lowest - 1 });
      const text = (v: string | null | undefined) => v?.trim() || null;
      const invoiceSettings: InvoiceSettings = {
        ...invoiceSettingsOf(undefined),
        ...body,
        prefix: body.prefix.trim(),
        colour: body.colour.toLowerCase(),
        footer: text(body.footer),
        bank_details: text(body.bank_details),
        business_name: text(body.business_name),
        business_address: text(body.business_address),
        tax_number: text(body.tax_number),
      };
      const settings = { ...req.user!.settings, invoiceSettings };
      await app.db
        .updateTable('users')
        .set({ settings: JSON.stringify(settings), updated_at: new Date().toISOString() })
        .where('id', '=', req.user!.id)
        .execute();
      return { data: invoiceSettings, message: req.t('messages.updated') };
    },
  );
}
