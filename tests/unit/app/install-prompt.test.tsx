import { act, renderHook } from '@testing-library/react';

/**
 * Spec §1/§2: Chromium's install offer kept for the moment the person asks; Safari on an iPhone gets the share-sheet
 * steps; once installed (by the offer, or by the browser's own menu: `appinstalled`) the saved data is kept for good.
 */

const persist = jest.fn(async () => true);
Object.defineProperty(navigator, 'storage', { value: { persist }, configurable: true });

const prompt =
  require('../../../src/app/install/install-prompt') as typeof import('../../../src/app/install/install-prompt');

function offer(outcome: 'accepted' | 'dismissed'): Event {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  Object.assign(event, { prompt: jest.fn(async () => undefined), userChoice: Promise.resolve({ outcome }) });
  return event;
}

describe('installing the app', () => {
  beforeEach(() => persist.mockClear());

  it('keeps the browser offer, shows it when asked, and keeps the data once the person installs', async () => {
    const { result } = renderHook(() => prompt.useInstallWay());
    expect(result.current).toBeNull();
    const event = offer('accepted');
    act(() => void window.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true);
    expect(result.current).toBe('prompt');
    let installed = false;
    await act(async () => void (installed = await prompt.promptInstall()));
    expect(installed).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('after an install from the browser menu, offers nothing more and keeps the data', () => {
    const { result } = renderHook(() => prompt.useInstallWay());
    act(() => void window.dispatchEvent(offer('dismissed')));
    expect(result.current).toBe('prompt');
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(result.current).toBeNull();
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1',
      5,
      true,
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15', 5, true],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15', 0, false],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 CriOS/120.0 Mobile Safari/604.1',
      5,
      false,
    ],
  ])('tells Safari on an iPhone or iPad by its agent: %s (%d touch points) → %s', (agent, touch, ios) => {
    expect(prompt.isIosSafari(agent, touch)).toBe(ios);
  });
});
