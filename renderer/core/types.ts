/**
 * The shapes the renderer reads from a server. The schema language (screens and navigation) is generated from
 * schemas/meta into ./generated/schema-language.ts by `npm run gen:types`; here are the names the renderer uses for
 * it, what the server adds when it serves a screen, and the answers of the generic REST dialect.
 */
import type {
  ActionDef,
  Area,
  ColumnDef,
  Gate,
  JsonSchema,
  MenuItem,
  Navigation,
  Screen,
  When,
  WizardStepDef,
} from './generated/schema-language';

export type { ActionDef, Area, ColumnDef, Gate, JsonSchema, MenuItem, Navigation, When, WizardStepDef };

/** What the manifest says of each screen. */
export type ScreenSummary = Pick<Screen, 'id' | 'kind' | 'route' | 'title' | 'resource' | 'gate'>;

/** A screen as served: its file, plus its resource's writable schema (forms) and record schema (lists, details). */
export interface ScreenDef extends Screen {
  schema?: JsonSchema;
  record?: JsonSchema;
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
