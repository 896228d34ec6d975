import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter as HostRouter, Route as HostRoute, Routes, useLocation } from 'react-router-dom';
import {
  Link,
  MemoryRouter,
  Route,
  RouterProvider,
  useAddress,
  useNavigate,
  useParams,
  useSearchParams,
} from '@soloist/renderer';
import { reactRouterAdapter } from '@soloist/renderer/react-router';

/**
 * The renderer reaches routing only through an adapter: on a host's react-router, mounted under one of its routes, the
 * screens keep their own addresses while the browser shows the host's; links, navigation and the query go through the
 * host's history.
 */

const underCrm = reactRouterAdapter({ basename: '/crm' });

/** What the host's router holds. */
function HostAddress() {
  const { pathname, search } = useLocation();
  return <output aria-label="host">{pathname + search}</output>;
}

function Client() {
  const { id } = useParams();
  const { pathname, search } = useAddress();
  const navigate = useNavigate();
  const [query, setQuery] = useSearchParams();
  return (
    <div>
      <p>
        client {id} at {pathname + search}, tab {query.get('tab') ?? 'none'}
      </p>
      <Link to="/clients/8">next client</Link>
      <button onClick={() => navigate('/clients/9', { replace: true })}>ninth</button>
      <button onClick={() => setQuery(new URLSearchParams({ tab: 'sales' }))}>sales</button>
    </div>
  );
}

function renderUnderCrm(at: string) {
  return render(
    <HostRouter initialEntries={['/', at]} initialIndex={1}>
      <HostAddress />
      <Routes>
        <HostRoute path="/" element={<p>host home</p>} />
        <HostRoute
          path="/crm/*"
          element={
            <RouterProvider adapter={underCrm}>
              <Route path="/clients/:id">
                <Client />
              </Route>
            </RouterProvider>
          }
        />
      </Routes>
    </HostRouter>,
  );
}

describe("the react-router adapter, under a host's route", () => {
  it("reads the screen's own address and parameters from the host's", () => {
    renderUnderCrm('/crm/clients/7?tab=notes');
    expect(screen.getByText('client 7 at /clients/7?tab=notes, tab notes')).toBeTruthy();
    expect(screen.getByLabelText('host').textContent).toBe('/crm/clients/7?tab=notes');
  });

  it("gives links the host's address and moves through the host's history", async () => {
    renderUnderCrm('/crm/clients/7');
    const link = screen.getByRole('link', { name: 'next client' });
    expect(link.getAttribute('href')).toBe('/crm/clients/8');
    await act(async () => fireEvent.click(link));
    expect(screen.getByLabelText('host').textContent).toBe('/crm/clients/8');
    expect(screen.getByText('client 8 at /clients/8, tab none')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'ninth' })));
    expect(screen.getByLabelText('host').textContent).toBe('/crm/clients/9');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'sales' })));
    expect(screen.getByLabelText('host').textContent).toBe('/crm/clients/9?tab=sales');
    expect(screen.getByText('client 9 at /clients/9?tab=sales, tab sales')).toBeTruthy();
  });

  it('leaves a click with a modifier (a new tab) to the browser', async () => {
    renderUnderCrm('/crm/clients/7');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'next client' }), { ctrlKey: true }));
    expect(screen.getByLabelText('host').textContent).toBe('/crm/clients/7');
  });
});

describe("the renderer's memory router", () => {
  it('keeps its entries: a navigation adds one, a replace swaps the last', async () => {
    const history: string[] = [];
    render(
      <MemoryRouter path="/clients/7" history={history}>
        <Route path="/clients/:id">
          <Client />
        </Route>
      </MemoryRouter>,
    );
    expect(history).toEqual(['/clients/7']);
    expect(screen.getByRole('link', { name: 'next client' }).getAttribute('href')).toBe('/clients/8');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'next client' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'ninth' })));
    expect(history).toEqual(['/clients/7', '/clients/9']);
    expect(screen.getByText('client 9 at /clients/9, tab none')).toBeTruthy();
  });

  it('refuses to draw a link outside any router, saying where to put it', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Link to="/clients/1">a client</Link>)).toThrow(/outside a router/);
  });
});
