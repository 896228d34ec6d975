import type { Translate } from './types.js';

/** An ajv error as precompiled validators report it. */
export interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  data?: unknown;
  parentSchema?: Record<string, unknown>;
}

// Loading the server's validator modules is a module of its own: a page's entry preloads its first form's validator
// without the messages' code below.
export { loadValidator, peekValidator } from './validator-modules.js';

function fieldName(error: AjvError): string {
  const parts = error.instancePath.split('/').filter(Boolean);
  // rjsf's compiling validator hands its localizer the missing property in quotes ('title'), to put a title in
  // their place afterwards; the name is without them.
  if (error.keyword === 'required') parts.push(String(error.params.missingProperty).replace(/^'(.*)'$/, '$1'));
  return parts.filter((p) => !/^\d+$/.test(p)).pop() ?? '';
}

/**
 * Rewrites ajv messages in place into the spec's wording, the same keys the server uses
 * ("The first name field is required."). `label` turns a field name into its display name.
 */
export function localizeErrors(
  errors: AjvError[] | null | undefined,
  t: Translate,
  label: (field: string) => string,
  required: string[] = [],
): void {
  // A cross-field rule's own failure ("must match then schema") names no field; the rule's branch already
  // reported the field it concerns. Dropped in place, as the validator's error list is read afterwards.
  for (let i = (errors?.length ?? 0) - 1; i >= 0; i--)
    if (errors![i].keyword === 'if' && !fieldName(errors![i])) errors!.splice(i, 1);
  for (const e of errors ?? []) {
    if (!fieldName(e)) {
      e.message = t('validation.failed');
      continue;
    }
    const field = label(fieldName(e));
    const p = e.params;
    const emptyRequired =
      required.includes(fieldName(e)) &&
      (e.data === null || e.data === '' || e.data === undefined) &&
      (e.keyword === 'type' || e.keyword === 'minLength');
    const keyword = emptyRequired ? 'required' : e.keyword;
    const map: Record<string, () => string> = {
      required: () => t('validation.required', { field }),
      maxLength: () => t('validation.max_string', { field, max: p.limit }),
      minLength: () => t('validation.min_string', { field, min: p.limit }),
      maximum: () => t('validation.max_numeric', { field, max: p.limit }),
      minimum: () => t('validation.min_numeric', { field, min: p.limit }),
      minItems: () => t('validation.min_items', { field, min: p.limit }),
      maxItems: () => t('validation.max_items', { field, max: p.limit }),
      enum: () => t('validation.in', { field }),
      pattern: () => t('validation.format', { field }),
      format: () => t(p.format === 'email' ? 'validation.email' : 'validation.format', { field }),
      type: () =>
        t(
          String(p.type).includes('integer')
            ? 'validation.integer'
            : String(p.type).includes('number')
              ? 'validation.numeric'
              : 'validation.invalid',
          { field },
        ),
    };
    const own = e.parentSchema?.['x-message'];
    e.message =
      typeof own === 'string' && !emptyRequired
        ? t(own, { field })
        : (map[keyword] ?? (() => t('validation.invalid', { field })))();
    if (emptyRequired) {
      e.keyword = 'required';
    }
  }
}
