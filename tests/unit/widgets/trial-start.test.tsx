import { render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { MemoryRouter } from '@soloist/renderer';
import { RendererContext } from '../../../packages/renderer/react/context';
import type { CurrentUser } from '../../../src/domain/current-user';
import { WidgetHostContext } from '../../../src/widgets/host';
import TrialStart from '../../../src/widgets/subscription/TrialStart';
import { productManifest } from '../../helpers/product-manifest';
import { rendererContext } from '../../helpers/renderer-context';

const t = (key: string, o?: Record<string, unknown>) => (o ? `${key} ${JSON.stringify(o)}` : key);
const plans = {
  data: [
    { id: 'business-monthly', name: 'Business Monthly', level: 'business', interval: 'monthly', price: 2400 },
    { id: 'business-annual', name: 'Business Annual', level: 'business', interval: 'annual', price: 24000 },
  ].map((p) => ({ ...p, currency: 'gbp', sms_credits: 50, current: false })),
  promo: null,
  provider: 'stripe',
};

function mount(subscription: Partial<CurrentUser['subscription']>, path = '/account-setup/subscription/start') {
  const getJson = jest.fn(async (_url: string) => plans);
  const rest = { send: (_method: string, url: string) => getJson(url), peek: () => undefined };
  const user = {
    first_name: 'Ann',
    region: 'GB',
    subscription: {
      status: 'trialing',
      stage: 'trial',
      trial_ends_at: '2026-12-09T10:00:00.000Z',
      plan_name: null,
      subscribed: false,
      interval: null,
      ...subscription,
    },
  } as unknown as CurrentUser;
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <RendererContext.Provider
        value={rendererContext({ t: t as never, rest: rest as never, manifest: productManifest(), locale: 'en-GB' })}
      >
        <WidgetHostContext.Provider value={{ user, reloadUser: async () => undefined }}>
          <MemoryRouter path={path}>
            <TrialStart screen={{} as never} />
          </MemoryRouter>
        </WidgetHostContext.Provider>
      </RendererContext.Provider>
    </SWRConfig>,
  );
  return { getJson };
}

describe('the trial card step', () => {
  it('shows an owner past the trial where their plan is, not a trial that ends on no day', () => {
    mount({ stage: 'subscriber', trial_ends_at: null, plan_name: 'Premium Monthly', subscribed: true });
    expect(screen.getByText('billing.start.overTitle')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'billing.start.toSubscription' })).toBeTruthy();
    expect(screen.queryByText(/billing\.start\.(text|charge)/)).toBeNull();
  });

  it('says the plan is chosen next, and that nothing is charged before the trial ends', () => {
    const { getJson } = mount({});
    expect(screen.getByText('billing.start.text {"date":"9 December 2026"}')).toBeTruthy();
    expect(getJson).not.toHaveBeenCalled();
  });

  it('names the plan chosen on the trial, its amount with the currency and when it is charged', async () => {
    mount({ plan_name: 'Business Annual', subscribed: true, interval: 'annual' });
    expect(
      await screen.findByText(
        'billing.start.chargeAnnual {"date":"9 December 2026","plan":"billing.levels.business","amount":"£240.00"}',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'billing.addCard' })).toBeTruthy();
  });

  it('once the card is saved, says what it will be charged for the plan chosen', async () => {
    mount(
      { plan_name: 'Business Monthly', subscribed: true, interval: 'monthly' },
      '/account-setup/subscription/start?card=saved',
    );
    expect(await screen.findByText('billing.start.saved')).toBeTruthy();
    expect(
      await screen.findByText(
        'billing.start.chargeMonthly {"date":"9 December 2026","plan":"billing.levels.business","amount":"£24.00"}',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/billing\.start\.choose/)).toBeNull();
  });
});
