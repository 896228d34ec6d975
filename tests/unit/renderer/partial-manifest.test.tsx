import { act, render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { SchemaApp } from '../../../packages/renderer/react/SchemaApp';
import { muiLook } from '../../../packages/renderer/react/shell/mui-look';
import { createRestClient } from '../../../packages/renderer/core/rest';
import type { Manifest } from '../../../packages/renderer/core/types';

/**
 * A guest's first page carries a partial manifest (the areas a guest opens): the renderer asks for the whole one only
 * when it is needed — someone signs in, or an address it does not know is opened — and never sends such an address
 * to the not-found page before the whole manifest has answered.
 */

const guestArea = { id: 'guest', guard: 'guest', layout: 'plain', screens: ['login'] };
const businessArea = { id: 'business', guard: 'user', layout: 'plain', screens: ['home'] };
const screen = (id: string, route: string) => ({ id, kind: 'page', route, title: `${id}.title` });
const manifest = (partial: boolean) =>
  ({
    hash: partial ? 'h-guest' : 'h',
    ...(partial ? { partial: true } : {}),
    navigation: { areas: partial ? [guestArea] : [guestArea, businessArea], redirects: [], notFound: '/404' },
    screens: partial ? [screen('login', '/login')] : [screen('login', '/login'), screen('home', '/home')],
    resources: {},
    calls: {},
  }) as unknown as Manifest;

/** A REST client whose page carried the partial manifest; the network answers the whole one (and little else). */
function client() {
  const asked: string[] = [];
  const fetch = jest.fn(async (url: string) => {
    asked.push(url);
    const body = url === '/api/v1/ui/manifest' ? { data: manifest(false) } : { data: {} };
    return { ok: true, status: 200, json: async () => body } as Response;
  });
  const rest = createRestClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    preloaded: { '/api/v1/ui/manifest': { status: 200, body: { data: manifest(true) } } },
  });
  return { rest, manifestReads: () => asked.filter((u) => u === '/api/v1/ui/manifest').length };
}

/** The app under test, with a cache of its own (SWR's is shared across tests otherwise). */
function app(rest: ReturnType<typeof client>['rest'], sessionKey: number, cache: Map<string, unknown>) {
  return (
    <SWRConfig value={{ provider: () => cache as never }}>
      <SchemaApp
        look={muiLook}
        rest={rest}
        t={(key) => key}
        locale="en-GB"
        can={() => true}
        guards={{ guest: () => null, user: () => null }}
        layouts={{ plain: ({ children }: { children?: ReactNode }) => <>{children}</> }}
        notify={() => undefined}
        confirm={async () => true}
        loading={<p>loading</p>}
        sessionKey={sessionKey}
      />
    </SWRConfig>
  );
}

describe('a partial manifest', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('serves a guest without asking the network, then asks for the whole one once someone signs in', async () => {
    window.history.replaceState(null, '', '/login');
    const { rest, manifestReads } = client();
    const cache = new Map();
    const view = render(app(rest, 0, cache));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(manifestReads()).toBe(0);

    view.rerender(app(rest, 7, cache));
    await waitFor(() => expect(manifestReads()).toBe(1));
  });

  it('asks for the whole manifest for an address it does not know, rather than sending it to the not-found page', async () => {
    window.history.replaceState(null, '', '/home');
    const { rest, manifestReads } = client();
    const view = render(app(rest, 0, new Map()));
    await waitFor(() => expect(manifestReads()).toBe(1));
    expect(window.location.pathname).toBe('/home');
    expect(view.container.textContent).not.toContain('404');
  });
});
