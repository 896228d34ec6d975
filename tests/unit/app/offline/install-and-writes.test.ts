import { writesData } from '../../../../packages/renderer/core/writes';
import { isIosSafari } from '../../../../src/app/install/install-prompt';
import { readVersion, VersionCheckError } from '../../../../src/app/update/version-check';
import { isCodeLoadError } from '../../../../packages/renderer/react/ScreenErrorBoundary';

describe('writesData', () => {
  const screens = [
    { id: 'clients-form', kind: 'form' },
    { id: 'clients-list', kind: 'list' },
    { id: 'booking', kind: 'wizard' },
    { id: 'import', kind: 'page', gate: { subject: 'Client', action: 'create' } },
    { id: 'analytics', kind: 'page', gate: { subject: 'Analytics', action: 'read' } },
  ];
  it.each([
    [{ kind: 'navigate' as const, screen: 'clients-form' }, true],
    [{ kind: 'navigate' as const, screen: 'booking' }, true],
    [{ kind: 'navigate' as const, screen: 'clients-list' }, false],
    [{ kind: 'navigate' as const, screen: 'import' }, true],
    [{ kind: 'navigate' as const, screen: 'analytics' }, false],
    [{ screen: 'clients-list' }, false],
    [{ kind: 'download' as const }, false],
    [{ kind: 'call' as const }, true],
    [{ kind: 'archive' as const }, true],
    [{ kind: 'delete' as const }, true],
    [{ kind: 'export' as const }, true],
  ])('%j writes: %s', (action, writes) => {
    expect(writesData(action, screens)).toBe(writes);
  });
});

describe('isIosSafari', () => {
  it('knows Safari on an iPhone and on an iPad that says it is a Mac, and not Chrome on iOS', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1';
    const ipad = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15';
    const crios =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 CriOS/130.0 Mobile/15E148 Safari/604.1';
    expect(isIosSafari(iphone, 5)).toBe(true);
    expect(isIosSafari(ipad, 5)).toBe(true);
    expect(isIosSafari(ipad, 0)).toBe(false);
    expect(isIosSafari(crios, 5)).toBe(false);
  });
});

describe('readVersion', () => {
  const answer = (status: number, body: unknown) =>
    (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

  it("reads the build's hash", async () => {
    await expect(readVersion(answer(200, { hash: 'abc' }))).resolves.toBe('abc');
  });

  it("fails with the server's message, or none when the server was not reached (spec §8)", async () => {
    await expect(readVersion(answer(503, { message: 'Down for maintenance' }))).rejects.toEqual(
      new VersionCheckError('Down for maintenance'),
    );
    const unreachable = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(readVersion(unreachable)).rejects.toMatchObject({ serverMessage: null, message: 'Network Error' });
  });
});

describe('isCodeLoadError', () => {
  it("knows webpack's failed and timed-out chunk loads, and nothing else", () => {
    expect(
      isCodeLoadError(
        Object.assign(new Error('Loading chunk screen-form failed.\n(timeout: /a.js)'), { name: 'ChunkLoadError' }),
      ),
    ).toBe(true);
    expect(isCodeLoadError(new Error('Loading CSS chunk 12 failed.\n(/a.css)'))).toBe(true);
    expect(isCodeLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isCodeLoadError('Loading chunk 1 failed')).toBe(false);
  });
});
