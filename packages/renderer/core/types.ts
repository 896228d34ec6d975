/**
 * The shapes the renderer reads from a server. The schema language (screens and navigation, from ../language) and
 * the REST dialect's answers (the manifest and a list page, from renderer/dialect) are generated into
 * ./generated/schema-language.ts by `npm run gen:types`; here are the names the renderer uses for them, what the
 * server adds when it serves a screen, and what a schema cannot say (a page of a given record type).
 */
import type { Exclusive } from './exclusive.js';
import type {
  ActionDef,
  Area,
  CardDef,
  ColumnDef,
  Gate,
  JsonSchema,
  Manifest,
  MenuItem,
  Navigation,
  Page,
  PageMeta,
  RelatedDef,
  ResourceInfo,
  Screen as ScreenFile,
  ScreenSummary,
  SectionDef,
  When,
  WizardStepDef,
} from './generated/schema-language.js';

export type {
  ActionDef,
  Area,
  CardDef,
  ColumnDef,
  Gate,
  JsonSchema,
  Manifest,
  MenuItem,
  Navigation,
  PageMeta,
  RelatedDef,
  ResourceInfo,
  ScreenSummary,
  SectionDef,
  When,
  WizardStepDef,
};

/**
 * A screen file of any kind (one type per kind, each saying the others' keys are absent).
 * @example const cards = (screen: Screen) => screen.cards ?? []; // a dashboard's cards, [] on any other kind
 */
export type Screen = Exclusive<ScreenFile>;

/**
 * The name of a screen kind: the renderer's (`list`, `form`, …) or a host's (`x-…`).
 * @example const kind: ScreenKindName = 'dashboard'; // or a host's own: 'x-board'
 */
export type ScreenKindName = Screen['kind'];

/**
 * A screen as served: its file, plus its resource's writable schema (forms) and record schema (lists, details).
 * `ScreenDef<'list'>` is a list screen's: narrowed on `kind` (`ofKind`), its own keys are typed as its kind has them.
 * @example const list: ScreenDef<'list'> = ofKind(screen, 'list'); const fields = list.columns?.map((c) => c.field);
 */
export type ScreenDef<K extends ScreenKindName = ScreenKindName> = Extract<Screen, { kind: K }> & {
  schema?: JsonSchema;
  record?: JsonSchema;
};

/**
 * `screen` as a `kind` screen, for the component registered under that name. A host that registers it under another
 * kind gets an error naming the screen's kind, not a screen missing its keys.
 * @example const list = ofKind(screen, 'list'); // a ScreenDef<'list'>; throws when screen.kind is 'form'
 */
export function ofKind<K extends ScreenKindName>(screen: ScreenDef, kind: K): ScreenDef<K> {
  if (!isKind(screen, kind))
    throw new Error(`screens/${screen.id}#/kind: a ${kind} screen's component was given a "${screen.kind}" screen`);
  return screen;
}

function isKind<K extends ScreenKindName>(screen: ScreenDef, kind: K): screen is ScreenDef<K> {
  return screen.kind === kind;
}

/**
 * Whether data satisfies a `when` condition (form fields' showWhen, wizard steps' when).
 * @example
 * matchesWhen({ verified: [false, null] }, { verified: null }) // → true
 * matchesWhen({ phone: '$set' }, { phone: '' }) // → false
 */
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

/**
 * A list page (renderer/dialect/page.schema.json) whose records are `T`: a schema has no type parameters.
 * @example
 * const page: Paged<{ id: number; first_name: string }> = {
 *   data: [{ id: 1, first_name: 'Ada' }],
 *   meta: { current_page: 1, last_page: 1, per_page: 25, total: 1 },
 * };
 */
export interface Paged<T> extends Omit<Page, 'data'> {
  data: T[];
}

/**
 * A record as the REST dialect answers it: its fields by name, and its id once saved.
 * @example const client: RecordData = { id: 7, first_name: 'Ada', phone: '07700 900123' };
 */
export type RecordData = Record<string, unknown> & { id?: number };

/**
 * How the renderer asks about permissions: it never sees CASL, only this question.
 * @example
 * const can: Can = (action, subject) => action === 'read' || subject === 'Client';
 * can('update', 'Client') // → true; can('delete', 'Income') // → false
 */
export type Can = (action: string, subject: string, field?: string) => boolean;

/**
 * How the renderer asks for texts: the host's i18n.
 * @example const t: Translate = (key, options) => i18next.t(key, options); t('list.exportFailed');
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;
