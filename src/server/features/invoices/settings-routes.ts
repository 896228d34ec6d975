import type { FastifyInstance } from 'fastify';
import { invoiceSettingsOf, type InvoiceSettings } from '../../../domain/invoices';
import { registerSettingsGroup } from '../../engine/settings-group-routes';
import { invalid } from '../../infra/domain-error';
import { nextSequence } from './numbering';

const text = (v: string | null | undefined) => v?.trim() || null;

/**
 * The owner's invoicing settings (spec §3: numbering, automatic invoices and sending, the template's colour and
 * footer, bank details, and the business as invoices name it), kept in their account's settings JSON: `GET` and
 * `PUT /user/invoice-settings`, for the plans with invoicing (a 403 naming the plan otherwise). `start_number` is
 * answered as the number the next invoice takes, and cannot go below the numbers used. Invoices already written keep
 * the template they were written with.
 */
export async function invoiceSettingsRoutes(app: FastifyInstance): Promise<void> {
  registerSettingsGroup<InvoiceSettings>(app, {
    path: 'invoice-settings',
    subject: 'Invoice',
    key: 'invoiceSettings',
    body: 'invoice-settings.request',
    read: async (req) => {
      const settings = invoiceSettingsOf(req.user!.settings);
      return { ...settings, start_number: await nextSequence(app.db, req.user!.id, settings.start_number) };
    },
    write: async (req, body) => {
      const lowest = await nextSequence(app.db, req.user!.id, 1);
      if (body.start_number < lowest)
        throw invalid('start_number', 'invoices.nextTooLow', { min: lowest, last: lowest - 1 });
      return {
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
    },
  });
}
