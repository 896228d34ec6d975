import { matchesWhen, type Translate, type JsonSchema, type ScreenDef, type When } from './types.js';

type UiSchema = Record<string, unknown>;

/**
 * Prepares a served schema for rjsf: labels from i18n (`fields.<resource>.<field>`), field order and
 * visibility from the screen's `fields`, arrays without reorder/copy buttons. Pure, so it is unit-tested.
 */
export function schemaForForm(screen: ScreenDef<'form'>, t: Translate): { schema: JsonSchema; uiSchema: UiSchema } {
  const base = screen.schema ?? { type: 'object', properties: {} };
  const resource = screen.resource ?? 'common';
  const label = (field: string) => t(`fields.${resource}.${field}`);
  const titled = (props: Record<string, JsonSchema> = {}) =>
    Object.fromEntries(
      Object.entries(props).map(([name, prop]) => {
        // Labels come from i18n; schema descriptions are not shown (they are notes for developers, untranslated).
        const { description: _d, ...rest } = prop;
        const next: JsonSchema = { ...rest, title: label(name) };
        if (prop.items?.properties) next.items = { ...prop.items, properties: titled(prop.items.properties) };
        if (prop.properties) next.properties = titled(prop.properties);
        return [name, next];
      }),
    );
  // Cross-field rules (allOf / if / then) stay in the precompiled validator, which checks the whole schema;
  // rjsf gets the fields alone, since it would otherwise need a compiled validator for every sub-schema.
  // Nor is the schema's description shown: a note for developers ("PUT /api/…"), untranslated.
  const { allOf: _allOf, if: _if, then: _then, else: _else, description: _description, ...fields } = base;
  const schema: JsonSchema = { ...fields, properties: titled(base.properties) };

  const uiSchema: UiSchema = { ...(screen.uiSchema ?? {}) };
  const names = Object.keys(schema.properties ?? {});
  if (screen.fields) {
    uiSchema['ui:order'] = [...screen.fields, '*'];
    for (const name of names) {
      if (!screen.fields.includes(name)) uiSchema[name] = { ...(uiSchema[name] as object), 'ui:widget': 'hidden' };
    }
  }
  for (const name of names) {
    if (schema.properties![name].type === 'array') {
      const own = (uiSchema[name] ?? {}) as UiSchema;
      // A child row's id travels with it (so the server updates that row) but is nobody's to edit.
      const items = schema.properties![name].items?.properties?.id
        ? { ...(own.items as UiSchema), id: { 'ui:widget': 'hidden' } }
        : own.items;
      uiSchema[name] = {
        ...own,
        ...(items ? { items } : {}),
        'ui:options': { orderable: false, copyable: false, ...(own['ui:options'] as object) },
      };
    }
  }
  // Help texts and the names of a field's choices (`ui:enumNames`, of its items for a list) are i18n keys, like labels.
  const named = (ui: UiSchema): UiSchema =>
    Array.isArray(ui['ui:enumNames'])
      ? { ...ui, 'ui:enumNames': (ui['ui:enumNames'] as string[]).map((k) => t(k)) }
      : ui;
  for (const [name, ui] of Object.entries(uiSchema)) {
    if (!ui || typeof ui !== 'object' || name.startsWith('ui:')) continue;
    let next = named(ui as UiSchema);
    const help = next['ui:help'];
    if (typeof help === 'string') next = { ...next, 'ui:help': t(help) };
    if (next.items && typeof next.items === 'object') next = { ...next, items: named(next.items as UiSchema) };
    if (next !== ui) uiSchema[name] = next;
  }
  uiSchema['ui:submitButtonOptions'] = { norender: true };
  return { schema, uiSchema };
}

/** Server 422 errors (`{ "locations.0.title": ["…"] }`) → rjsf's nested `extraErrors`. */
export function toErrorSchema(errors: Record<string, string[]> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, messages] of Object.entries(errors)) {
    let node = out;
    for (const part of path.split('.')) node = (node[part] ??= {}) as Record<string, unknown>;
    node.__errors = messages;
  }
  return out;
}

/** The rjsf field a hidden conditional field is drawn with: nothing (a hidden widget would still draw a list's items). */
export const HIDDEN_FIELD = 'sfHidden';
const showWhenOf = (ui: unknown) =>
  ((ui as UiSchema | undefined)?.['ui:options'] as { showWhen?: When } | undefined)?.showWhen;

/**
 * Whether any field of the screen follows the value of another: it appears only for some values of it
 * (`ui:options.showWhen`), or is money in the currency another names or only while another matches
 * (`currencyField`, `moneyWhen`; see the money widget).
 */
export function hasConditionalFields(uiSchema: UiSchema): boolean {
  return Object.values(uiSchema).some((ui) => {
    const options = (ui as UiSchema | undefined)?.['ui:options'] as Record<string, unknown> | undefined;
    return showWhenOf(ui) !== undefined || options?.currencyField !== undefined || options?.moneyWhen !== undefined;
  });
}

/** Whether any field fills others from the record chosen in it (`ui:options.fill`, see the resource select). */
export function hasFillingFields(uiSchema: UiSchema): boolean {
  return Object.values(uiSchema).some(
    (ui) => ((ui as UiSchema | undefined)?.['ui:options'] as { fill?: unknown } | undefined)?.fill !== undefined,
  );
}

/**
 * `"ui:options": { "showWhen": { "location_type": ["own"] } }` shows a field only while every named field holds
 * one of the listed values (null included); `"$editing": [true]` only while a record is being changed, not made.
 * Hidden fields are also left out of what the form sends.
 */
export function visibleFields(
  uiSchema: UiSchema,
  data: Record<string, unknown> | undefined,
): { uiSchema: UiSchema; hidden: string[] } {
  const hidden: string[] = [];
  const next: UiSchema = { ...uiSchema };
  for (const [name, ui] of Object.entries(uiSchema)) {
    const rule = showWhenOf(ui);
    if (!rule) continue;
    const shown = matchesWhen(rule, data);
    if (!shown) {
      hidden.push(name);
      next[name] = { ...(ui as UiSchema), 'ui:widget': 'hidden', 'ui:field': HIDDEN_FIELD };
    }
  }
  return { uiSchema: next, hidden };
}

/** Keeps only the fields a form may send: a loaded record carries id, timestamps and other read-only fields. */
export function writableData(schema: JsonSchema, record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(schema.properties ?? {})) {
    if (record[name] !== undefined && record[name] !== null) out[name] = record[name];
  }
  return out;
}
