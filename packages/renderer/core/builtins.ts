/**
 * Names the renderer provides out of the box. Schema checkers read these lists without loading React;
 * a unit test keeps them equal to the real registries.
 * @example (BUILTIN_SCREEN_KINDS as readonly string[]).includes('dashboard') // → true
 */
export const BUILTIN_SCREEN_KINDS = ['list', 'form', 'detail', 'dashboard', 'wizard', 'page'] as const;

/**
 * rjsf's own widgets plus the renderer's (checkbox, textarea and image replace or add to them).
 * @example (BUILTIN_WIDGETS as readonly string[]).includes('money') // → true
 */
export const BUILTIN_WIDGETS = [
  'text',
  'password',
  'email',
  'date',
  'datetime',
  'time',
  'select',
  'radio',
  'hidden',
  'updown',
  'range',
  'color',
  'file',
  'uri',
  'checkboxes',
  'textarea',
  'checkbox',
  'image',
  'colour',
  'money',
  'duration',
  'resource-select',
  'resource-text',
  'call-select',
  'day-month',
  'template',
] as const;

export const RENDERER_WIDGETS = [
  'checkbox',
  'CheckboxWidget',
  'checkboxes',
  'CheckboxesWidget',
  'template',
  'textarea',
  'TextareaWidget',
  'select',
  'SelectWidget',
  'image',
  'colour',
  'money',
  'duration',
  'resource-select',
  'resource-text',
  'call-select',
  'DateTimeWidget',
  'date',
  'DateWidget',
  'day-month',
] as const;
