import { useCallback, useEffect, useMemo, useRef, type ComponentType, type ReactNode } from 'react';
import useSWR from 'swr';
import { createRestDataProvider } from '../core/data-provider.js';
import { createRestClient } from '../core/rest.js';
import { restSchemaSource } from '../core/schema-source.js';
import { createRegistry, type Registry } from '../core/registry.js';
import { rankRoutes } from '../core/route-rank.js';
import { buildRoutes, SCHEMA_POLL_MS } from '../core/routes.js';
import type { Area, Manifest } from '../core/types.js';
import { RendererContext, type RendererContextValue, type ScreenWidget, type Severity } from './context.js';
import type { RendererWidget } from './types.js';
import type { CellType, ListViewType } from './views/types.js';
import { ScreenLoader, type ScreenKind } from './ScreenLoader.js';
import { LookProvider, NO_LOOK, useLookAround } from './look.js';
import { matchRoute } from '../core/route-match.js';
import { Redirect, Route, RouterProvider, useAddress, useNavigate } from './router.js';
import { BrowserRouter } from './routers.js';
import { ScrollToTop } from './ScrollToTop.js';
import { createTourControl, TourControlContext } from './tour/tour-control.js';

import type { Guard, LayoutProps, SchemaAppProps } from './schema-app-props.js';

export type { Guard, LayoutProps, SchemaAppProps };

function AreaGate({ area, guard, Layout, children }: AreaGateProps & { children: ReactNode }) {
  const location = useAddress();
  const redirect = guard(area, location);
  if (redirect) return <Redirect to={redirect} replace />;
  return <Layout area={area}>{children}</Layout>;
}

interface AreaGateProps {
  area: Area;
  guard: Guard;
  Layout: ComponentType<LayoutProps>;
}

/** One row of the route table: the pattern a path must match and what it renders. */
interface RouteRow {
  pattern: string;
  element: ReactNode;
}

/**
 * The manifest's routes, most specific first (`/clients/list` before `/clients/:id`), then the way to the not-found
 * page for any other path: redirects, each area's screens inside the area's guard and layout, the area's 404.
 */
function routeTable(
  manifest: Manifest,
  props: SchemaAppProps,
  kinds: Registry<ScreenKind>,
  unknown: ReactNode,
): RouteRow[] {
  const guards = createRegistry('guard', props.guards);
  const layouts = createRegistry('layout', props.layouts);
  const entries = buildRoutes(manifest);
  const { navigation } = manifest;
  const rows = navigation.redirects.map((r) => ({ path: r.from, element: <Redirect to={r.to} replace /> }));
  navigation.areas.forEach((area, i) => {
    const gate: AreaGateProps = {
      area,
      guard: guards.get(area.guard, `navigation.json#/areas/${i}/guard`),
      Layout: layouts.get(area.layout, `navigation.json#/areas/${i}/layout`),
    };
    for (const e of entries.filter((entry) => entry.area === area)) {
      rows.push({
        path: e.path,
        element: (
          <AreaGate {...gate}>
            <ScreenLoader id={e.screen.id} kinds={kinds} />
          </AreaGate>
        ),
      });
    }
    if (area.home && navigation.notFound.startsWith(area.home))
      rows.push({ path: navigation.notFound, element: <AreaGate {...gate}>{props.notFound ?? null}</AreaGate> });
  });
  return [...rankRoutes(rows), { pattern: '*', element: unknown ?? <Redirect to={navigation.notFound} replace /> }];
}

/** Asks for the whole manifest once it is shown (an address a guest's partial manifest does not know). */
function Completing({ complete, children }: { complete(): void; children: ReactNode }) {
  useEffect(complete, [complete]);
  return <>{children}</>;
}

/**
 * Renders the first route that matches, and hands the host a way to move the user from outside a screen. The
 * matched route is always the same element at the same place, so a layout shared by two screens stays mounted.
 */
function RouteTable({ routes, navigatorRef }: { routes: RouteRow[]; navigatorRef?: SchemaAppProps['navigatorRef'] }) {
  const path = useAddress().pathname;
  const navigate = useNavigate();
  useEffect(() => {
    if (!navigatorRef) return undefined;
    navigatorRef.current = (to: string) => navigate(to, { replace: true });
    return () => {
      navigatorRef.current = null;
    };
  }, [navigate, navigatorRef]);
  const route = routes.find((r) => matchRoute(r.pattern, path));
  return route ? <Route path={route.pattern}>{route.element}</Route> : null;
}

/**
 * Loads the manifest, builds the routes from its navigation, and renders each screen by kind.
 * Everything product-specific comes in through props: data client, texts, permissions, guards, layouts, widgets.
 *
 * @example
 * <SchemaApp rest={createRestClient()} t={t} locale="en" can={() => true}
 *   guards={{ user: () => null }} layouts={{ shell: Shell }} notify={toast} confirm={ask} />
 */
export function SchemaApp(props: SchemaAppProps) {
  const rest = useMemo(() => props.rest ?? createRestClient(), [props.rest]);
  const schemas = useMemo(() => props.schemas ?? restSchemaSource(rest), [props.schemas, rest]);
  const carried = schemas.peekManifest?.();
  // Asked again on focus and, signed in, every few seconds: a publish reaches open tabs, which keep their place and
  // what was typed (the routes are rebuilt, the router and the screen shown stay mounted).
  const shownHash = useRef<string | undefined>(undefined);
  const onSchemasChange = useRef(props.onSchemasChange);
  onSchemasChange.current = props.onSchemasChange;
  const readManifest = async () => {
    const next = await schemas.manifest();
    if (shownHash.current && next.hash !== shownHash.current) await onSchemasChange.current?.(next);
    return next;
  };
  const {
    data: manifest,
    error,
    mutate,
  } = useSWR(['ui-manifest', schemas], readManifest, {
    revalidateOnFocus: true,
    refreshInterval: props.sessionKey ? (props.schemaPollMs ?? SCHEMA_POLL_MS) : 0,
    fallbackData: carried,
  });
  shownHash.current = manifest?.hash;
  // A guest's first page may carry a partial manifest (the areas a guest opens): the whole one is asked for once
  // someone signs in, or an address it does not know is opened — once.
  const partial = manifest?.partial === true;
  const asked = useRef(false);
  const complete = useCallback(() => {
    if (asked.current) return;
    asked.current = true;
    // Read here, not by revalidating: a revalidation would join the first read (the page's partial one) in flight.
    void mutate(schemas.manifest(), { revalidate: false }).catch(() => undefined);
  }, [mutate, schemas]);
  const signedIn = Boolean(props.sessionKey);
  useEffect(() => {
    if (partial && signedIn) complete();
  }, [partial, signedIn, complete]);
  const around = useLookAround();
  const look = props.look ?? around;
  if (!look) throw new Error(NO_LOOK);
  const kinds = useMemo(
    () => createRegistry<ScreenKind>('screen kind', { ...look.screenKinds, ...props.screenKinds }),
    [look, props.screenKinds],
  );
  // The host's form widgets only: the form screen adds the built-in ones, so rjsf loads with the first form.
  const widgets = useMemo(() => createRegistry<RendererWidget>('widget', props.widgets ?? {}), [props.widgets]);
  const screenWidgets = useMemo(
    () => createRegistry<ScreenWidget>('screen widget', props.screenWidgets ?? {}),
    [props.screenWidgets],
  );
  const cellTypes = useMemo(() => createRegistry<CellType>('cell type', props.cellTypes ?? {}), [props.cellTypes]);
  const listViews = useMemo(() => createRegistry<ListViewType>('list view', props.listViews ?? {}), [props.listViews]);

  // The route table is built once per manifest version; guards read fresh state through props each render.
  const propsRef = useRef(props);
  propsRef.current = props;
  const routes = useMemo(() => {
    if (!manifest) return null;
    const live: SchemaAppProps = {
      ...propsRef.current,
      guards: Object.fromEntries(
        Object.keys(propsRef.current.guards).map((k) => [k, ((a, l) => propsRef.current.guards[k](a, l)) as Guard]),
      ),
    };
    const unknown = manifest.partial ? <Completing complete={complete}>{props.loading ?? null}</Completing> : null;
    return routeTable(manifest, live, kinds, unknown);
  }, [manifest?.hash, kinds, props.sessionKey]);

  const context = useMemo<RendererContextValue | null>(
    () =>
      manifest
        ? {
            manifest,
            rest,
            schemas,
            data: props.dataProvider?.(manifest) ?? createRestDataProvider(rest, manifest),
            t: props.t,
            locale: props.locale,
            can: props.can,
            widgets,
            screenWidgets,
            cellTypes,
            listViews,
            formContext: props.currency
              ? { ...props.formContext, currency: props.currency }
              : (props.formContext ?? {}),
            notify: (m: string, s?: Severity) => propsRef.current.notify(m, s),
            confirm: (text, labels) => propsRef.current.confirm(text, labels),
            checkGate: (gate) => propsRef.current.checkGate?.(gate) ?? null,
            onSession: () => propsRef.current.onSession?.() ?? Promise.resolve(),
            readOnly: props.readOnly ?? false,
            previewAs: props.previewAs,
            tours: props.tours,
          }
        : null,
    [
      manifest,
      rest,
      schemas,
      props.dataProvider,
      props.t,
      props.locale,
      props.can,
      widgets,
      screenWidgets,
      cellTypes,
      listViews,
      props.formContext,
      props.currency,
      props.readOnly,
      props.previewAs,
      props.tours,
    ],
  );
  const tourControl = useMemo(createTourControl, []);

  const routerKey = String(props.sessionKey ?? '');
  if (error && (!manifest || (partial && signedIn))) {
    const retry = () => {
      asked.current = false;
      complete();
    };
    return <>{props.failed ? props.failed(retry) : null}</>;
  }
  if (!routes || !context || (partial && signedIn)) return <>{props.loading ?? null}</>;
  const table = (
    <ScrollToTop>
      <RouteTable routes={routes} navigatorRef={props.navigatorRef} />
    </ScrollToTop>
  );
  return (
    <RendererContext.Provider value={context}>
      <LookProvider look={look}>
        <TourControlContext.Provider value={tourControl}>
          {/* A new router (another user) starts afresh from the address bar, so the location is guarded again for the
          new user. New schemas only rebuild the routes: the screen shown stays mounted, with what was typed. */}
          {props.router ? (
            <RouterProvider key={routerKey} adapter={props.router}>
              {table}
            </RouterProvider>
          ) : (
            <BrowserRouter key={routerKey}>{table}</BrowserRouter>
          )}
        </TourControlContext.Provider>
      </LookProvider>
    </RendererContext.Provider>
  );
}

export { createRegistry };
