import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { MemoryRouter } from '@soloist/renderer';
import { HttpError } from '../../../packages/renderer';
import { RendererContext } from '../../../packages/renderer/react/context';
import PaymentsIntegration from '../../../src/widgets/integrations/PaymentsIntegration';
import { productManifest, restStandIn } from '../../helpers/product-manifest';
import { rendererContext } from '../../helpers/renderer-context';

const t = (key: string, o?: Record<string, unknown>) => (o ? `${key} ${JSON.stringify(o)}` : key);
const screenDef = { id: 'account.payments-integration', kind: 'dashboard', route: '/x', title: 'x' } as never;

const stripe = {
  provider: 'stripe',
  kind: 'payments',
  status: 'connected',
  account_id: 'acct_1Soloist',
  account_name: 'Anna Hair',
  connected_at: '2026-05-05T09:30:00.000Z',
};
const answer = (over: Record<string, unknown> = {}) => ({
  data: {
    payments: null,
    video: null,
    available: { payments: ['stripe', 'square'], video: ['zoom'] },
    deposits_online: false,
    message: null,
    ...over,
  },
});

/** The widget on its screen, with a server answering GET /integrations with `answers` in turn (the last one after). */
function mount(answers: unknown[], opts: { path?: string; send?: jest.Mock; confirm?: jest.Mock } = {}) {
  const calls: string[] = [];
  let read = 0;
  const getJson = jest.fn(async (path: string) => {
    calls.push(path);
    if (path === '/api/v1/integrations') return answers[Math.min(read++, answers.length - 1)];
    if (path.endsWith('/disconnect')) return { message: 'Stripe is disconnected.' };
    throw new Error(`unexpected ${path}`);
  });
  const send = opts.send ?? jest.fn();
  const notify = jest.fn();
  const confirm = opts.confirm ?? jest.fn(async () => true);
  const location = { path: opts.path ?? '/account-setup/integrations/payments-integration', history: [] as string[] };
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <RendererContext.Provider
        value={rendererContext({
          t: t as never,
          rest: restStandIn({ getJson, send }),
          manifest: productManifest(),
          notify,
          confirm,
          formContext: {},
        })}
      >
        <MemoryRouter path={location.path} history={location.history}>
          <PaymentsIntegration screen={screenDef} card={{ title: 'screens.paymentsIntegration.card' } as never} />
        </MemoryRouter>
      </RendererContext.Provider>
    </SWRConfig>,
  );
  return { calls, send, notify, confirm, location };
}

describe('the payments integration widget', () => {
  it('shows the connected provider, its account, since when, and that deposits are taken online', async () => {
    mount([answer({ payments: stripe, deposits_online: true })]);
    expect(await screen.findByRole('heading', { name: 'integrations.providers.stripe' })).toBeTruthy();
    expect(screen.getByText('integrations.status.connected')).toBeTruthy();
    expect(screen.getByText('integrations.account {"name":"Anna Hair"}')).toBeTruthy();
    expect(screen.getByText('integrations.accountId {"id":"acct_1Soloist"}')).toBeTruthy();
    expect(screen.getByText(/^integrations\.since .*May 5, 2026/)).toBeTruthy();
    expect(screen.getByText('integrations.depositsOn')).toBeTruthy();
    // One card provider at a time: Square is not offered beside Stripe, and the way to it is said.
    expect(screen.queryByRole('button', { name: /connectProvider/ })).toBeNull();
    expect(screen.getByText('integrations.onlyOne {"provider":"integrations.providers.stripe"}')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'integrations.reconnect' })).toBeNull();
    expect(screen.getByRole('link', { name: 'integrations.settingsLink' }).getAttribute('href')).toBe(
      '/account-setup/customisation/payment_settings',
    );
  });

  it('says a connection needs reconnecting in the server’s words, with a Reconnect button', async () => {
    const message = 'Please update your Payment details - currently they are incomplete';
    mount([answer({ payments: { ...stripe, status: 'reconnect' }, message })]);
    expect(await screen.findByText('integrations.status.reconnect')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'integrations.reconnect' })).toBeTruthy();
    expect(screen.getByText('integrations.depositsOffLine')).toBeTruthy();
  });

  it('offers a card per available provider when none is connected', async () => {
    mount([answer()]);
    expect(await screen.findByRole('button', { name: /^integrations\.connectProvider .*stripe/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^integrations\.connectProvider .*square/ })).toBeTruthy();
    expect(screen.getByText('integrations.descriptions.stripe')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'integrations.disconnect' })).toBeNull();
    expect(screen.getByText('integrations.depositsOffLine')).toBeTruthy();
  });

  it('posts LiqPay’s keys and shows LiqPay’s refusal under the field it names', async () => {
    const send = jest.fn(async () => {
      throw new HttpError(422, {
        message: 'The given data was invalid.',
        errors: { private_key: ['The private key does not match the public key.'] },
      });
    });
    mount([answer({ available: { payments: ['liqpay'], video: [] } })], { send });
    const publicKey = await screen.findByLabelText(/integrations\.liqpay\.publicKey/);
    const privateKey = screen.getByLabelText(/integrations\.liqpay\.privateKey/);
    expect(privateKey.getAttribute('type')).toBe('password');
    fireEvent.change(publicKey, { target: { value: ' sandbox_i123 ' } });
    fireEvent.change(privateKey, { target: { value: 'sandbox_secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'integrations.connect' }));
    expect(await screen.findByText('The private key does not match the public key.')).toBeTruthy();
    expect(send).toHaveBeenCalledWith('POST', '/api/v1/integrations/liqpay', {
      public_key: 'sandbox_i123',
      private_key: 'sandbox_secret',
    });
    expect(privateKey.getAttribute('aria-invalid')).toBe('true');
    expect(publicKey.getAttribute('aria-invalid')).toBe('false');
  });

  it('asks before disconnecting, then calls the disconnect address and reads the integrations again', async () => {
    const confirm = jest.fn(async () => true);
    const { calls, notify } = mount([answer({ payments: stripe, deposits_online: true }), answer()], { confirm });
    fireEvent.click(await screen.findByRole('button', { name: 'integrations.disconnect' }));
    await waitFor(() => expect(calls).toContain('/api/v1/integrations/stripe/disconnect'));
    expect(confirm).toHaveBeenCalledWith(
      'integrations.disconnectPayments {"provider":"integrations.providers.stripe"}',
      { confirm: 'integrations.disconnect', cancel: 'integrations.keepConnected' },
    );
    expect(notify).toHaveBeenCalledWith('Stripe is disconnected.', 'success');
    expect(await screen.findByRole('button', { name: /^integrations\.connectProvider .*stripe/ })).toBeTruthy();
  });

  it('keeps the connection when the owner says no', async () => {
    const confirm = jest.fn(async () => false);
    const { calls } = mount([answer({ payments: stripe })], { confirm });
    fireEvent.click(await screen.findByRole('button', { name: 'integrations.disconnect' }));
    await waitFor(() => expect(confirm).toHaveBeenCalled());
    expect(calls.some((c) => c.endsWith('/disconnect'))).toBe(false);
  });

  it('says how the provider’s page went once, then takes it out of the address', async () => {
    const { notify, location } = mount([answer({ payments: stripe })], {
      path: '/account-setup/integrations/payments-integration?connected=stripe',
    });
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'integrations.connected {"provider":"integrations.providers.stripe"}',
        'success',
      ),
    );
    expect(location.history?.at(-1)).toBe('/account-setup/integrations/payments-integration');
    expect(location.history).toHaveLength(1);
  });

  it('says a refused connection as an error', async () => {
    const { notify } = mount([answer()], { path: '/account-setup/integrations/payments-integration?error=denied' });
    await waitFor(() => expect(notify).toHaveBeenCalledWith('integrations.returned.denied', 'error'));
  });

  it('shows why the integrations could not be read, with a way to try again', async () => {
    const getJson = jest.fn().mockRejectedValueOnce(new HttpError(500, {})).mockResolvedValue(answer());
    render(
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
        <RendererContext.Provider
          value={rendererContext({ t: t as never, rest: restStandIn({ getJson }), manifest: productManifest() })}
        >
          <MemoryRouter path={'/'}>
            <PaymentsIntegration screen={screenDef} />
          </MemoryRouter>
        </RendererContext.Provider>
      </SWRConfig>,
    );
    expect(screen.getByRole('progressbar', { name: 'app.loading' })).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('app.loadFailed')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'app.retry' }));
    expect(await screen.findByText('integrations.descriptions.stripe')).toBeTruthy();
  });
});
