/**
 * Stands in for `fast-uri` inside rjsf's `$ref` lookup (see webpack.config.ts). rjsf calls only `resolve` and
 * `equal`; the full RFC 3986 library is ~21 KB of minified script on every form page. The WHATWG URL parser
 * resolves references the same way for what schemas use: `$id` URLs and URNs, `#/$defs/…` pointers and relative
 * file names. A relative base is resolved under a placeholder origin that is taken off again.
 */
const PLACEHOLDER = 'http://relative.invalid/';
const hasScheme = (uri: string) => /^[a-z][a-z\d+.-]*:/i.test(uri);

function resolve(base: string | undefined, ref: string): string {
  if (hasScheme(ref)) return normalize(ref);
  if (!base) return ref;
  if (hasScheme(base)) return new URL(ref, base).href;
  const href = new URL(ref, new URL(base, PLACEHOLDER)).href;
  return href.startsWith(PLACEHOLDER) ? href.slice(PLACEHOLDER.length) : href;
}

function normalize(uri: string): string {
  if (!hasScheme(uri)) return uri;
  try {
    return new URL(uri).href;
  } catch {
    return uri;
  }
}

/** Two references name the same schema: equal once normalised (scheme and host case, dot segments, a default port). */
function equal(a: string, b: string): boolean {
  return normalize(a) === normalize(b);
}

const UriResolver = { resolve, equal, normalize };
export { resolve, equal, normalize };
export default UriResolver;
