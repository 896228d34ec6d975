/** The shapes the renderer reads from a server. They mirror schemas/meta/*.schema.json. */

export interface Gate {
  subscription?: boolean;
  subject?: string;
  action?: string;
}

export interface ColumnDef {
  field: string;
  label?: string;
  /** A built-in type, or a host's own cell type (`x-…`, registered with `<SchemaApp cellTypes>`). */
  type?:
    | 'text'
    | 'date'
    | 'datetime'
    | 'boolean'
    | 'image'
    | 'email'
    | 'phone'
    | 'money'
    | 'list'
    | 'enum'
    | 'colour'
    | 'duration'
    | 'url'
    | `x-${string}`;
  sortable?: boolean;
  width?: number;
  /** For `list`: the fields of each item to show, and a nested list of each item (e.g. a session's attendees). */
  items?: string[];
  /** For `list` of ids: the records they name, shown by these fields of the resource's lite list. */
  names?: { resource: string; fields: string[] };
  /** For `list`: an i18n key each item is written with, its fields as values ("{{quantity}} × {{service_title}}"). */
  itemText?: string;
  /** For `list` with `items`: how an item's field is written, by column type (`{ date: 'date' }` → "25 Nov 2026"). */
  itemTypes?: Record<string, NonNullable<ColumnDef['type']>>;
  nested?: { field: string; label?: string; items: string[]; empty?: string };
}

export interface ActionDef {
  id: string;
  label: string;
  kind?: 'navigate' | 'archive' | 'restore' | 'delete' | 'export' | 'call';
  /** For `call`: the request to make; `{id}` in the path is the record's id. */
  method?: 'POST' | 'PUT' | 'DELETE';
  path?: string;
  /** For `call`: reload the session afterwards (sign in as) instead of refreshing the data. */
  then?: 'session' | 'refresh';
  screen?: string;
  format?: 'csv' | 'xlsx';
  permission?: string;
  confirm?: string;
  icon?: string;
}

export interface JsonSchema {
  $id?: string;
  title?: string;
  type?: string | string[];
  format?: string;
  readOnly?: boolean;
  required?: string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  default?: unknown;
  [key: string]: unknown;
}

export interface ScreenSummary {
  id: string;
  kind: string;
  route: string;
  title: string;
  resource?: string;
  gate?: Gate;
}

export interface ScreenDef extends ScreenSummary {
  /** Built-in views, or a host's own (`x-…`, registered with `<SchemaApp listViews>`). */
  views?: Array<'list' | 'gallery' | 'table' | `x-${string}`>;
  card?: { title?: string[]; subtitle?: string[]; image?: string };
  header?: { title?: string[]; subtitle?: string[]; image?: string };
  columns?: ColumnDef[];
  archiveTabs?: boolean;
  searchable?: boolean;
  rowScreen?: string;
  empty?: string;
  actions?: ActionDef[];
  links?: ActionDef[];
  uiSchema?: Record<string, unknown>;
  fields?: string[];
  submit?: {
    method?: 'POST' | 'PUT' | 'DELETE';
    path?: string;
    label?: string;
    then?: 'session' | 'screen' | 'message';
    screen?: string;
  };
  /** Form fields filled from the route (`":token"`) or the query string (`"?email"`). */
  defaults?: Record<string, string>;
  /** A form's initial data from this endpoint (`{ data }`), for forms that edit something other than a record. */
  load?: string;
  /** GETs the first screen makes at once (`/api/v1/online-booking/:slug`): the server may answer them in the page. */
  preload?: string[];
  /** List tabs, each a set of list parameters (e.g. a scope). */
  tabs?: Array<{ label: string; params: Record<string, string> }>;
  sections?: Array<{ title: string; fields: ColumnDef[] }>;
  related?: Array<{ id: string; title: string; empty?: string; columns: ColumnDef[] }>;
  cards?: Array<{ title: string; resource?: string; screen?: string; widget?: string }>;
  /** For `wizard`: the steps in order, each a screen widget; a step shows only while its `when` holds. */
  steps?: WizardStepDef[];
  /** The resource's writable JSON Schema (forms) and full record schema (lists, details). */
  schema?: JsonSchema;
  record?: JsonSchema;
}

/**
 * `{ "verified": [false, null] }`: holds while every named field has one of the listed values (null = unset);
 * `"$set"` instead of a list holds while the field has any value. A name may be a dotted path (`recurring.series_id`).
 */
export type When = Record<string, unknown[] | '$set'>;

export interface WizardStepDef {
  id: string;
  title: string;
  widget: string;
  when?: When;
  /** Data the step needs; reached without it (a stale link), the wizard starts again. */
  requires?: string[];
  /** No way back from here (a confirmation). */
  final?: boolean;
}

/** Whether data satisfies a `when` condition (form fields' showWhen, wizard steps' when). */
export function matchesWhen(when: When | undefined, data: Record<string, unknown> | undefined): boolean {
  if (!when) return true;
  return Object.entries(when).every(([field, values]) => {
    const value =
      field
        .split('.')
        .reduce<unknown>(
          (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
          data,
        ) ?? null;
    return values === '$set'
      ? value !== null && value !== '' && !(Array.isArray(value) && value.length === 0)
      : values.includes(value);
  });
}

export interface MenuItem {
  label: string;
  route: string;
  icon?: string;
  subject?: string;
}

export interface Area {
  id: string;
  guard: string;
  layout: string;
  home?: string;
  screens: string[];
  menu?: MenuItem[];
}

export interface Navigation {
  areas: Area[];
  redirects: Array<{ from: string; to: string }>;
  notFound: string;
}

export interface ResourceInfo {
  path: string | null;
  subject: string | null;
  validator: string;
  archivable: boolean;
  exportFormats: Array<'csv' | 'xlsx'>;
  /** The generic routes the server has for it. */
  operations: Array<'list' | 'create' | 'show' | 'update' | 'delete' | 'export'>;
}

export interface Manifest {
  hash: string;
  navigation: Navigation;
  screens: ScreenSummary[];
  resources: Record<string, ResourceInfo>;
}

export interface Paged<T> {
  data: T[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

export type RecordData = Record<string, unknown> & { id?: number };

/** How the renderer asks about permissions: it never sees CASL, only this question. */
export type Can = (action: string, subject: string, field?: string) => boolean;

/** How the renderer asks for texts: the host's i18n. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;
