/**
 * What an overlay changes, in sentences an admin reads before publishing or rolling back ("Clients · column Phone:
 * label ‘Phone’ → ‘Mobile’"), between any two overlays (a draft and what is live, two releases). Pure: the texts come
 * from the host's `t` (keys under `uiConfig.diff`), the names of what changed from the shipped screens.
 */
import type { Navigation } from './generated/schema-language.js';
import { resolveTarget, type Overlay, type OverlayChange } from './overlay.js';
import type { Translate } from './types.js';

type Node = Record<string, unknown>;
type Screen = Node & { id: string; title?: string; resource?: string };

export interface Shipped {
  screens: ReadonlyMap<string, Screen>;
  navigation: Navigation;
}

const same = (a: OverlayChange, b: OverlayChange) => JSON.stringify(a) === JSON.stringify(b);

/** The node's words: "column Phone", "field Email", "section Contact", "Menu · Calendar". */
function nodeName(base: Shipped, change: OverlayChange, t: Translate): { where: string; node: string; label: string } {
  if ('area' in change) {
    const area = base.navigation.areas.find((a) => a.id === change.area);
    let label = change.target;
    try {
      const { list, index } = resolveTarget({ menu: area?.menu ?? [] }, change.target, new Set(['menu']));
      label = t((list[index] as { label: string }).label);
    } catch {
      // A menu entry the shipped navigation no longer has is named by its path.
    }
    return { where: t('uiConfig.diff.menu'), node: label, label };
  }
  const screen = base.screens.get(change.screen);
  const where = screen?.title ? t(screen.title) : change.screen;
  const last = change.target.split('/').pop() ?? change.target;
  const kind = /^([a-zA-Z]+)\[/.exec(last)?.[1] ?? 'field';
  let label = /=([^\]]+)\]$/.exec(last)?.[1] ?? /\[([^\]]+)\]$/.exec(last)?.[1] ?? last;
  try {
    if (screen) {
      const { list, index } = resolveTarget(screen, change.target);
      const item = list[index];
      const named = typeof item === 'string' ? { field: item } : (item as Node);
      const key =
        (named.label as string | undefined) ??
        (named.title as string | undefined) ??
        (named.field ? `fields.${screen.resource ?? 'common'}.${String(named.field)}` : undefined);
      if (key) label = t(key);
    }
  } catch {
    // A node the shipped screen does not have (gone, or a column added) is named by its field's name, or its key.
    if (screen && /^\w+\[field=/.test(last)) label = t(`fields.${screen.resource ?? 'common'}.${label}`);
  }
  const kinds: Record<string, string> = {
    columns: 'column',
    fields: 'field',
    sections: 'section',
    related: 'related',
    cards: 'card',
    tabs: 'tab',
  };
  return { where, node: t(`uiConfig.diff.${kinds[kind] ?? 'field'}`, { name: label }), label };
}

/**
 * One change in words, in `lng` (its plain texts are per language).
 * @example
 * describeChange(shipped, { op: 'hide', screen: 'clients.list', target: 'columns[field=phone]' }, t, 'en')
 *   // → 'Clients · column Phone: hidden'
 */
export function describeChange(base: Shipped, change: OverlayChange, t: Translate, lng: string): string {
  const { where, node, label } = nodeName(base, change, t);
  const textOf = (value: Partial<Record<string, string>>) => value[lng] ?? value.en ?? Object.values(value)[0] ?? '';
  switch (change.op) {
    case 'set-label':
    case 'rename-menu':
      return t('uiConfig.diff.label', { where, node, from: label, to: textOf(change.value) });
    case 'set-help':
      return t('uiConfig.diff.help', { where, node, to: textOf(change.value) });
    case 'hide':
    case 'hide-menu':
      return t('uiConfig.diff.hide', { where, node });
    case 'show':
    case 'show-menu':
      return t('uiConfig.diff.show', { where, node });
    case 'move':
    case 'move-menu':
      return t('uiConfig.diff.move', { where, node, to: change.value + 1 });
    case 'set-width':
      return t('uiConfig.diff.width', { where, node, to: change.value });
    case 'add-column':
      return t('uiConfig.diff.add', { where, node });
    case 'set-widget':
      return t('uiConfig.diff.widget', { where, node, to: t(`uiConfig.widget.${change.value}`) });
    case 'set-tour-text': {
      const id = /\[id=([^\]]+)\]$/.exec(change.target)?.[1];
      const steps = (base.screens.get(change.screen)?.tour as { steps?: Array<{ id: string; title: string }> })?.steps;
      const title = steps?.find((s) => s.id === id)?.title;
      return t('uiConfig.diff.tourText', { where, step: title ? t(title) : id, to: textOf(change.value) });
    }
    case 'add-card':
      return t('uiConfig.diff.addCard', {
        where,
        title: textOf(change.value.title),
        chart: t(`uiConfig.chart.${change.value.type}`),
      });
  }
}

/**
 * What `to` changes against `from`: its changes `from` lacks, then `from`'s changes `to` undoes.
 * @example
 * describeDiff(shipped, live, draft, t, 'en')
 *   // → ['Clients · column Phone: hidden', 'Undone: Clients · column Email: hidden']
 */
export function describeDiff(base: Shipped, from: Overlay, to: Overlay, t: Translate, lng: string): string[] {
  const added = to.changes.filter((c) => !from.changes.some((f) => same(c, f)));
  const undone = from.changes.filter((f) => !to.changes.some((c) => same(c, f)));
  return [
    ...added.map((c) => describeChange(base, c, t, lng)),
    ...undone.map((c) => t('uiConfig.diff.undone', { change: describeChange(base, c, t, lng) })),
  ];
}
