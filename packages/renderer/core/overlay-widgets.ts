/**
 * The widgets an admin may give a form's field (the overlay's `set-widget`): ones the renderer registers that read and
 * write the field's value as it is, with texts in the user's language. Text is typed on one line or in a text area; a
 * number is typed as text or in a number box with steps. A choice from a list stays a select and yes or no a checkbox
 * (a select of yes and no would show rjsf's own English words). A field drawn by a widget of its own (money in minor
 * units, a date, an image, a client picked from the list…) keeps it: another would write the value in another form.
 * The first choice is what the renderer draws when the screen names none.
 */

/**
 * What a field holds, as its resource's request schema says.
 * @example const method: FieldShape = { type: 'string', enum: ['cash', 'card', 'transfer'] };
 */
export interface FieldShape {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
}

const SWAPPABLE = new Set(['text', 'textarea', 'updown']);

/** The widgets `field` may be drawn with, given its shape and the widget the shipped screen names (if any). */
export function widgetChoices(shape: FieldShape | undefined, shipped: string | undefined): string[] {
  if (!shape || (shipped !== undefined && !SWAPPABLE.has(shipped))) return [];
  const type = [shape.type].flat().find((t) => t !== 'null');
  if (shape.enum) return ['select'];
  if (type === 'boolean') return ['checkbox'];
  if (type === 'string' && !shape.format) return ['text', 'textarea'];
  if (type === 'integer' || type === 'number') return ['text', 'updown'];
  return [];
}

/** The widget the renderer draws a field with when its screen names none: what `widgetChoices` starts from. */
export function defaultWidget(shape: FieldShape | undefined): string | undefined {
  return widgetChoices(shape, undefined)[0];
}
