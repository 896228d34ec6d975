import { act } from '@testing-library/react';
import type { ScreenDef } from '../../../packages/renderer/core/types';
import { ScreenTour } from '../../../packages/renderer/react/tour/ScreenTour';
import { createTourControl, TourControlContext } from '../../../packages/renderer/react/tour/tour-control';
import { renderScreen, rendererContext } from '../../helpers/renderer-context';

/**
 * Offline (read-only) a step passed could not be recorded, so a tour offered then would come back: the first-time
 * tour waits for the network; a replay from the help menu still runs.
 */
const screen = {
  id: 'clients.list',
  kind: 'list',
  route: '/clients/list',
  tour: { steps: [{ id: 'search', target: 'search', title: 't', text: 'x' }] },
} as unknown as ScreenDef;

async function open(readOnly: boolean) {
  const done = jest.fn(async () => [] as string[]);
  const control = createTourControl();
  renderScreen(
    <TourControlContext.Provider value={control}>
      <ScreenTour screen={screen} />
    </TourControlContext.Provider>,
    rendererContext({ readOnly, tours: { done, markDone: async () => undefined } as never }),
  );
  await act(async () => new Promise((r) => setTimeout(r, 20)));
  return { done, control };
}

describe('a screen tour while read-only', () => {
  it('is not offered the first time, so a step is never passed where it cannot be recorded', async () => {
    const { done, control } = await open(true);
    expect(done).not.toHaveBeenCalled();
    // The help menu's replay still runs it.
    await act(async () => {
      control.current()?.replay();
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('is offered online', async () => {
    const { done } = await open(false);
    expect(done).toHaveBeenCalledTimes(1);
  });
});
