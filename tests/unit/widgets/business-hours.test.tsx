import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { MemoryRouter } from '@soloist/renderer';
import { HttpError } from '../../../packages/renderer';
import { RendererContext } from '../../../packages/renderer/react/context';
import type { CurrentUser } from '../../../src/domain/current-user';
import BusinessHours from '../../../src/widgets/business-hours/BusinessHours';
import { WidgetHostContext } from '../../../src/widgets/host';
import { productManifest, restStandIn } from '../../helpers/product-manifest';
import { rendererContext } from '../../helpers/renderer-context';

const t = (key: string, o?: Record<string, unknown>) => (o ? `${key} ${JSON.stringify(o)}` : key);
const week = Array.from({ length: 7 }, (_, i) => ({
  id: i + 1,
  weekday: (i + 1) % 7,
  open: i < 5,
  start: '09:00',
  end: '17:00',
  breaks: [],
}));

function mount(send: jest.Mock) {
  const user = { read_only: false, businessTimeSettings: week } as unknown as CurrentUser;
  const onSession = jest.fn(async () => undefined);
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <RendererContext.Provider
        value={rendererContext({
          t: t as never,
          rest: restStandIn({ send }),
          manifest: productManifest(),
          locale: 'en-GB',
          onSession,
        })}
      >
        <WidgetHostContext.Provider value={{ user, reloadUser: async () => undefined }}>
          <MemoryRouter path={'/account-setup/customisation/calendar-and-time'}>
            <BusinessHours screen={{} as never} />
          </MemoryRouter>
        </WidgetHostContext.Provider>
      </RendererContext.Provider>
    </SWRConfig>,
  );
  return { onSession };
}
const day = (name: string) => within(screen.getByRole('listitem', { name }));

describe('business hours', () => {
  it('saves the whole week with one Save: the days changed, in one call', async () => {
    const send = jest.fn(async () => ({ message: 'Updated successfully.' }));
    const { onSession } = mount(send);
    const save = screen.getByRole('button', { name: 'actions.save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(day('Monday').getByLabelText('businessHours.start'), { target: { value: '08:00' } });
    fireEvent.click(day('Saturday').getByRole('switch'));
    expect(day('Monday').getByText('businessHours.unsaved')).toBeTruthy();
    expect(screen.getByText('businessHours.changed {"count":2}')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /save/i })).toHaveLength(1);
    await act(async () => fireEvent.click(save));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith('PUT', '/api/v1/user/business-time-settings', {
      days: {
        1: { open: true, start: '08:00', end: '17:00', breaks: [] },
        6: { open: true, start: '09:00', end: '17:00', breaks: [] },
      },
    });
    expect(onSession).toHaveBeenCalled();
  });

  it('asks before the page is left with days not saved', () => {
    mount(jest.fn());
    const quiet = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(quiet);
    expect(quiet.defaultPrevented).toBe(false);
    fireEvent.change(day('Tuesday').getByLabelText('businessHours.end'), { target: { value: '18:00' } });
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
  });

  it('shows a refusal under the day it is about', async () => {
    const send = jest.fn(async () => {
      throw new HttpError(422, { message: 'Check the hours.', errors: { 'days.3.end': ['Closes before it opens.'] } });
    });
    mount(send);
    fireEvent.change(day('Wednesday').getByLabelText('businessHours.end'), { target: { value: '08:00' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'actions.save' })));
    await waitFor(() => expect(day('Wednesday').getByText('Closes before it opens.')).toBeTruthy());
  });
});
