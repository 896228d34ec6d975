import fs from 'node:fs';
import path from 'node:path';
import { fireEvent, screen } from '@testing-library/react';
import { Route } from '@soloist/renderer';
import { HttpError } from '../../../packages/renderer/core/rest';
import { createRegistry } from '../../../packages/renderer/core/registry';
import type { ScreenDef } from '../../../packages/renderer/core/types';
import type { ScreenWidget } from '../../../packages/renderer/react/context';
import WizardScreen from '../../../packages/renderer/react/screens/WizardScreen';
import { StartStep } from '../../../src/widgets/booking-wizard/start';
import { TimeStep } from '../../../src/widgets/booking-wizard/time';
import { productManifest } from '../../helpers/product-manifest';
import { rendererContext, renderScreen } from '../../helpers/renderer-context';
import { fakeRest, translatorIn } from '../../helpers/booking-widget';

const PAGE = '/api/v1/online-booking/hart-studio';
const wizard = JSON.parse(
  fs.readFileSync(path.join(__dirname, '../../../schemas/screens/booking/wizard.json'), 'utf8'),
) as ScreenDef;
const page = (over: Record<string, unknown> = {}) => ({
  data: {
    name: 'Hart Studio',
    open: true,
    message: null,
    currency: 'GBP',
    payment_note: null,
    time_zone: 'Europe/London',
    existing_clients_only: false,
    remember_days: 30,
    services: [
      {
        id: 'cut',
        title: 'Haircut',
        description: null,
        duration: 60,
        price: 3500,
        deposit: 1000,
        multipart: false,
        question: null,
        at_client: false,
        colour: null,
      },
    ],
    classes: [],
    vouchers: [
      {
        id: 'v',
        title: 'Gift',
        description: null,
        amount: 5000,
        colour: null,
        template: null,
        expires_on: null,
        client_notes: false,
      },
    ],
    packages: [],
    verified: { destination: 'a@example.com', channel: 'email', client: null, packages: [] },
    ...over,
  },
});
/** Every step but the first draws only its name: the frame around it is what is tested. */
const stand: ScreenWidget = ({ wizard: w }) => <p>{w!.step.id}</p>;
const real: Record<string, ScreenWidget> = { 'booking-start': StartStep, 'booking-time': TimeStep };
const widgets = Object.fromEntries((wizard.steps ?? []).map((s) => [s.widget, real[s.widget] ?? stand]));

async function open(answer: () => unknown, address = '/online-booking/hart-studio', more = {}) {
  const { rest, calls } = fakeRest({ [`GET ${PAGE}`]: answer, ...more });
  const context = rendererContext({
    rest: rest as never,
    manifest: productManifest(),
    t: await translatorIn('en'),
    screenWidgets: createRegistry<ScreenWidget>('screen widget', widgets),
  });
  renderScreen(
    <Route path="/online-booking/:slug">
      <WizardScreen screen={wizard} />
    </Route>,
    context,
    address,
  );
  return calls;
}
beforeEach(() => sessionStorage.clear());

describe('the booking wizard’s frame', () => {
  it('an unknown address is an error page, without the step counter, progress or step title', async () => {
    await open(() => new HttpError(404, { message: 'Not found' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This booking page does not exist.' })).toBeTruthy();
    expect(screen.queryByTestId('wizard-progress')).toBeNull();
    expect(screen.queryByText('Welcome')).toBeNull();
  });

  it('a paused page says so under the owner’s name, without the wizard around it', async () => {
    await open(() => page({ open: false, message: 'No online bookings being taken at the moment!', services: [] }));
    expect(await screen.findByText('No online bookings being taken at the moment!')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Hart Studio' })).toBeTruthy();
    expect(screen.queryByTestId('wizard-progress')).toBeNull();
  });

  it('an open page has its frame, and a total once counted never changes', async () => {
    await open(() => page());
    expect(await screen.findByText('Book with Hart Studio in a few steps.')).toBeTruthy();
    expect(screen.getByTestId('wizard-progress').textContent).toBe('Step 1');
    fireEvent.click(screen.getByText('A gift voucher'));
    expect((await screen.findByTestId('wizard-progress')).textContent).toBe('Step 2 of 4');
    // Back to the first step to choose again: it does not promise the voucher's 4 steps ("1 of 4" then "2 of 6").
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Book with Hart Studio in a few steps.')).toBeTruthy();
    expect(screen.getByTestId('wizard-progress').textContent).toBe('Step 1');
    fireEvent.click(screen.getByText('An appointment'));
    expect(await screen.findByText('service')).toBeTruthy();
    expect(screen.getByTestId('wizard-progress').textContent).toBe('Step 2 of 6');
  });

  it('a card payment cancelled comes back to the time step, verified, and lets go of the time it held', async () => {
    // What the tab kept while the client was on the card page.
    const held = { token: 'h1', date: '2027-03-11', start_time: '10:00', end_time: '11:00', deposit: 1000 };
    sessionStorage.setItem(
      'wizard:booking.wizard:/online-booking/hart-studio',
      JSON.stringify({ kind: 'appointment', verified: true, client: null, service: 'cut', hold: 'h1', held }),
    );
    const calls = await open(() => page(), '/online-booking/hart-studio?step=time&cancelled=1', {
      [`DELETE ${PAGE}/holds/h1`]: () => undefined,
      [`GET ${PAGE}/services/cut/slots`]: () => ({ data: ['2027-03-11T10:00:00.000Z'], meta: { time_zone: 'UTC' } }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a time' })).toBeTruthy();
    expect(screen.getByText('The payment was cancelled. You can choose a time again.')).toBeTruthy();
    expect(screen.queryByText('verify')).toBeNull();
    await screen.findByText('Haircut · 60 min');
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `${PAGE}/holds/h1`)).toBe(true);
  });
});
