import fs from 'node:fs';
import path from 'node:path';
import { schemaForForm, visibleFields } from '../../../packages/renderer/core/form-schema';
import { ofKind, type ScreenDef } from '../../../packages/renderer/core/types';

const root = path.join(__dirname, '../../..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
/** A form screen as the server serves it: its file with its resource's schema. */
const served = (screen: string, resource: string): ScreenDef<'form'> => ({
  ...ofKind(read(`schemas/screens/${screen}.json`), 'form'),
  schema: read(`schemas/resources/${resource}.json`),
});
const hiddenOf = (screen: ScreenDef<'form'>, data: Record<string, unknown>) =>
  visibleFields(schemaForForm(screen, (k) => k).uiSchema, data).hidden;

describe('the service form', () => {
  const form = served('services/form', 'services');

  it('shows the parts only for a multipart service', () => {
    expect(hiddenOf(form, { multipart: false, online_booking: true })).toEqual(['parts']);
    expect(hiddenOf(form, { multipart: true, online_booking: true })).toEqual([]);
  });

  it('asks for the booking question only when the service is bookable online', () => {
    expect(hiddenOf(form, { multipart: true, online_booking: false })).toEqual(['booking_question']);
    expect(hiddenOf(form, { multipart: false, online_booking: false }).sort()).toEqual(['booking_question', 'parts']);
  });
});
