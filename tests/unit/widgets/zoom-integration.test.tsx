import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { MemoryRouter } from '@soloist/renderer';
import { RendererContext } from '../../../packages/renderer/react/context';
import ZoomIntegration from '../../../src/widgets/integrations/ZoomIntegration';
import { WidgetHostContext } from '../../../src/widgets/host';
import { productManifest, restStandIn } from '../../helpers/product-manifest';
import { rendererContext } from '../../helpers/renderer-context';

const t = (key: string, o?: Record<string, unknown>) => (o ? `${key} ${JSON.stringify(o)}` : key);
const zoom = {
  provider: 'zoom',
  kind: 'video',
  status: 'connected',
  account_id: 'zoom-user-1',
  account_name: 'anna@example.test',
  connected_at: '2026-05-05T09:30:00.000Z',
};
const answer = (over: Record<string, unknown> = {}) => ({
  data: {
    payments: null,
    video: null,
    available: { payments: ['stripe'], video: ['zoom'] },
    deposits_online: false,
    message: null,
    ...over,
  },
});

function mount(answers: unknown[], can = true) {
  const calls: string[] = [];
  let read = 0;
  const getJson = jest.fn(async (path: string) => {
    calls.push(path);
    if (path === '/api/v1/integrations') return answers[Math.min(read++, answers.length - 1)];
    return { message: 'Zoom is disconnected.' };
  });
  const reloadUser = jest.fn(async () => undefined);
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <RendererContext.Provider
        value={rendererContext({
          t: t as never,
          rest: restStandIn({ getJson }),
          manifest: productManifest(),
          can: () => can,
          formContext: {},
        })}
      >
        <WidgetHostContext.Provider value={{ user: undefined, reloadUser }}>
          <MemoryRouter path={'/account-setup/integrations/zoom-integration'}>
            <ZoomIntegration screen={{} as never} />
          </MemoryRouter>
        </WidgetHostContext.Provider>
      </RendererContext.Provider>
    </SWRConfig>,
  );
  return { calls, reloadUser };
}

describe('the Zoom integration widget', () => {
  it('shows the connected Zoom account with Reconnect, Disconnect and the note on Zoom’s free plan', async () => {
    mount([answer({ video: zoom })]);
    expect(await screen.findByText('integrations.account {"name":"anna@example.test"}')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'integrations.reconnect' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'integrations.disconnect' })).toBeTruthy();
    expect(screen.getByText('integrations.zoomNote')).toBeTruthy();
  });

  it('says Zoom must be connected again when it no longer accepts the connection', async () => {
    mount([answer({ video: { ...zoom, status: 'reconnect' }, message: 'Please, connect zoom integration first!' })]);
    expect(await screen.findByText('Please, connect zoom integration first!')).toBeTruthy();
    expect(screen.getByText('integrations.status.reconnect')).toBeTruthy();
  });

  it('offers Connect when Zoom is not connected, and nothing to press in read-only mode', async () => {
    mount([answer()], false);
    const connect = await screen.findByRole('button', { name: /^integrations\.connectProvider .*zoom/ });
    expect(connect).toHaveProperty('disabled', true);
    expect(screen.getByText('integrations.zoom.notConnected')).toBeTruthy();
  });

  it('reads the user again after disconnecting, since appointments may have Zoom only while it is connected', async () => {
    const { calls, reloadUser } = mount([answer({ video: zoom }), answer()]);
    fireEvent.click(await screen.findByRole('button', { name: 'integrations.disconnect' }));
    await waitFor(() => expect(reloadUser).toHaveBeenCalled());
    expect(calls).toContain('/api/v1/integrations/zoom/disconnect');
    expect(await screen.findByRole('button', { name: /^integrations\.connectProvider .*zoom/ })).toBeTruthy();
  });
});
