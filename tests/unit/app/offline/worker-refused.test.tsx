import { startWorker, updateWaiting, worker } from '../../../../src/app/offline/worker';

// A browser that refuses the worker: Firefox's private windows, or cookies blocked for the site, reject the
// registration with a SecurityError.
const register = jest.fn().mockRejectedValue(new DOMException('The operation is insecure.', 'SecurityError'));
jest.mock('workbox-window', () => ({
  Workbox: jest.fn().mockImplementation(() => ({ addEventListener: jest.fn(), register })),
}));

describe('the service worker refused by the browser', () => {
  const env = process.env.NODE_ENV;
  beforeAll(() => {
    process.env.NODE_ENV = 'production';
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: jest.fn().mockResolvedValue(undefined) },
    });
  });
  afterAll(() => {
    process.env.NODE_ENV = env;
  });

  it('leaves the app online only: no worker, no update waiting, nothing thrown at the page', async () => {
    await expect(startWorker()).resolves.toBeNull();
    expect(register).toHaveBeenCalledTimes(1);
    await expect(worker()).resolves.toBeNull();
    await expect(updateWaiting()).resolves.toBe(false);
  });
});
