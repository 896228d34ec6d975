import type { ErrorObject } from 'ajv';
import type { TFunction } from 'i18next';

export type FieldErrors = Record<string, string[]>;

/** Turns a JSON pointer (`/locations/0/title`) into the dotted key the API reports (`locations.0.title`). */
function fieldKey(error: ErrorObject): string {
  const base = error.instancePath.replace(/^\//, '').split('/').filter(Boolean);
  if (error.keyword === 'required') base.push((error.params as { missingProperty: string }).missingProperty);
  if (error.keyword === 'additionalProperties')
    base.push((error.params as { additionalProperty: string }).additionalProperty);
  return base.join('.');
}

/** The human name of a field in the current locale: `fields.<resource>.<field>`, else the name with spaces. */
function label(t: TFunction, resource: string, key: string): string {
  const last =
    key
      .split('.')
      .filter((p) => !/^\d+$/.test(p))
      .pop() ?? key;
  return t(`fields.${resource}.${last}`, { defaultValue: last.replace(/_/g, ' ') });
}

/**
 * Maps ajv errors to `{ field: [message] }` in the spec's wording ("The first name field is required.").
 * A field that is present but empty/null and required reads as "required", as users expect.
 */
export function fieldErrors(
  errors: ErrorObject[],
  resource: string,
  t: TFunction,
  required: string[] = [],
): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors) {
    const key = fieldKey(error);
    if (!key) continue;
    const field = label(t, resource, key);
    const p = error.params as Record<string, unknown>;
    let msg: string;
    const isEmptyRequired =
      required.includes(key) &&
      (error.keyword === 'type' || error.keyword === 'minLength') &&
      (error.data === null || error.data === '');
    // A schema may name its own message for a rule (the password rules do): `x-message` beside the keyword.
    const own = (error.parentSchema as Record<string, unknown> | undefined)?.['x-message'];
    if (typeof own === 'string' && !isEmptyRequired) {
      const list = (out[key] ??= []);
      const text = t(own, { field });
      if (!list.includes(text)) list.push(text);
      continue;
    }
    switch (isEmptyRequired ? 'required' : error.keyword) {
      case 'required':
        msg = t('validation.required', { field });
        break;
      case 'maxLength':
        msg = t('validation.max_string', { field, max: p.limit });
        break;
      case 'minLength':
        msg = t('validation.min_string', { field, min: p.limit });
        break;
      case 'maximum':
        msg = t('validation.max_numeric', { field, max: p.limit });
        break;
      case 'minimum':
        msg = t('validation.min_numeric', { field, min: p.limit });
        break;
      case 'minItems':
        msg = t('validation.min_items', { field, min: p.limit });
        break;
      case 'maxItems':
        msg = t('validation.max_items', { field, max: p.limit });
        break;
      case 'enum':
        msg = t('validation.in', { field });
        break;
      case 'additionalProperties':
        msg = t('validation.prohibited', { field });
        break;
      case 'format':
        msg = p.format === 'email' ? t('validation.email', { field }) : t('validation.format', { field });
        break;
      case 'pattern':
        msg = t('validation.format', { field });
        break;
      case 'type':
        msg = typeMessage(t, field, String(p.type));
        break;
      default:
        msg = t('validation.invalid', { field });
    }
    const list = (out[key] ??= []);
    if (!list.includes(msg)) list.push(msg);
  }
  return out;
}

function typeMessage(t: TFunction, field: string, type: string): string {
  if (type.includes('integer')) return t('validation.integer', { field });
  if (type.includes('number')) return t('validation.numeric', { field });
  if (type.includes('boolean')) return t('validation.boolean', { field });
  if (type.includes('array')) return t('validation.array', { field });
  return t('validation.string', { field });
}

/** Laravel's summary line: the first message, plus how many more. */
export function summary(errors: FieldErrors, t: TFunction): string {
  const all = Object.values(errors).flat();
  if (all.length === 0) return t('validation.failed');
  return all.length === 1 ? all[0] : t('validation.summary', { first: all[0], count: all.length - 1 });
}
