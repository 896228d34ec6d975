/**
 * The shapes the renderer reads from a server. The schema language (screens and navigation, from schemas/meta) and
 * the REST dialect's answers (the manifest and a list page, from renderer/dialect) are generated into
 * ./generated/schema-language.ts by `npm run gen:types`; here are the names the renderer uses for them, what the
 * server adds when it serves a screen, and what a schema cannot say (a page of a given record type).
 */
import type {
  ActionDef,
  Area,
  ColumnDef,
  Gate,
  JsonSchema,
  Manifest,
  MenuItem,
  Navigation,
  Page,
  PageMeta,
  ResourceInfo,
  Screen,
  ScreenSummary,
  When,
  WizardStepDef,
} from './generated/schema-language';

export type {
  ActionDef,
  Area,
  ColumnDef,
  Gate,
  JsonSchema,
  Manifest,
  MenuItem,
  Navigation,
  PageMeta,
  ResourceInfo,
  ScreenSummary,
  When,
  WizardStepDef,
};

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

/** A list page (renderer/dialect/page.schema.json) whose records are `T`: a schema has no type parameters. */
export interface Paged<T> extends Omit<Page, 'data'> {
  data: T[];
}

export type RecordData = Record<string, unknown> & { id?: number };

/** How the renderer asks about permissions: it never sees CASL, only this question. */
export type Can = (action: string, subject: string, field?: string) => boolean;

/** How the renderer asks for texts: the host's i18n. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;
