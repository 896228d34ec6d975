import {
  hasConditionalFields,
  schemaForForm,
  toErrorSchema,
  visibleFields,
  writableData,
} from '../../../packages/renderer/core/form-schema';
import type { ScreenDef } from '../../../packages/renderer/core/types';

const t = (key: string) => `T:${key}`;
const screen: ScreenDef = {
  id: 'c.form',
  kind: 'form',
  route: '/c/form/:id?',
  title: 'x.y',
  resource: 'clients',
  fields: ['first_name', 'locations'],
  uiSchema: { first_name: { 'ui:autofocus': true } },
  schema: {
    $id: 'clients',
    type: 'object',
    required: ['first_name'],
    properties: {
      first_name: { type: 'string' },
      archived: { type: 'boolean' },
      locations: { type: 'array', items: { type: 'object', properties: { title: { type: ['string', 'null'] } } } },
    },
  },
};

describe('schemaForForm', () => {
  it('leaves cross-field rules to the validator and gives rjsf the fields alone', () => {
    const { schema } = schemaForForm({ ...screen, schema: { ...screen.schema!, allOf: [{ if: {}, then: {} }] } }, t);
    expect(schema.allOf).toBeUndefined();
    expect(schema.$id).toBe('clients');
  });

  it('labels fields from i18n, orders them by the screen and hides the rest', () => {
    const { schema, uiSchema } = schemaForForm(screen, t);
    expect(schema.$id).toBe('clients');
    expect(schema.properties!.first_name.title).toBe('T:fields.clients.first_name');
    expect(schema.properties!.locations.items!.properties!.title.title).toBe('T:fields.clients.title');
    expect(uiSchema['ui:order']).toEqual(['first_name', 'locations', '*']);
    expect(uiSchema.archived).toEqual({ 'ui:widget': 'hidden' });
    expect(uiSchema.first_name).toEqual({ 'ui:autofocus': true });
    expect(uiSchema.locations).toEqual({ 'ui:options': { orderable: false, copyable: false } });
    expect(uiSchema['ui:submitButtonOptions']).toEqual({ norender: true });
  });
});

describe('conditional fields (ui:options.showWhen)', () => {
  const ui = {
    type: { 'ui:widget': 'select' },
    location_id: { 'ui:options': { resource: 'locations', showWhen: { type: ['own'] } } },
    address: { 'ui:help': 'help.key', 'ui:options': { showWhen: { type: ['client'], remote: [false, null] } } },
  };

  it('shows a field only while every named field holds one of its values, null included', () => {
    expect(hasConditionalFields(ui)).toBe(true);
    expect(hasConditionalFields({ type: { 'ui:widget': 'select' } })).toBe(false);
    expect(visibleFields(ui, { type: 'own' }).hidden).toEqual(['address']);
    expect(visibleFields(ui, { type: 'client' }).hidden).toEqual(['location_id']);
    expect(visibleFields(ui, { type: 'client', remote: true }).hidden).toEqual(['location_id', 'address']);
    expect(visibleFields(ui, undefined).hidden).toEqual(['location_id', 'address']);
    const { uiSchema } = visibleFields(ui, { type: 'own' });
    expect(uiSchema.address).toMatchObject({ 'ui:widget': 'hidden', 'ui:help': 'help.key' });
    expect(uiSchema.location_id).toBe(ui.location_id);
  });

  it('translates help texts like labels', () => {
    const { uiSchema } = schemaForForm({ ...screen, uiSchema: { first_name: { 'ui:help': 'hints.name' } } }, t);
    expect(uiSchema.first_name).toEqual({ 'ui:help': 'T:hints.name' });
  });
});

describe('toErrorSchema', () => {
  it('nests the server’s dotted field errors the way rjsf shows them on fields', () => {
    expect(toErrorSchema({ first_name: ['Required.'], 'locations.0.title': ['Too long.'] })).toEqual({
      first_name: { __errors: ['Required.'] },
      locations: { 0: { title: { __errors: ['Too long.'] } } },
    });
  });
});

describe('writableData', () => {
  it('keeps only the fields the form may send', () => {
    expect(
      writableData(screen.schema!, { id: 3, first_name: 'A', created_at: 'x', archived: false, last_name: null }),
    ).toEqual({ first_name: 'A', archived: false });
  });
});

describe('a field shown only while a record is changed', () => {
  it('hides `$editing` fields on a new record and shows them on an edit', () => {
    const ui = { recurring_range: { 'ui:options': { showWhen: { $editing: [true], recurrence: ['monthly'] } } } };
    expect(visibleFields(ui, { recurrence: 'monthly', $editing: false }).hidden).toEqual(['recurring_range']);
    expect(visibleFields(ui, { recurrence: 'monthly', $editing: true }).hidden).toEqual([]);
  });
});
