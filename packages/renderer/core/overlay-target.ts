// Where an overlay's change points: a keyed path into a screen (`columns[field=phone]`), and the refusal a change
// gets when its path or its value will not do.

type Node = Record<string, unknown>;

/** Where a change may point: the lists of what a screen shows. Anything else is the data contract's. */
export const LISTS = new Set(['columns', 'fields', 'sections', 'related', 'cards', 'tabs']);

/**
 * A refusal, with the change's place (`changes/3/target`) and words for the admin.
 * @example new OverlayError('changes/3/target', 'nothing at "columns[field=fax]"').path // → 'changes/3/target'
 */
export class OverlayError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
  }
}

/** One segment of a keyed path: `columns[field=phone]`, or `fields[phone]` in a list of names. */
const SEGMENT = /^([a-zA-Z]+)\[(?:([a-z_]+)=)?([^\]]{1,120})\]$/;

interface Found {
  list: unknown[];
  index: number;
}

/**
 * The node a keyed path names in a screen, as its list and place in it (so it can be moved or taken out).
 * @example const { list, index } = resolveTarget(clientsList, 'columns[field=phone]'); // list: its columns, index: 2
 */
export function resolveTarget(screen: Node, target: string, lists: ReadonlySet<string> = LISTS): Found {
  // Segments are split at the slashes between them, not inside a key's value (`menu[route=/clients]`).
  const segments = target.match(/[a-zA-Z]+\[[^\]]*\](?=\/|$)/g) ?? [];
  if (segments.join('/') !== target) throw new Error(`"${target}" is not a keyed path (list[key=value]/…)`);
  let node: Node = screen;
  let found: Found | undefined;
  for (const [i, segment] of segments.entries()) {
    const m = SEGMENT.exec(segment);
    if (!m) throw new Error(`"${segment}" is not a keyed path segment (list[key=value])`);
    const [, list, key, value] = m;
    if (i === 0 && !lists.has(list)) throw new Error(`"${list}" is not something an overlay may change`);
    const items = node[list];
    if (!Array.isArray(items)) throw new Error(`"${list}" is not a list here`);
    const index = items.findIndex((item) =>
      key === undefined ? item === value : item && typeof item === 'object' && String((item as Node)[key]) === value,
    );
    if (index < 0) throw new Error(`nothing at "${segment}"`);
    found = { list: items, index };
    node = items[index] as Node;
  }
  return found!;
}
