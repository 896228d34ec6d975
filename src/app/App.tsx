import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, type ComponentType, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import {
  createRestClient,
  HttpError,
  Loading,
  LookProvider,
  SchemaApp,
  type Gate,
  type Guard,
  type Preloaded,
} from '@soloist/renderer';
import { ConfirmHost, muiLook, ToastHost, useConfirm, useToasts } from '@soloist/renderer/mui';
import { reactRouterAdapter } from '@soloist/renderer/react-router';
import { forcedNavigation } from './forced-navigation';
import { offlineAwareFetch, useNetwork } from './offline/network';
import { setSession } from './offline/kept-session';
import { useSessionActions } from './session-actions';
import { CodeLoadBoundary } from './update/CodeLoadBoundary';
import { currentLocale, INTL_LOCALES, reloadTexts } from './i18n';
import { useLocale } from './use-locale';
import { CenteredLayout, NotFound, PublicLayout, ScreensFailed, ShellLayout } from './layouts';
import { abilityFor, canFor, loadPermissions, useCurrentUser } from './session';
import { gateVerdict, SUBSCRIPTION_PAGE } from './gates';
import { onboardingTours } from './onboarding';
import { usePreviewAs } from './use-preview-as';
import { homeOf, safeRedirect } from './homes';
import { ShellContext, type ShellState } from './shell-context';
import { theme } from './theme';
import { currencyOf } from '../domain/currency';
import { cellTypes, screenWidgets, widgets } from '../widgets';
import { WidgetHostContext } from '../widgets/host';
import './app.css';

const SignedInSupport = lazy(() => import(/* webpackChunkName: "signed-in-support" */ './offline/SignedInSupport'));

const layouts = { shell: ShellLayout, centered: CenteredLayout, public: PublicLayout };
// The screens route on react-router's history; a new router (another user) reads the address bar afresh.
const router = reactRouterAdapter();

const TRIAL_START_PAGE = '/account-setup/subscription/start';

/** The product's browser app: the renderer plus Soloist's shell, session, guards, toasts and texts. */
export function App({
  preloaded = {},
  Router = BrowserRouter,
}: {
  preloaded?: Preloaded;
  /** The address bar's router; the server's first paint of a guest page gives one fixed at the page's address. */
  Router?: ComponentType<{ children: ReactNode }>;
}) {
  const { t, i18n } = useTranslation();
  const { toast, notify, close } = useToasts();
  const { text, labels, confirm, answer } = useConfirm();
  // Once shown, the hosts stay mounted, so they can animate out.
  const toastShown = useRef(false);
  const confirmShown = useRef(false);
  if (toast) toastShown.current = true;
  if (text !== null) confirmShown.current = true;
  const navigatorRef = useRef<((to: string) => void) | null>(null);
  const userRef = useRef<unknown>(null);
  /** Set while the user logs out: requests answered 401 meanwhile are part of leaving, not an expired session. */
  const loggingOut = useRef(false);
  /** The guard of the area the page is in, as the router enters it (the refusal rules are the signed-in areas'). */
  const areaRef = useRef<string | null>(null);

  const rest = useMemo(
    () =>
      createRestClient({
        locale: () => currentLocale(),
        preloaded,
        fetch: offlineAwareFetch,
        onError: (error: HttpError) => {
          // Spec §6: 401/419 with a logged-in user logs out (to /login, coming back here after); 403 sends the user
          // to the dashboard — in the signed-in areas only (a public page says the refusal itself).
          const forced = forcedNavigation(error.status, Boolean(userRef.current), areaRef.current);
          if (forced === 'logout' && !loggingOut.current) {
            void signOutRef.current(
              `/login?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`,
            );
          }
          if (forced === 'dashboard') {
            // A plan refusal or read-only mode offers the way up (spec §6 names the plan that has the feature).
            const reason = (error.body as { reason?: string }).reason ?? '';
            const wayUp = reason.startsWith('permissions.availableOn.') || reason === 'permissions.readOnly';
            notify(
              error.message,
              'error',
              wayUp
                ? {
                    to: SUBSCRIPTION_PAGE,
                    label: String(
                      i18n.t(reason === 'permissions.readOnly' ? 'actions.reactivate' : 'permissions.seePlans'),
                    ),
                  }
                : undefined,
            );
            navigatorRef.current?.('/dashboard');
          }
        },
      }),
    [],
  );
  const { user, reload, forget, reread } = useCurrentUser(rest);
  const [locale, setLocale] = useLocale(reread);
  userRef.current = user;

  /**
   * Leaves the session once, however many requests answer 401 meanwhile: the page moves to `to` before the data
   * is dropped, so the routes rebuilt for a guest start there and no screen of the last user asks for anything.
   */
  const signOut = useCallback(
    async (to: string) => {
      if (!userRef.current) return;
      userRef.current = null;
      window.history.replaceState(null, '', to);
      await forget();
    },
    [forget],
  );
  const signOutRef = useRef(signOut);
  signOutRef.current = signOut;

  const ability = useMemo(() => abilityFor(user), [user]);
  const can = useMemo(() => canFor(ability), [ability]);
  // Offline the app is read-only (spec §4): the last data of every screen seen, nothing that writes.
  const { offline } = useNetwork();
  // The service worker keeps answers for whoever is signed in, and nothing of anyone else (log out, another user, an
  // admin's sign-in-as and back): told here, at once, not with the worker's own chunk (./offline/SignedInSupport).
  const sessionId = user === undefined ? undefined : (user?.id ?? null);
  useEffect(() => {
    if (sessionId !== undefined) void setSession(sessionId);
  }, [sessionId]);

  // Guards by the names navigation.json uses (spec §6). A wrong area sends a user to their own home.
  const guards = useMemo<Record<string, Guard>>(() => {
    const toLogin = (location: { pathname: string; search: string }) =>
      `/login?redirect=${encodeURIComponent(location.pathname + location.search)}`;
    const own: Record<string, Guard> = {
      // The public booking page is for anyone: an owner may open their own page to try it.
      anyone: () => null,
      // An owner who has just registered goes on to the card step of the trial (spec §1: a card on file).
      guest: (_area, location) =>
        user
          ? safeRedirect(
              new URLSearchParams(location.search).get('redirect') ??
                (location.pathname === '/register' && user.subscription.status === 'trialing'
                  ? TRIAL_START_PAGE
                  : null),
              user,
            )
          : null,
      user: (_area, location) => (!user ? toLogin(location) : user.is_admin || user.is_affiliate ? homeOf(user) : null),
      admin: (_area, location) => (!user ? toLogin(location) : user.is_admin ? null : homeOf(user)),
      affiliate: (_area, location) => (!user ? toLogin(location) : user.is_affiliate ? null : homeOf(user)),
    };
    return Object.fromEntries(
      Object.entries(own).map(([name, guard]): [string, Guard] => [
        name,
        (area, location) => {
          areaRef.current = name;
          return guard(area, location);
        },
      ]),
    );
  }, [user]);

  const checkGate = useCallback(
    (gate: Gate | undefined) => gateVerdict(gate, user, ability, (key) => String(t(key))),
    [user, ability, t],
  );
  // An admin's screen editor previews screens as each role and plan.
  const previewAs = usePreviewAs(Boolean(user?.is_admin), t);

  const { logout, backToAdmin } = useSessionActions({
    rest,
    notify,
    signOut,
    forget,
    reload,
    loggingOut,
    offlineText: () => String(t('actions.logoutOffline')),
  });

  const shell = useMemo<ShellState>(
    () => ({
      user,
      locale,
      ability,
      setLocale,
      logout,
      backToAdmin,
    }),
    [user, locale, ability, setLocale, logout, backToAdmin],
  );

  // The screens' tours, for whoever is signed in: what they have done is read afresh for each user.
  const tours = useMemo(() => (user ? onboardingTours() : undefined), [user?.id]);

  // What widgets may know of the app: they are given it, never import it.
  const widgetHost = useMemo(() => ({ user, reloadUser: reload }), [user, reload]);

  // Money fields show the owner's currency: pounds in the GB deployment, hryvnias in the UA one. Times are typed
  // and read in the business's time zone, wherever the browser is.
  const timeZone = user?.calendarSettings?.time_zone;
  const currency = user ? currencyOf(user) : undefined;
  const formContext = useMemo(() => ({ currency, timeZone }), [currency, timeZone]);

  const tr = useCallback(
    (key: string, options?: Record<string, unknown>) => String(t(key, options as never)),
    [t, locale],
  );

  return (
    <ThemeProvider theme={theme}>
      <LookProvider look={muiLook}>
        <CssBaseline />
        <ShellContext.Provider value={shell}>
          <WidgetHostContext.Provider value={widgetHost}>
            <CodeLoadBoundary t={tr}>
              {user && (
                <Suspense fallback={null}>
                  <SignedInSupport
                    userId={user.id}
                    rest={rest}
                    preloaded={preloaded}
                    hasCalendar={can('read', 'Appointment')}
                    t={tr}
                    notify={notify}
                    confirm={confirm}
                  />
                </Suspense>
              )}
              {user === undefined ? (
                <Loading label={t('app.loading')} />
              ) : (
                <Router key={user?.id ?? 0}>
                  <SchemaApp
                    router={router}
                    rest={rest}
                    t={tr}
                    locale={INTL_LOCALES[locale]}
                    can={can}
                    guards={guards}
                    layouts={layouts}
                    widgets={widgets}
                    screenWidgets={screenWidgets}
                    cellTypes={cellTypes}
                    formContext={formContext}
                    notify={notify}
                    confirm={confirm}
                    checkGate={checkGate}
                    previewAs={previewAs}
                    tours={tours}
                    readOnly={offline}
                    // Signing in: the user, the rules and the owner's shell load together, not one after another.
                    onSession={async () => {
                      await Promise.all([
                        reload(),
                        loadPermissions(rest),
                        ShellLayout.preload().catch(() => undefined),
                      ]);
                    }}
                    sessionKey={user?.id ?? 0}
                    onSchemasChange={() => reloadTexts().catch(() => undefined)}
                    navigatorRef={navigatorRef}
                    notFound={<NotFound />}
                    loading={<Loading label={t('app.loading')} />}
                    failed={(retry) => <ScreensFailed retry={retry} />}
                  />
                </Router>
              )}
            </CodeLoadBoundary>
            {toastShown.current && (
              <Suspense fallback={null}>
                <ToastHost toast={toast} close={close} navigate={(to) => navigatorRef.current?.(to)} t={t} />
              </Suspense>
            )}
            {confirmShown.current && (
              <Suspense fallback={null}>
                <ConfirmHost text={text} labels={labels} answer={answer} t={t} />
              </Suspense>
            )}
          </WidgetHostContext.Provider>
        </ShellContext.Provider>
      </LookProvider>
    </ThemeProvider>
  );
}
