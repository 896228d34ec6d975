import { useCallback, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import LinearProgress from '@mui/material/LinearProgress';
import { ThemeProvider } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { createRestClient, HttpError, SchemaApp, type Gate, type Guard } from '../../renderer';
import { refusalReason } from '../../permissions/defineAbilityFor';
import type { Action, Subject } from '../../permissions/subjects';
import { ConfirmHost, useConfirm } from './ConfirmDialog';
import { changeLocale, currentLocale, type Locale } from './i18n';
import { CenteredLayout, NotFound, PublicLayout, ShellLayout } from './layouts';
import { abilityFor, canFor, useCurrentUser, type CurrentUser } from './session';
import { ShellContext, type ShellState } from './shell-context';
import { theme } from './theme';
import { ToastHost, useToasts } from './Toasts';
import { screenWidgets, widgets } from '../widgets';
import './app.css';

const SUBSCRIPTION_PAGE = '/account-setup/subscription/details';
const layouts = { shell: ShellLayout, centered: CenteredLayout, public: PublicLayout };

/** Each kind of user's own home (spec §6: admins and affiliates have their own areas). */
export function homeOf(user: CurrentUser): string {
  return user.is_admin ? '/admin/dashboard' : user.is_affiliate ? '/affiliate/dashboard' : '/dashboard';
}

/** Only same-app paths are followed after login: never another origin (`//evil.test`). */
function safeRedirect(target: string | null, user: CurrentUser): string {
  return target && target.startsWith('/') && !target.startsWith('//') ? target : homeOf(user);
}

/** The product's browser app: the renderer plus Soloist's shell, session, guards, toasts and texts. */
export function App() {
  const { t } = useTranslation();
  const [locale, setLocaleState] = useState<Locale>(currentLocale());
  const { toast, notify, close } = useToasts();
  const { text, confirm, answer } = useConfirm();
  const navigatorRef = useRef<((to: string) => void) | null>(null);
  const userRef = useRef<unknown>(null);

  const rest = useMemo(() => createRestClient({
    locale: () => currentLocale(),
    onError: (error: HttpError) => {
      // Spec §6: 401/419 with a logged-in user logs out; 403 sends the user to the dashboard.
      if ((error.status === 401 || error.status === 419) && userRef.current) void reloadRef.current();
      if (error.status === 403) {
        notify(error.message, 'error');
        navigatorRef.current?.('/dashboard');
      }
    },
  }), []);
  const { user, reload } = useCurrentUser(rest);
  userRef.current = user;
  const reloadRef = useRef(reload);
  reloadRef.current = reload;

  const ability = useMemo(() => abilityFor(user), [user]);
  const can = useMemo(() => canFor(ability), [ability]);

  // Guards by the names navigation.json uses (spec §6). A wrong area sends a user to their own home.
  const guards = useMemo<Record<string, Guard>>(() => {
    const toLogin = (location: { pathname: string; search: string }) => `/login?redirect=${encodeURIComponent(location.pathname + location.search)}`;
    return {
      // The public booking page is for anyone: an owner may open their own page to try it.
      anyone: () => null,
      guest: (_area, location) => (user ? safeRedirect(new URLSearchParams(location.search).get('redirect'), user) : null),
      user: (_area, location) => (!user ? toLogin(location) : user.is_admin || user.is_affiliate ? homeOf(user) : null),
      admin: (_area, location) => (!user ? toLogin(location) : user.is_admin ? null : homeOf(user)),
      affiliate: (_area, location) => (!user ? toLogin(location) : user.is_affiliate ? null : homeOf(user)),
    };
  }, [user]);

  // Spec §2/§6: gated forms need a valid subscription (API users bypass); a feature the plan lacks says which
  // plan offers it; anything else the role may not do goes to the dashboard.
  const checkGate = useCallback((gate: Gate | undefined) => {
    if (!gate || !user) return null;
    if (gate.subscription && !user.subscription.valid && !user.is_api_user) return SUBSCRIPTION_PAGE;
    if (gate.subject && gate.action && !can(gate.action, gate.subject)) {
      const reason = refusalReason(ability, gate.action as Action, gate.subject as Subject);
      return reason.startsWith('permissions.availableOn.') ? { message: String(t(reason)) } : '/dashboard';
    }
    return null;
  }, [user, can, ability, t]);

  const logout = useCallback(async () => {
    try {
      const res = await rest.send<{ message?: string }>('POST', '/api/logout');
      if (res?.message) notify(res.message, 'success');
    } finally {
      await reload();
    }
  }, [rest, reload, notify]);

  const backToAdmin = useCallback(async () => {
    const res = await rest.send<{ message?: string }>('POST', '/api/v1/admin/user/logout');
    if (res?.message) notify(res.message, 'success');
    await reload();
  }, [rest, reload, notify]);

  const shell = useMemo<ShellState>(() => ({
    user,
    locale,
    ability,
    setLocale: (l: Locale) => void changeLocale(l).then(() => setLocaleState(l)),
    logout,
    backToAdmin,
  }), [user, locale, ability, logout, backToAdmin]);

  // Money fields show the owner's currency: pounds in the GB deployment, hryvnias in the UA one.
  const formContext = useMemo(() => ({ currency: user?.region === 'UA' ? 'UAH' : 'GBP' }), [user?.region]);

  const tr = useCallback((key: string, options?: Record<string, unknown>) => String(t(key, options as never)), [t, locale]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ShellContext.Provider value={shell}>
        {user === undefined ? (
          <LinearProgress aria-label={t('app.loading')} />
        ) : (
          <SchemaApp
            rest={rest}
            t={tr}
            locale={locale}
            can={can}
            guards={guards}
            layouts={layouts}
            widgets={widgets}
            screenWidgets={screenWidgets}
            formContext={formContext}
            notify={notify}
            confirm={confirm}
            checkGate={checkGate}
            onSession={async () => { await reload(); }}
            sessionKey={user?.id ?? 0}
            navigatorRef={navigatorRef}
            notFound={<NotFound />}
            loading={<LinearProgress aria-label={t('app.loading')} />}
            failed={(retry) => <Alert severity="error" action={<Button color="inherit" onClick={retry}>{t('app.retry')}</Button>}>{t('app.networkError')}</Alert>}
          />
        )}
        <ToastHost toast={toast} close={close} />
        <ConfirmHost text={text} answer={answer} />
      </ShellContext.Provider>
    </ThemeProvider>
  );
}
