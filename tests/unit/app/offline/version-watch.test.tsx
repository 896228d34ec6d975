import { goOffline, goOnline, networkState } from '../../../../src/app/offline/network';
import { applyUpdate, checkForUpdate, updateWaiting } from '../../../../src/app/offline/worker';
import { watchVersion } from '../../../../src/app/update/version-check';

jest.mock('../../../../src/app/offline/worker', () => ({
  applyUpdate: jest.fn(async () => undefined),
  checkForUpdate: jest.fn(async () => undefined),
  onUpdateWaiting: jest.fn(() => () => undefined),
  updateWaiting: jest.fn(async () => false),
}));

/** The version file answering `hash`, as the server does. */
function serve(hash: string): jest.Mock {
  const fetchMock = jest.fn(async () => ({ ok: true, json: async () => ({ hash }) }));
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** Lets the check's awaits (the fetch, its body, the worker) run out. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 10));
const hooks = () => ({ ask: jest.fn(async () => true), failed: jest.fn() });

describe('watchVersion', () => {
  let stop: () => void = () => undefined;
  beforeAll(() => jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible'));
  afterEach(() => {
    stop();
    goOnline();
    jest.clearAllMocks();
  });

  it('reads the version file while the app holds itself offline after a failed request, and that ends it', async () => {
    goOffline(); // a request failed: a server restarting for a deploy; the browser itself is online
    const fetchMock = serve('build-1');
    stop = watchVersion(hooks());
    await flush();
    expect(fetchMock).toHaveBeenCalledWith('/version.json', { cache: 'no-store' });
    expect(networkState().offline).toBe(false);
  });

  it('asks the worker for a new build when the hash changes, and says nothing went wrong', async () => {
    serve('build-1');
    const h = hooks();
    stop = watchVersion(h);
    await flush();
    expect(checkForUpdate).not.toHaveBeenCalled();
    serve('build-2');
    window.dispatchEvent(new Event('focus'));
    await flush();
    expect(checkForUpdate).toHaveBeenCalledTimes(1);
    expect(h.failed).not.toHaveBeenCalled();
  });

  it('takes a waiting update on once the app is back online, not while it is offline', async () => {
    serve('build-1');
    stop = watchVersion(hooks());
    await flush();
    jest.mocked(updateWaiting).mockResolvedValue(true);
    const browserOnline = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    goOffline();
    window.dispatchEvent(new Event('focus'));
    await flush();
    expect(applyUpdate).not.toHaveBeenCalled();
    browserOnline.mockRestore();
    goOnline();
    await flush();
    expect(applyUpdate).toHaveBeenCalledTimes(1);
  });
});
