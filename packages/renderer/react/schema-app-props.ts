import type { ComponentType, ReactNode } from 'react';
import type { DataProvider } from '../core/data-provider.js';
import type { RestClient } from '../core/rest.js';
import type { SchemaSource } from '../core/schema-source.js';
import type { Area, Can, Gate, Manifest, Translate } from '../core/types.js';
import type { RendererContextValue, ScreenWidget } from './context.js';
import type { Look } from './look.js';
import type { RouterAdapter } from './router.js';
import type { ScreenKind } from './ScreenLoader.js';
import type { RendererWidget } from './types.js';
import type { CellType, ListViewType } from './views/types.js';

/**
 * What a host's layout receives: the navigation area it frames and the screen to draw in it.
 * @example const Centered = ({ area, children }: LayoutProps) => <main data-area={area.id}>{children}</main>;
 */
export interface LayoutProps {
  area: Area;
  children: ReactNode;
}

/**
 * Decides whether the current user may enter an area: a path to redirect to, or null.
 * @example const user: Guard = (area, { pathname }) => (me ? null : `/login?next=${encodeURIComponent(pathname)}`);
 */
export type Guard = (area: Area, location: { pathname: string; search: string }) => string | null;

/**
 * The props of `SchemaApp`: where the screens come from, texts, rules, guards, layouts and the host's widgets.
 * @example
 * const props: SchemaAppProps = {
 *   t, locale: 'en-GB', can, currency: 'GBP', notify, confirm,
 *   guards: { user }, layouts: { shell: ShellLayout },
 * };
 */
export interface SchemaAppProps {
  /**
   * The HTTP client for what is read by address (uploads, downloads, a list's `source`, a form's `load` and
   * `submit.path`) and, unless `schemas` and `dataProvider` say otherwise, for screens and data: same-origin
   * `createRestClient()` when absent.
   */
  rest?: RestClient;
  /** Where the screens come from: Soloist's server through `rest` (`restSchemaSource`) when absent. */
  schemas?: SchemaSource;
  /** What widgets read and write through; the REST dialect over `rest` and the manifest when not given. */
  dataProvider?: (manifest: Manifest) => DataProvider;
  t: Translate;
  locale: string;
  can: Can;
  /** Guards by the names navigation.json uses (`guest`, `user`, …). */
  guards: Record<string, Guard>;
  /** Layouts by the names navigation.json uses (`shell`, `centered`, …). */
  layouts: Record<string, ComponentType<LayoutProps>>;
  widgets?: Record<string, RendererWidget>;
  /** The host's own column types (`x-rating`…), drawn in lists, tables and details. */
  cellTypes?: Record<string, CellType>;
  /** The host's own list views (`x-board`…), offered where a list screen's `views` names them. */
  listViews?: Record<string, ListViewType>;
  /**
   * The host's currency (ISO 4217) for money fields and figures that name none: the renderer has no default of its
   * own (without one, an amount is shown and typed with two decimals and no sign). Same as `formContext.currency`.
   */
  currency?: string;
  /** Extra values every form's widgets can read (e.g. the owner's time zone). */
  formContext?: Record<string, unknown>;
  /** Hand-written blocks screens place by name (dashboard cards). */
  screenWidgets?: Record<string, ScreenWidget>;
  /**
   * How screens are drawn: `muiLook` (from `@soloist/renderer/mui`) has every screen kind; `plainLook` draws plain
   * HTML and knows no screen kinds but the host's own (`screenKinds`). Without one, a `LookProvider`'s around.
   */
  look?: Look;
  /** Screen kinds beside the look's (a kind named here replaces the look's). */
  screenKinds?: Record<string, ScreenKind>;
  notify: RendererContextValue['notify'];
  confirm: RendererContextValue['confirm'];
  checkGate?: (gate: Gate | undefined) => string | { message: string; link?: { to: string; label: string } } | null;
  onSession?: () => Promise<void>;
  /** Disables every control that writes (forms, their submit, actions that change data): the host's offline mode. */
  readOnly?: boolean;
  /** Shown while the manifest loads, and when it cannot be loaded. */
  loading?: ReactNode;
  failed?: (retry: () => void) => ReactNode;
  notFound?: ReactNode;
  /**
   * Changing it rebuilds the routes so guards run again (pass the user's id: login and logout re-route). Empty or 0 for
   * nobody signed in: with a partial manifest (a guest's first page), a session asks for the whole one first.
   */
  sessionKey?: string | number;
  /** How often (ms) a signed-in session asks whether the screens changed (a publish), and on focus. 0: on focus only. */
  schemaPollMs?: number;
  /**
   * Called with new schemas (an admin's publish) before they are shown: a host that keeps texts of its own reads them
   * again here, so a renamed label never shows as its key.
   */
  onSchemasChange?: (manifest: Manifest) => Promise<void>;
  /** Whom the screen editor's preview can draw a screen as (roles × plans, with their abilities and gates). */
  previewAs?: RendererContextValue['previewAs'];
  /**
   * The host's router, through its adapter (`reactRouterAdapter()` from `@soloist/renderer/react-router`): the screens
   * share its history, links and guards. Without it the renderer keeps the browser's address itself.
   */
  router?: RouterAdapter;
  /** Receives the router's navigate function, for hosts that must move the user from outside a screen (403). */
  navigatorRef?: { current: ((to: string) => void) | null };
  /** What the user has done of the screens' tours and where to record more (`core/tour.ts`); no tours without it. */
  tours?: RendererContextValue['tours'];
}
