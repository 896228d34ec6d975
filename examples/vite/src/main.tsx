import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { SchemaApp, staticSchemaSource, type LayoutProps } from '@soloist/renderer';
import { muiLook } from '@soloist/renderer/mui';
import { reactRouterAdapter } from '@soloist/renderer/react-router';
import { provider } from './provider';
import { schemas } from './schemas';
import { t } from './texts';

/*
 * An existing react-router app — its own home, sign-in, layout and auth guard — with the renderer's screens (the
 * minimal example's tasks) mounted under /app: they share its history, its links and its guard.
 */

interface Auth {
  user: string | null;
  signIn(name: string): void;
  signOut(): void;
}
const AuthContext = createContext<Auth>({ user: null, signIn: () => undefined, signOut: () => undefined });

function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<string | null>(null);
  const auth = useMemo(() => ({ user, signIn: setUser, signOut: () => setUser(null) }), [user]);
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}

/** The host's guard: a visitor not signed in is sent to sign in, and brought back after. */
function RequireAuth({ children }: { children: ReactNode }) {
  const { user } = useContext(AuthContext);
  const { pathname, search } = useLocation();
  return user ? children : <Navigate to="/login" replace state={{ from: pathname + search }} />;
}

function Layout() {
  const { user, signOut } = useContext(AuthContext);
  return (
    <div style={{ maxWidth: 960, margin: '0 auto', padding: 16 }}>
      <header style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
        <strong>Acme Studio</strong>
        <nav style={{ display: 'flex', gap: 12 }}>
          <Link to="/">Home</Link>
          <Link to="/app/tasks">Tasks</Link>
        </nav>
        {user && <button onClick={signOut}>Sign out {user}</button>}
      </header>
      <Outlet />
    </div>
  );
}

function Home() {
  return (
    <main>
      <h1>Welcome to Acme Studio</h1>
      <p>The tasks are the renderer&apos;s screens, drawn inside this app.</p>
    </main>
  );
}

function SignIn() {
  const { signIn } = useContext(AuthContext);
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from ?? '/app/tasks';
  return (
    <main>
      <h1>Sign in</h1>
      <button
        onClick={() => {
          signIn('Ada');
          navigate(from, { replace: true });
        }}
      >
        Sign in as Ada
      </button>
    </main>
  );
}

// Made once: the renderer keeps its screens' addresses (/tasks), the browser shows the host's (/app/tasks).
const underApp = reactRouterAdapter({ basename: '/app' });
const source = staticSchemaSource(schemas);
const Page = ({ children }: LayoutProps) => <main>{children}</main>;

function Tasks() {
  return (
    <SchemaApp
      look={muiLook}
      router={underApp}
      schemas={source}
      dataProvider={() => provider}
      t={t}
      locale="en"
      can={() => true}
      guards={{ anyone: () => null }}
      layouts={{ page: Page }}
      notify={(message) => console.info(message)}
      confirm={(text) => Promise.resolve(window.confirm(text))}
    />
  );
}

createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <AuthProvider>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<Home />} />
          <Route
            path="/app/*"
            element={
              <RequireAuth>
                <Tasks />
              </RequireAuth>
            }
          />
        </Route>
        <Route path="/login" element={<SignIn />} />
      </Routes>
    </AuthProvider>
  </BrowserRouter>,
);
