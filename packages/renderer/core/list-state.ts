import type { ScreenDef } from './types.js';

/** The page sizes a list offers; anything else in the URL falls back to the default. */
export const PER_PAGE_OPTIONS = [10, 25, 50, 100];
const DEFAULT_PER_PAGE = 25;

/** A list screen's state as its URL holds it: what the page shows and what it asks the server for. */
export interface ListState {
  view: string;
  page: number;
  perPage: number;
  archived: boolean;
  sort?: string;
  search: string;
  tab: number;
  /** The list call's parameters (`GET {path}?page=&per_page=&search=&sort=&archived=` plus the tab's own). */
  query: Record<string, string | number | undefined>;
}

/**
 * Reads a list screen's URL (`?view=table&page=2&per_page=50&sort=-created_at&search=ann&archived=1&tab=1`),
 * correcting what is out of range: an unknown view, a page below 1, a page size not offered, a tab that is not there.
 * `phone`: the screen is phone-sized (below 768 px), where a list opens in the screen's `phoneView`.
 * @example
 * listState(screen, new URLSearchParams('page=2&per_page=50&search=ann'), true)
 *   // → { view: 'list', page: 2, perPage: 50, archived: false, search: 'ann', tab: 0, … } (a screen without `views`)
 */
export function listState(
  screen: Pick<ScreenDef<'list'>, 'views' | 'tabs' | 'phoneView'>,
  params: URLSearchParams,
  archivable: boolean,
  phone = false,
): ListState {
  const views = screen.views ?? ['list'];
  // With no view in the address: the screen's phone view on a phone (cards, not a table's columns), else its first.
  const byWidth =
    phone && screen.phoneView && (views as string[]).includes(screen.phoneView) ? screen.phoneView : views[0];
  const view = (views as string[]).includes(params.get('view') ?? '') ? params.get('view')! : byWidth;
  const page = Math.max(1, Math.floor(Number(params.get('page') ?? 1)) || 1);
  const perPage = PER_PAGE_OPTIONS.includes(Number(params.get('per_page')))
    ? Number(params.get('per_page'))
    : DEFAULT_PER_PAGE;
  const archived = params.get('archived') === '1';
  const sort = params.get('sort') || undefined;
  const search = params.get('search') ?? '';
  const tab = Math.min(
    Math.max(0, Math.floor(Number(params.get('tab') ?? 0)) || 0),
    Math.max(0, (screen.tabs?.length ?? 1) - 1),
  );
  const tabParams = screen.tabs?.[tab]?.params ?? {};
  const query = {
    page,
    per_page: perPage,
    search,
    sort,
    ...(archivable ? { archived: archived ? 1 : 0 } : {}),
    ...tabParams,
  };
  return { view, page, perPage, archived, sort, search, tab, query };
}

/**
 * What a list shows on its current tab: the route its rows are read from (the tab's `source`, the screen's, or the
 * resource's list route) and the columns, row actions and row screen they are drawn with (a tab's own, for rows of
 * another kind, or the screen's).
 */
export function tabView(
  screen: Pick<ScreenDef<'list'>, 'tabs' | 'source' | 'columns' | 'rowActions' | 'rowScreen'>,
  tab: number,
  resourcePath: string | null | undefined,
) {
  const def = screen.tabs?.[tab];
  return {
    path: def?.source ?? screen.source ?? resourcePath ?? null,
    columns: def?.columns ?? screen.columns,
    rowActions: def?.rowActions ?? screen.rowActions,
    rowScreen: def?.rowScreen ?? screen.rowScreen,
  };
}

/**
 * The call a list makes for its state: the rows' route (see `tabView`) and its parameters — the state's, the
 * period's (`{from, to}`, when the screen has one), and no page size for a tab whose own route reads every row.
 * The browser's list and the server's first page (which asks for this read beside the page's scripts) both use it.
 * @example
 * const { shown, query } = listRead(screen, listState(screen, params, true), '/api/v1/clients');
 * shown.path // → '/api/v1/clients' (a screen without a `source` or tabs)
 */
export function listRead(
  screen: Pick<ScreenDef<'list'>, 'tabs' | 'source' | 'columns' | 'rowActions' | 'rowScreen'>,
  state: Pick<ListState, 'tab' | 'query'>,
  resourcePath: string | null | undefined,
  period: Record<string, string | undefined> = {},
) {
  const shown = tabView(screen, state.tab, resourcePath);
  const query = { ...state.query, ...period, ...(shown.path === resourcePath ? {} : { per_page: undefined }) };
  return { shown, query };
}

/** The URL after a change: empty values leave it, the rest is kept. */
export function withChanges(params: URLSearchParams, changes: Record<string, string | undefined>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined || v === '') next.delete(k);
    else next.set(k, v);
  }
  return next;
}
