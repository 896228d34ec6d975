/**
 * An admin's changes to the shipped screens and navigation, kept apart from them: an overlay of typed changes, each
 * `{ op, screen | area, target, value }`, applied over the base the product ships and never written into it. A
 * target is a keyed path (`columns[field=phone]`, `sections[title=screens.clients.contact]/fields[field=email]`,
 * `fields[phone]` for a form's list of names, `menu[route=/clients]`), never an array index, so a change still finds
 * its node when the base gains or loses others. The ops are a closed list that reaches what users see — labels,
 * help, order, what is shown, widths — and nothing of the data contract: no op can name a resource, a gate, an action,
 * a route, a submit or a wizard step, and `applyOverlay` checks that those come out byte-equal to the base.
 */
import type { Navigation } from './generated/schema-language.js';
import { overlayKey, plainTextProblem, type PlainText } from './overlay-text.js';
import { setTourText } from './overlay-tour.js';
import { widgetChoices, type FieldShape } from './overlay-widgets.js';
import { addCard, type ChartSeries, type NewCard } from './overlay-cards.js';
import { OverlayError, resolveTarget } from './overlay-target.js';

export { overlayKey, plainTextProblem, type PlainText };
export { OverlayError, resolveTarget };

/**
 * One change an admin made to the shipped screens: an operation on a keyed target, never on the data contract.
 * @example const rename: OverlayChange = { op: 'set-label', screen: 'clients.list', target: 'columns[field=phone]', value: { en: 'Mobile' } };
 */
export type OverlayChange =
  | { op: 'set-label'; screen: string; target: string; value: PlainText }
  | { op: 'set-help'; screen: string; target: string; value: PlainText }
  | { op: 'hide' | 'show'; screen: string; target: string }
  | { op: 'add-column'; screen: string; target: string }
  | { op: 'move'; screen: string; target: string; value: number }
  | { op: 'set-width'; screen: string; target: string; value: number }
  | { op: 'set-widget'; screen: string; target: string; value: string }
  | { op: 'add-card'; screen: string; target: string; value: NewCard }
  | { op: 'set-tour-text'; screen: string; target: string; value: PlainText }
  | { op: 'hide-menu' | 'show-menu'; area: string; target: string }
  | { op: 'rename-menu'; area: string; target: string; value: PlainText }
  | { op: 'move-menu'; area: string; target: string; value: number };

/**
 * An admin's changes to the shipped screens and navigation, applied in order by `applyOverlay`.
 * @example const draft: Overlay = { changes: [{ op: 'hide', screen: 'clients.list', target: 'columns[field=phone]' }] };
 */
export interface Overlay {
  changes: OverlayChange[];
}

type Node = Record<string, unknown>;
type ScreenFile = Node & { id: string };

const MENU = new Set(['menu']);
/** What must come out of an overlay exactly as it went in: a screen's data contract. */
export const CONTRACT_KEYS: readonly string[] = [
  'id',
  'kind',
  'route',
  'resource',
  'gate',
  'actions',
  'rowActions',
  'submit',
  'steps',
  'source',
  'load',
];

export interface Applied {
  screens: Map<string, ScreenFile>;
  navigation: Navigation;
  /** Texts the changed screens name, per locale, to serve beside the product's. */
  texts: Record<string, Record<string, string>>;
}

/** Deep copy of plain JSON. */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * The base with the overlay's changes applied in order, or an `OverlayError` naming the first change that cannot
 * be: a target that is not there, a text that is not plain, a field a create form requires hidden (`required`
 * answers a form screen's required fields), or anything of the data contract changed.
 * @example
 * const hidePhone: OverlayChange = { op: 'hide', screen: 'clients.list', target: 'columns[field=phone]' };
 * const { screens, texts } = applyOverlay({ screens: shipped, navigation }, { changes: [hidePhone] });
 */
export function applyOverlay(
  base: { screens: ReadonlyMap<string, ScreenFile>; navigation: Navigation },
  overlay: Overlay,
  required: (screen: ScreenFile) => string[] = () => [],
  readable: (screen: ScreenFile) => string[] = () => [],
  shapes: (screen: ScreenFile) => Record<string, FieldShape> = () => ({}),
  charts: (screen: ScreenFile) => ChartSeries[] = () => [],
): Applied {
  const screens = new Map<string, ScreenFile>();
  const navigation = copy(base.navigation);
  const texts: Applied['texts'] = {};
  const hidden = new Map<string, { list: unknown[]; index: number; item: unknown }>();
  const text = (key: string, value: PlainText) => {
    for (const [lng, v] of Object.entries(value)) (texts[lng] ??= {})[key] = v!;
  };

  for (const [i, change] of overlay.changes.entries()) {
    const at = `changes/${i}`;
    try {
      if ('value' in change && ['set-label', 'set-help', 'rename-menu', 'set-tour-text'].includes(change.op)) {
        const problem = plainTextProblem(change.value as PlainText);
        if (problem) throw new OverlayError(`${at}/value`, problem);
      }
      if ('area' in change) {
        const area = navigation.areas.find((a) => a.id === change.area);
        if (!area) throw new OverlayError(`${at}/area`, `no navigation area "${change.area}"`);
        applyMenuChange(area as unknown as Node, change, at, hidden, text);
        continue;
      }
      const original = base.screens.get(change.screen);
      if (!original) throw new OverlayError(`${at}/screen`, `no screen "${change.screen}"`);
      const screen = screens.get(change.screen) ?? copy(original);
      screens.set(change.screen, screen);
      if (change.op === 'add-column') addColumn(screen, change.target, at, readable(original));
      else if (change.op === 'set-widget') setWidget(screen, original, change, at, shapes(original));
      else if (change.op === 'add-card' || change.op === 'set-tour-text') {
        const card = change.op === 'add-card';
        const key = overlayKey(change.screen, change.target, card ? 'label' : 'help');
        const problem = card
          ? addCard(screen, change.target, change.value, charts(original), key)
          : setTourText(screen, change.target, key);
        if (problem) throw new OverlayError(`${at}/${card ? 'value' : 'target'}`, problem);
        text(key, card ? change.value.title : change.value);
      } else applyScreenChange(screen, change, at, hidden, text, required);
    } catch (err) {
      if (err instanceof OverlayError) throw err;
      throw new OverlayError(`${at}/target`, (err as Error).message);
    }
  }
  for (const [id, screen] of screens) {
    const original = base.screens.get(id)!;
    for (const key of CONTRACT_KEYS)
      if (JSON.stringify(screen[key]) !== JSON.stringify(original[key]))
        throw new OverlayError(`screens/${id}/${key}`, 'an overlay may not change what the data contract holds');
  }
  return { screens, navigation, texts };
}

type Hidden = Map<string, { list: unknown[]; index: number; item: unknown }>;

/** A list's new column (`columns[field=city]`), at its end: a field the screen's resource reads, not shown yet. */
function addColumn(screen: ScreenFile, target: string, at: string, readable: string[]) {
  const field = /^columns\[field=([a-z][a-z0-9_]{0,60})\]$/.exec(target)?.[1];
  if (!field) throw new OverlayError(`${at}/target`, 'a new column is named columns[field=…]');
  if (screen.kind !== 'list' || !Array.isArray(screen.columns))
    throw new OverlayError(`${at}/screen`, 'only a list has columns to add to');
  if (screen.columns.some((c) => (c as Node).field === field))
    throw new OverlayError(`${at}/target`, `"${field}" is a column already`);
  if (!readable.includes(field)) throw new OverlayError(`${at}/target`, `"${field}" is not something this list reads`);
  screen.columns.push({ field });
}

/** A form field's widget (`fields[notes]` → `textarea`): one of those its type may take (`widgetChoices`). */
function setWidget(
  screen: ScreenFile,
  original: ScreenFile,
  change: Extract<OverlayChange, { op: 'set-widget' }>,
  at: string,
  shapes: Record<string, FieldShape>,
) {
  if (screen.kind !== 'form') throw new OverlayError(`${at}/screen`, "only a form's fields have widgets");
  const { list, index } = resolveTarget(screen, change.target);
  const name = list[index];
  if (typeof name !== 'string') throw new OverlayError(`${at}/target`, "a widget is set on a form's field");
  const widgetOf = (s: ScreenFile) => ((s.uiSchema as Node | undefined)?.[name] as Node | undefined)?.['ui:widget'];
  const choices = widgetChoices(shapes[name], widgetOf(original) as string | undefined);
  if (!choices.includes(change.value))
    throw new OverlayError(
      `${at}/value`,
      choices.length
        ? `"${name}" may be drawn as ${choices.join(' or ')}`
        : `"${name}" keeps the widget that reads its value`,
    );
  const ui = ((screen.uiSchema as Node | undefined) ?? (screen.uiSchema = {})) as Node;
  ui[name] = { ...((ui[name] as Node) ?? {}), 'ui:widget': change.value };
}

function applyScreenChange(
  screen: ScreenFile,
  change: Exclude<Extract<OverlayChange, { screen: string }>, { op: 'set-widget' }>,
  at: string,
  hidden: Hidden,
  text: (key: string, value: PlainText) => void,
  required: (screen: ScreenFile) => string[],
) {
  const id = `${screen.id}:${change.target}`;
  if (change.op === 'show') {
    const was = hidden.get(id);
    if (!was) throw new OverlayError(`${at}/target`, 'nothing hidden there to show');
    was.list.splice(Math.min(was.index, was.list.length), 0, was.item);
    hidden.delete(id);
    return;
  }
  const { list, index } = resolveTarget(screen, change.target);
  const item = list[index];
  switch (change.op) {
    case 'hide': {
      const name = typeof item === 'string' ? item : ((item as Node).field as string | undefined);
      if (screen.kind === 'form' && name && required(screen).includes(name))
        throw new OverlayError(`${at}/target`, `"${name}" is required to save this form, so it stays on it`);
      hidden.set(id, { list, index, item });
      list.splice(index, 1);
      return;
    }
    case 'move':
      list.splice(index, 1);
      list.splice(Math.max(0, Math.min(change.value, list.length)), 0, item);
      return;
    case 'set-width':
      if (typeof item !== 'object' || !change.target.startsWith('columns['))
        throw new OverlayError(`${at}/target`, 'only a column has a width');
      (item as Node).width = change.value;
      return;
    case 'set-label': {
      if (typeof item !== 'object') throw new OverlayError(`${at}/target`, 'a form field is labelled by its help');
      const key = overlayKey(screen.id, change.target, 'label');
      text(key, change.value);
      (item as Node)[/^(sections|cards)\[/.test(change.target) && !change.target.includes('/') ? 'title' : 'label'] =
        key;
      return;
    }
    case 'set-help': {
      const name = typeof item === 'string' ? item : ((item as Node).field as string);
      const key = overlayKey(screen.id, change.target, 'help');
      text(key, change.value);
      const ui = ((screen.uiSchema as Node | undefined) ?? (screen.uiSchema = {})) as Node;
      ui[name] = { ...((ui[name] as Node) ?? {}), 'ui:help': key };
      return;
    }
  }
}

function applyMenuChange(
  area: Node,
  change: Extract<OverlayChange, { area: string }>,
  at: string,
  hidden: Hidden,
  text: (key: string, value: PlainText) => void,
) {
  const id = `${area.id as string}:${change.target}`;
  if (change.op === 'show-menu') {
    const was = hidden.get(id);
    if (!was) throw new OverlayError(`${at}/target`, 'nothing hidden there to show');
    was.list.splice(Math.min(was.index, was.list.length), 0, was.item);
    hidden.delete(id);
    return;
  }
  if (!change.target.startsWith('menu[')) throw new OverlayError(`${at}/target`, 'a menu change names a menu entry');
  const { list, index } = resolveTarget({ menu: area.menu } as Node, change.target, MENU);
  const item = list[index] as Node;
  if (change.op === 'hide-menu') {
    hidden.set(id, { list, index, item });
    list.splice(index, 1);
  } else if (change.op === 'move-menu') {
    list.splice(index, 1);
    list.splice(Math.max(0, Math.min(change.value, list.length)), 0, item);
  } else if (change.op === 'rename-menu') {
    const key = overlayKey(area.id as string, change.target, 'label');
    text(key, change.value);
    item.label = key;
  }
}
