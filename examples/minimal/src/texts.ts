/** The words the screens show: the renderer's own keys it meets here, and the tasks' field names. */
const texts: Record<string, string> = {
  'actions.cancel': 'Cancel',
  'actions.open': 'Open',
  'actions.save': 'Save',
  'form.new': 'New',
  'form.edit': 'Edit',
  'app.loading': 'Loading…',
  'app.retry': 'Try again',
  'app.loadFailed': 'Could not load this screen. Please try again.',
  'form.fixErrors': 'Please check the highlighted fields.',
  'form.saving': 'Saving…',
  'list.actions': 'Actions',
  'list.yes': 'Yes',
  'list.no': 'No',
  'list.noResults': 'Nothing matches “{{search}}”.',
  'list.range': '{{from}}–{{to}} of {{count}}',
  'list.rowsPerPage': 'Rows per page',
  'list.search': 'Search',
  'list.views.label': 'View',
  'list.views.list': 'List',
  'list.views.table': 'Table',
  'validation.failed': 'The given data was invalid.',
  'validation.required': 'The {{field, lowercase}} field is required.',
  'validation.format': 'The {{field, lowercase}} format is invalid.',
  'fields.tasks.title': 'Title',
  'fields.tasks.due': 'Due',
  'fields.tasks.done': 'Done',
};

/**
 * The renderer's `t`: a key's text with its `{{values}}` filled (`{{field, lowercase}}` in lower case); a key with no
 * text is shown as written (the screens' titles and labels here are their own words).
 */
export function t(key: string, values: Record<string, unknown> = {}): string {
  const text = texts[key] ?? (typeof values.defaultValue === 'string' ? values.defaultValue : key);
  return text.replace(/\{\{\s*(\w+)\s*(, lowercase)?\s*\}\}/g, (_, name: string, lower?: string) => {
    const value = String(values[name] ?? '');
    return lower ? value.toLowerCase() : value;
  });
}
