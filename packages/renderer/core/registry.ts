/**
 * A name → thing map that fails loudly. Screen kinds, widgets, layouts and guards are all registries:
 * a schema names what it wants, and a name nobody registered is an error that says where it came from.
 *
 * @example
 * const widgets = createRegistry<Widget>('widget', { image: ImageWidget });
 * widgets.get('image', 'screens/clients.form#/uiSchema/main_photo');
 */
export class UnknownNameError extends Error {
  constructor(kind: string, name: string, schemaPath: string, known: string[]) {
    super(`Unknown ${kind} "${name}" at ${schemaPath}. Registered: ${known.join(', ') || '(none)'}.`);
    this.name = 'UnknownNameError';
  }
}

/**
 * Things of one kind by name (widgets, cell types, screen kinds); asking for a missing name throws with its path.
 * @example
 * const widgets: Registry<RendererWidget> = createRegistry('widget', { colour: ColourPicker });
 * widgets.has('colour') // → true; widgets.names() // → ['colour']
 */
export interface Registry<T> {
  readonly kind: string;
  get(name: string, schemaPath: string): T;
  has(name: string): boolean;
  names(): string[];
  /** A new registry with more entries; the original is untouched. */
  with(entries: Record<string, T>): Registry<T>;
  entries(): Record<string, T>;
}

/**
 * A registry of one kind of thing, with the entries given.
 * @example const widgets = createRegistry('widget', { colour: ColourPicker }); widgets.get('colour', '/screens/x');
 */
export function createRegistry<T>(kind: string, entries: Record<string, T> = {}): Registry<T> {
  const map = { ...entries };
  return {
    kind,
    get(name, schemaPath) {
      if (!Object.prototype.hasOwnProperty.call(map, name))
        throw new UnknownNameError(kind, name, schemaPath, Object.keys(map));
      return map[name];
    },
    has: (name) => Object.prototype.hasOwnProperty.call(map, name),
    names: () => Object.keys(map),
    with: (more) => createRegistry(kind, { ...map, ...more }),
    entries: () => ({ ...map }),
  };
}
