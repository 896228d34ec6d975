import { useState } from 'react';
import { act, screen as view } from '@testing-library/react';
import { createRegistry } from '../../../packages/renderer/core/registry';
import type { Manifest } from '../../../packages/renderer/core/types';
import { ScreenLoader } from '../../../packages/renderer/react/ScreenLoader';
import type { ScreenKind } from '../../../packages/renderer/react/types';
import { rendererContext, renderScreen } from '../../helpers/renderer-context';

/** A screen whose schema is on its way for as long as the test looks (the affiliate dashboard stayed blank 3 s). */
function slowScreen() {
  const manifest = {
    hash: 'h',
    navigation: { areas: [], redirects: [], notFound: '/404' },
    screens: [{ id: 'affiliate.dashboard', kind: 'dashboard', route: '/affiliate/dashboard' }],
    resources: {},
  } as unknown as Manifest;
  const rest = { peek: () => undefined, getJson: () => new Promise<never>(() => undefined) };
  renderScreen(
    <ScreenLoader id="affiliate.dashboard" kinds={createRegistry<ScreenKind>('screen kind', {})} />,
    rendererContext({ manifest, rest: rest as never, t: (k) => (k === 'app.loading' ? 'Loading…' : k) }),
    '/affiliate/dashboard',
  );
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('a screen that waits', () => {
  it('shows nothing for the first 300 ms (a quick answer paints without a flash)', () => {
    slowScreen();
    act(() => jest.advanceTimersByTime(250));
    expect(view.queryByRole('progressbar')).toBeNull();
  });

  it('then shows a progress indicator named for screen readers', () => {
    slowScreen();
    act(() => jest.advanceTimersByTime(300));
    expect(view.getByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
  });
});

describe('moving to another screen', () => {
  it("never draws the screen left behind under the new address while the new one's schema is read", async () => {
    jest.useRealTimers();
    const manifest = {
      hash: 'h',
      navigation: { areas: [], redirects: [], notFound: '/404' },
      screens: [
        { id: 'classes.list', kind: 'list', route: '/classes' },
        { id: 'account.subscription', kind: 'page', route: '/subscription' },
      ],
      resources: {},
    } as unknown as Manifest;
    const drawn: string[] = [];
    const kinds = createRegistry<ScreenKind>('screen kind', {
      list: (({ screen }: { screen: { id: string } }) => {
        drawn.push(screen.id);
        return <p>{screen.id}</p>;
      }) as never,
    });
    const rest = {
      peek: () => undefined,
      getJson: (url: string) =>
        url.endsWith('classes.list')
          ? Promise.resolve({ data: { id: 'classes.list', kind: 'list', route: '/classes' } })
          : new Promise<never>(() => undefined),
    };
    let go: (id: string) => void = () => undefined;
    function Moving() {
      const [id, setId] = useState('classes.list');
      go = setId;
      return <ScreenLoader id={id} kinds={kinds} />;
    }
    renderScreen(<Moving />, rendererContext({ manifest, rest: rest as never, t: (k) => k }), '/classes');
    expect(await view.findByText('classes.list')).toBeTruthy();
    act(() => go('account.subscription'));
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(view.queryByText('classes.list')).toBeNull();
    expect(drawn).toEqual(['classes.list']);
  });
});
