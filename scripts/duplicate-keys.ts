/**
 * The keys a JSON text names twice in one object, as `path.to.key` — JSON.parse keeps the last silently, so a text
 * added under a key that already exists would never be seen. Strings are skipped whole (escapes included).
 */
export function duplicateKeys(text: string): string[] {
  const found: string[] = [];
  const stack: Array<{ keys: Set<string>; path: string; key: string | null; array: boolean }> = [];
  let lastString: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      lastString = JSON.parse(text.slice(i, j + 1)) as string;
      i = j;
    } else if (c === ':') {
      const top = stack.at(-1)!;
      if (top.keys.has(lastString!)) found.push(top.path ? `${top.path}.${lastString}` : lastString!);
      top.keys.add(lastString!);
      top.key = lastString;
    } else if (c === '{' || c === '[') {
      const parent = stack.at(-1);
      const path =
        parent && !parent.array && parent.key !== null
          ? parent.path
            ? `${parent.path}.${parent.key}`
            : parent.key
          : (parent?.path ?? '');
      stack.push({ keys: new Set(), path, key: null, array: c === '[' });
    } else if (c === '}' || c === ']') {
      stack.pop();
    }
  }
  return found;
}
