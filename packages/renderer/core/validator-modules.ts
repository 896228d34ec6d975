const loaded = new Map<string, (data: unknown) => boolean>();

/**
 * Loads a precompiled validator module the server generated from a schema (ajv standalone code). Importing a
 * module is allowed by a strict CSP; compiling a schema in the page (`new Function`) is not.
 */
export async function loadValidator(url: string): Promise<(data: unknown) => boolean> {
  const mod = (await import(/* webpackIgnore: true */ url)) as { default: (data: unknown) => boolean };
  loaded.set(url, mod.default);
  return mod.default;
}

/**
 * A validator `loadValidator` has already loaded, at once (a page's first form, loaded before its first render, is
 * drawn with it in one pass); undefined before.
 */
export function peekValidator(url: string): ((data: unknown) => boolean) | undefined {
  return loaded.get(url);
}
