import type { ReactNode } from 'react';

/**
 * Stands in for `markdown-to-jsx/react` inside rjsf (see webpack.config.ts). rjsf uses Markdown only for
 * descriptions with `ui:enableMarkdownInDescription`, help text and its own developer messages; our schemas
 * write plain text, and the real library is ~30 KB gzip of every form page. Emphasis markers are dropped and
 * the text is shown as is — never parsed as HTML.
 */
export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return <>{typeof children === 'string' ? children.replace(/(\*\*|__|`)/g, '') : children}</>;
}

export default Markdown;
