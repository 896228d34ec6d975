import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { MemoryRouter } from '@soloist/renderer';
import { RendererContext } from '../../../packages/renderer/react/context';
import CreditsWidget from '../../../src/widgets/credits/Credits';
import { WidgetHostContext } from '../../../src/widgets/host';
import { productManifest } from '../../helpers/product-manifest';
import { rendererContext } from '../../helpers/renderer-context';

const t = (key: string, o?: Record<string, unknown>) => (o ? `${key} ${JSON.stringify(o)}` : key);
const bundles = {
  sms: [{ id: 'sms-100', type: 'sms', credits: 100, price: 500, currency: 'gbp' }],
  email: [{ id: 'email-500', type: 'email', credits: 500, price: 300, currency: 'gbp' }],
};

function mount(emailAutoRenew: boolean) {
  const state = { email: emailAutoRenew };
  const credits = () => ({
    data: {
      sms: { balance: 40, plan: 0, bought: 40, auto_renew: false, bundle_id: null },
      email: { balance: 200, plan: 0, bought: 200, auto_renew: state.email, bundle_id: 'email-500' },
      top_up_at: 10,
      low_at: 20,
      pay_with: 'card',
    },
  });
  const getJson = jest.fn(async (path: string) =>
    path === '/api/v1/user/credits' ? credits() : { data: path.includes('sms') ? bundles.sms : bundles.email },
  );
  const send = jest.fn(async (method: string, path: string, body?: { type: string; auto_renew: boolean }) => {
    if (method === 'GET') return getJson(path);
    state.email = body!.auto_renew;
    return { message: 'Saved.' };
  });
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <RendererContext.Provider
        value={rendererContext({
          t: t as never,
          rest: { send, peek: () => undefined } as never,
          manifest: productManifest(),
          locale: 'en-GB',
        })}
      >
        <WidgetHostContext.Provider value={{ user: undefined, reloadUser: async () => undefined }}>
          <MemoryRouter path={'/account-setup/notifications/credits'}>
            <CreditsWidget screen={{} as never} />
          </MemoryRouter>
        </WidgetHostContext.Provider>
      </RendererContext.Provider>
    </SWRConfig>,
  );
  return { send };
}

const emailSection = async () => within(await screen.findByRole('region', { name: 'credits.titles.email' }));
const on = 'credits.autoRenewNote {"count":10,"credits":"500","price":"£3.00"}';
const off = 'credits.autoRenewOffNote {"count":10,"credits":"500","price":"£3.00"}';

describe('auto-renew on the credits page', () => {
  it('says, while it is off, that nothing will be bought; once switched on, what will be bought and when', async () => {
    const { send } = mount(false);
    const email = await emailSection();
    expect(await email.findByText(off)).toBeTruthy();
    expect(email.queryByText(on)).toBeNull();
    const toggle = email.getByRole('switch', { name: 'credits.autoRenew' });
    expect(document.getElementById(toggle.getAttribute('aria-describedby')!)?.textContent).toBe(off);
    fireEvent.click(toggle);
    await waitFor(() => expect(send).toHaveBeenCalledWith('PUT', '/api/v1/user/auto-renew', expect.anything()));
    expect(await email.findByText(on)).toBeTruthy();
    expect(email.queryByText(off)).toBeNull();
  });

  it('says what will be bought while it is on, and that nothing will once it is switched off', async () => {
    mount(true);
    const email = await emailSection();
    expect(await email.findByText(on)).toBeTruthy();
    fireEvent.click(email.getByRole('switch', { name: 'credits.autoRenew' }));
    expect(await email.findByText(off)).toBeTruthy();
  });
});
