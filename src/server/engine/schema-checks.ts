import { ACTIONS, SUBJECTS } from '../../../permissions/subjects';
import { callNameProblems } from './calls';
import { i18nKeysOf } from './i18n-positions';
import { formFieldsOf, tourProblems } from './tour-checks';
import type { ColumnDef } from './generated/schema-language';
import type { SchemaRegistry, Screen } from './schema-registry';

/** The `validation.*` keys renderer/core/validation.ts and engine/validation-messages.ts use. */
export const VALIDATION_KEYS = [
  'required',
  'max_string',
  'min_string',
  'max_numeric',
  'min_numeric',
  'min_items',
  'max_items',
  'email',
  'format',
  'integer',
  'numeric',
  'boolean',
  'string',
  'array',
  'in',
  'prohibited',
  'invalid',
  'failed',
  'summary',
] as const;

/**
 * Names only the browser's code defines: screen kinds, form widgets, screen widgets, and the host's own (`x-…`) cell
 * types and list views. `npm run validate:schemas` and the server (at start and on each reload) pass the same lists
 * (src/domain/widget-names.ts), read without loading React; a kind of name left out is not checked.
 */
export interface CodeNames {
  screenKinds?: readonly string[];
  widgets?: readonly string[];
  screenWidgets?: readonly string[];
  cellTypes?: readonly string[];
  listViews?: readonly string[];
}

/** Host (`x-…`) list views and cell types a screen names — its views, columns, sections and related lists. */
function hostNames(where: string, s: Screen, code: CodeNames, problem: (where: string, msg: string) => void): void {
  const host = (name: string | undefined) => typeof name === 'string' && name.startsWith('x-');
  if (code.listViews)
    for (const [i, view] of (s.views ?? []).entries())
      if (host(view) && !code.listViews.includes(view)) problem(`${where}#/views/${i}`, `unknown list view "${view}"`);
  if (!code.cellTypes) return;
  const columns: Array<[string, ColumnDef[]]> = [
    ['columns', s.columns ?? []],
    ...(s.sections ?? []).map((x, i): [string, ColumnDef[]] => [`sections/${i}/fields`, x.fields ?? []]),
    ...(s.related ?? []).map((x, i): [string, ColumnDef[]] => [`related/${i}/columns`, x.columns]),
  ];
  for (const [at, list] of columns)
    for (const [i, c] of list.entries())
      if (host(c.type) && !code.cellTypes.includes(c.type!))
        problem(`${where}#/${at}/${i}/type`, `unknown cell type "${c.type}"`);
}

/**
 * Every name a loaded set of schemas mentions resolves — resource, field, screen, route, permission subject and
 * action, and i18n key in every locale given. Returns each problem with its place (empty when all is well). Used by
 * `npm run validate:schemas` and by the server before it swaps in reloaded schemas.
 */
export function registryProblems(
  registry: SchemaRegistry,
  locales: Record<string, Record<string, unknown>>,
  code: CodeNames = {},
): string[] {
  const problems: string[] = [];
  const problem = (where: string, msg: string) => problems.push(`${where}: ${msg}`);

  const textOf = (texts: Record<string, unknown>, key: string) =>
    key
      .split('.')
      .reduce<unknown>(
        (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
        texts,
      );
  const i18n = (where: string, key: string | undefined) => {
    if (!key) return;
    for (const [lng, texts] of Object.entries(locales))
      if (typeof textOf(texts, key) !== 'string') problem(where, `i18n key "${key}" is missing in ${lng}`);
  };
  // A key written with a count may exist only as its plural forms (`units.miles_one`, `units.miles_other`).
  const plural = (where: string, key: string | undefined) => key && i18n(where, `${key}_other`);
  const subject = (where: string, s: string | undefined) =>
    s && !(SUBJECTS as readonly string[]).includes(s) && problem(where, `unknown permission subject "${s}"`);
  const action = (where: string, a: string | undefined) =>
    a && !(ACTIONS as readonly string[]).includes(a) && problem(where, `unknown permission action "${a}"`);

  // The messages every validator (browser and server) writes its errors with.
  for (const key of VALIDATION_KEYS) i18n('src/locales#/validation', `validation.${key}`);

  // 2. Resources.
  for (const r of registry.resources.values()) {
    const where = `resources/${r.name}.json`;
    const props = r.file.properties ?? {};
    const field = (p: string, f: string) =>
      !(f in props) && problem(`${where}#/x-resource/${p}`, `unknown field "${f}"`);
    for (const f of Object.keys(props)) i18n(`${where}#/properties/${f}`, `fields.${r.name}.${f}`);
    for (const [f, p] of Object.entries(props))
      for (const sub of Object.keys(p.items?.properties ?? {}))
        i18n(`${where}#/properties/${f}/items`, `fields.${r.name}.${sub}`);
    for (const f of r.file.required ?? []) field('required', f);
    for (const [f, p] of Object.entries(props))
      for (const rule of (p.allOf ?? []) as Array<{ 'x-same-as'?: string }>)
        if (rule['x-same-as'] !== undefined) field(`properties/${f}/allOf`, rule['x-same-as']);
    // Messages a schema names for its rules (`x-message`, anywhere in it) and for settings it requires.
    const messages = (node: unknown, at: string): void => {
      if (!node || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node)) {
        if (k === 'x-message' && typeof v === 'string') i18n(`${where}#${at}/x-message`, v);
        else messages(v, `${at}/${k}`);
      }
    };
    messages(r.file, '');
    for (const [f, rule] of Object.entries(r.meta.requiresSetting ?? {}))
      i18n(`${where}#/x-resource/requiresSetting/${f}/message`, rule.message);
    if (r.meta.crud === false) continue;
    subject(`${where}#/x-resource/subject`, r.meta.subject);
    for (const list of ['search', 'sort', 'lite'] as const) for (const f of r.meta[list] ?? []) field(list, f);
    if (r.meta.defaultSort) field('defaultSort', r.meta.defaultSort.replace(/^-/, ''));
    for (const f of Object.keys(r.meta.filters ?? {})) field('filters', f);
    const scopes = Object.keys(r.meta.scopes ?? {});
    if (r.meta.defaultScope && !scopes.includes(r.meta.defaultScope))
      problem(`${where}#/x-resource/defaultScope`, `unknown scope "${r.meta.defaultScope}"`);
    for (const [param, values] of Object.entries(r.meta.scopeParams ?? {}))
      for (const [value, scope] of Object.entries(values))
        if (scope !== null && !scopes.includes(scope))
          problem(`${where}#/x-resource/scopeParams/${param}/${value}`, `unknown scope "${scope}"`);
    for (const f of r.meta.export?.fields ?? []) field('export/fields', f);
    for (const f of r.meta.uploads ?? []) field('uploads', f);
    for (const f of r.meta.phones ?? []) field('phones', f);
    for (const f of Object.keys(r.meta.children ?? {}))
      if (props[f]?.type !== 'array')
        problem(`${where}#/x-resource/children/${f}`, 'children must name an array property');
  }

  // 3. Screens.
  const routes = new Map([...registry.screens.values()].map((s) => [s.route, s.id]));
  for (const s of registry.screens.values()) {
    const where = `screens/${s.id}`;
    const resource = s.resource ? registry.resources.get(s.resource) : undefined;
    if (s.resource && !resource) problem(`${where}#/resource`, `unknown resource "${s.resource}"`);
    if (code.screenKinds && !code.screenKinds.includes(s.kind))
      problem(`${where}#/kind`, `unknown screen kind "${s.kind}"`);
    // Every key at a place the language types as one (a title, a tab, a total, a note…), plural forms counting.
    for (const { at, key } of i18nKeysOf(s))
      for (const [lng, texts] of Object.entries(locales))
        if (typeof textOf(texts, key) !== 'string' && typeof textOf(texts, `${key}_other`) !== 'string')
          problem(`${where}#${at}`, `i18n key "${key}" is missing in ${lng}`);
    const props = resource?.file.properties ?? {};
    const field = (p: string, f: string) =>
      resource && !(f in props) && problem(`${where}#/${p}`, `unknown field "${f}" of ${s.resource}`);
    const screenRef = (p: string, id: unknown) =>
      typeof id === 'string' && !registry.screens.has(id) && problem(`${where}#/${p}`, `unknown screen "${id}"`);
    subject(`${where}#/gate/subject`, s.gate?.subject);
    action(`${where}#/gate/action`, s.gate?.action);
    // A form draws its resource's writable fields.
    const writable = Object.keys(props).filter((f) => !(props[f] as { readOnly?: boolean }).readOnly);
    tourProblems(s, problem, formFieldsOf(s, writable));
    for (const f of s.fields ?? []) field('fields', f);
    const views: string[] = s.views ?? ['list'];
    if (s.phoneView && !views.includes(s.phoneView))
      problem(`${where}#/phoneView`, `"${s.phoneView}" is not one of the screen's views`);
    type Cases = Array<{ when: Record<string, unknown> }>;
    const caseFields = (at: string, cases: Cases | undefined) =>
      (cases ?? []).forEach((c, k) =>
        Object.keys(c.when).forEach((f) => field(`${at}/cases/${k}/when`, f.split('.')[0])),
      );
    for (const [i, c] of (s.columns ?? []).entries()) {
      caseFields(`columns/${i}`, c.cases);
      field(`columns/${i}`, c.field);
      i18n(`${where}#/columns/${i}`, c.label);
      plural(`${where}#/columns/${i}/unit`, c.unit);
    }
    hostNames(where, s, code, problem);
    for (const part of ['card', 'header'] as const) {
      const spec = s[part];
      for (const f of [...(spec?.title ?? []), ...(spec?.subtitle ?? []), ...(spec?.image ? [spec.image] : [])])
        field(part, f);
    }
    for (const [i, sec] of (s.sections ?? []).entries()) {
      i18n(`${where}#/sections/${i}/title`, sec.title);
      if (Boolean(sec.widget) === Boolean(sec.fields || sec.notes))
        problem(`${where}#/sections/${i}`, 'a section shows either fields and notes, or a widget');
      for (const [j, note] of (sec.notes ?? []).entries())
        if (!s.source)
          for (const f of [note.count, ...(note.values ?? []).map((c) => c.field)])
            if (f) field(`sections/${i}/notes/${j}`, f);
      if (sec.widget && code.screenWidgets && !code.screenWidgets.includes(sec.widget))
        problem(`${where}#/sections/${i}/widget`, `unknown screen widget "${sec.widget}"`);
      for (const c of sec.fields ?? []) {
        // A record read from its own route (`source`) carries more than the resource's fields: that route's tests
        // hold the fields its screen names.
        if (!s.source) field(`sections/${i}`, c.field);
        caseFields(`sections/${i}`, c.cases);
        i18n(`${where}#/sections/${i}`, c.label);
        plural(`${where}#/sections/${i}/unit`, c.unit);
        i18n(`${where}#/sections/${i}/itemText`, c.itemText);
      }
    }
    for (const [i, rel] of (s.related ?? []).entries()) {
      // A list read from its own `source` needs no related route of the resource.
      if (resource && !rel.source && !(resource.meta.related ?? []).includes(rel.id))
        problem(`${where}#/related/${i}`, `"${rel.id}" is not in ${s.resource}'s x-resource.related`);
    }
    for (const list of ['actions', 'links'] as const) {
      for (const [i, a] of (s[list] ?? []).entries()) {
        i18n(`${where}#/${list}/${i}/label`, a.label);
        i18n(`${where}#/${list}/${i}/confirm`, a.confirm);
        screenRef(`${list}/${i}/screen`, a.screen);
        action(`${where}#/${list}/${i}/permission`, a.permission);
      }
    }
    for (const [i, c] of (s.cards ?? []).entries()) {
      i18n(`${where}#/cards/${i}/title`, c.title);
      screenRef(`cards/${i}/screen`, c.screen);
      if (c.resource && !registry.resources.has(c.resource))
        problem(`${where}#/cards/${i}/resource`, `unknown resource "${c.resource}"`);
      // A chart is drawn by the widget of its type.
      const widget = c.widget ?? (c.chart ? `chart-${c.chart.type}` : undefined);
      if (widget && code.screenWidgets && !code.screenWidgets.includes(widget))
        problem(`${where}#/cards/${i}/${c.widget ? 'widget' : 'chart'}`, `unknown screen widget "${widget}"`);
      const { compareLabel, countLabel, emptyLabel } = c.figure ?? {};
      for (const key of [compareLabel, countLabel, emptyLabel, ...(c.chart?.values ?? []).map((v) => v.label)])
        i18n(`${where}#/cards/${i}`, key);
      if (c.gate?.subject && !(SUBJECTS as readonly string[]).includes(c.gate.subject))
        problem(`${where}#/cards/${i}/gate`, `unknown subject "${c.gate.subject}"`);
    }
    for (const [i, step] of (s.steps ?? []).entries()) {
      i18n(`${where}#/steps/${i}/title`, step.title);
      if (code.screenWidgets && !code.screenWidgets.includes(step.widget))
        problem(`${where}#/steps/${i}/widget`, `unknown screen widget "${step.widget}"`);
    }
    // A page hosts one screen widget, as a card or a wizard step does.
    if (s.widget && code.screenWidgets && !code.screenWidgets.includes(s.widget))
      problem(`${where}#/widget`, `unknown screen widget "${s.widget}"`);
    for (const f of Object.keys(s.defaults ?? {})) field('defaults', f);
    screenRef('rowScreen', s.rowScreen);
    screenRef('submit/screen', s.submit?.screen);
    if (s.intro && !registry.calls[s.intro.call])
      problem(`${where}#/intro/call`, `"${s.intro.call}" is not a named call (schemas/calls.json)`);
    if (s.gate?.request && !registry.calls[s.gate.request])
      problem(`${where}#/gate/request`, `"${s.gate.request}" is not a named call (schemas/calls.json)`);
    // A template asks a named call what its text says; choices are named by i18n keys.
    const templateProblems = (at: string, ui: Record<string, unknown>) => {
      const o = (ui['ui:options'] ?? {}) as { preview?: string; withFields?: Record<string, string>; labels?: object };
      if (o.preview !== undefined && !registry.calls[o.preview])
        problem(`${at}/ui:options/preview`, `"${o.preview}" is not a named call (schemas/calls.json)`);
      for (const other of Object.values(o.withFields ?? {})) field(`${at.split('#/')[1]}/ui:options/withFields`, other);
      for (const key of Object.values(o.labels ?? {})) i18n(`${at}/ui:options/labels`, key as string);
      const items = (ui.items ?? {}) as { 'ui:enumNames'?: string[] };
      for (const key of [...((ui['ui:enumNames'] as string[]) ?? []), ...(items['ui:enumNames'] ?? [])])
        i18n(`${at}/ui:enumNames`, key);
    };
    for (const [name, ui] of Object.entries((s.uiSchema as Record<string, Record<string, unknown>>) ?? {})) {
      if (name.startsWith('ui:')) continue;
      field(`uiSchema/${name}`, name);
      const widget = ui['ui:widget'];
      if (typeof widget === 'string' && code.widgets && !code.widgets.includes(widget))
        problem(`${where}#/uiSchema/${name}/ui:widget`, `unknown widget "${widget}"`);
      const showWhen = (ui['ui:options'] as { showWhen?: Record<string, unknown> } | undefined)?.showWhen;
      // `$editing` is the form's own state (a record changed, not made), not a field.
      for (const other of Object.keys(showWhen ?? {}))
        if (other !== '$editing') field(`uiSchema/${name}/ui:options/showWhen`, other.split('.')[0]);
      const fill = (ui['ui:options'] as { fill?: Record<string, string> } | undefined)?.fill;
      for (const target of Object.keys(fill ?? {})) field(`uiSchema/${name}/ui:options/fill`, target);
      if (typeof ui['ui:help'] === 'string') i18n(`${where}#/uiSchema/${name}/ui:help`, ui['ui:help']);
      templateProblems(`${where}#/uiSchema/${name}`, ui);
    }
  }

  // 4. Navigation.
  const inArea = new Set<string>();
  for (const [i, area] of registry.navigation.areas.entries()) {
    for (const id of area.screens) {
      inArea.add(id);
      if (!registry.screens.has(id)) problem(`navigation.json#/areas/${i}/screens`, `unknown screen "${id}"`);
    }
    for (const [j, m] of ((area.menu as Array<{ label: string; route: string; subject?: string }>) ?? []).entries()) {
      i18n(`navigation.json#/areas/${i}/menu/${j}/label`, m.label);
      subject(`navigation.json#/areas/${i}/menu/${j}/subject`, m.subject);
      if (!routes.has(m.route) && !registry.navigation.redirects.some((r) => r.from === m.route))
        problem(`navigation.json#/areas/${i}/menu/${j}/route`, `no screen has route "${m.route}"`);
    }
  }
  for (const s of registry.screens.values())
    if (!inArea.has(s.id)) problem(`screens/${s.id}`, 'not placed in any navigation area');
  for (const [i, r] of registry.navigation.redirects.entries()) {
    if (!routes.has(r.to) && r.to !== registry.navigation.notFound)
      problem(`navigation.json#/redirects/${i}/to`, `no screen has route "${r.to}"`);
  }
  // 5. Named calls: the resources they belong to and invalidate.
  problems.push(...callNameProblems(registry.calls, new Set(registry.resources.keys())));
  return [...new Set(problems)];
}
