/** The texts an overlay sets (labels, help, menu names): plain text per language, checked before anything is applied. */

/**
 * Plain text per locale (no HTML, no Markdown, no template syntax).
 * @example const label: PlainText = { en: 'Mobile', uk: 'Мобільний' };
 */
export type PlainText = Partial<Record<string, string>>;

const HTML = /[<>]/;
const MARKDOWN = /(\*\*|__|`|\[[^\]]*\]\(|^\s*#|^\s*[-*+]\s)/m;
/** Interpolation (`{{x}}`, `{x}`, `${x}`) and i18next's nesting (`$t(key)`), which would show another text. */
const TEMPLATE = /(\{\{|\}\}|\{[a-z_]+\}|\$\{|\$t\()/;

/**
 * Why a text is not plain (HTML, Markdown, template syntax, too long, empty), or null.
 * @example plainTextProblem({ en: 'Clients', uk: 'Клієнти' }) // null
 *   plainTextProblem({ en: 'Hello <b>x</b>' }) // 'the en text may not hold < or >'
 */
export function plainTextProblem(text: PlainText): string | null {
  const entries = Object.entries(text);
  if (entries.length === 0) return 'a text in at least one language';
  for (const [lng, value] of entries) {
    if (!/^[a-z]{2}$/.test(lng)) return `"${lng}" is not a language`;
    if (typeof value !== 'string' || value.trim() === '' || value.length > 200)
      return `the ${lng} text must be 1 to 200 characters`;
    if (HTML.test(value)) return `the ${lng} text may not hold < or >`;
    if (MARKDOWN.test(value)) return `the ${lng} text may not hold Markdown`;
    if (TEMPLATE.test(value)) return `the ${lng} text may not hold template syntax`;
  }
  return null;
}

/** The i18n key an overlay's text is served under: one per screen (or area) and target. */
export const overlayKey = (owner: string, target: string, what: 'label' | 'help'): string =>
  `overlay.${owner.replace(/[^a-zA-Z0-9_-]/g, '_')}.${target.replace(/[^a-zA-Z0-9_-]+/g, '_')}.${what}`;
