import { act, renderHook } from '@testing-library/react';
import { HttpError, type RestClient } from '@soloist/renderer';
import { useSessionActions } from '../../../src/app/session-actions';

/**
 * Log out ends the server's session before the browser's: with no answer (offline, the connection lost) the person
 * stays signed in and is told why; with any answer — 401 and 419 included, the session already over — the browser
 * signs out too.
 */
function actions(send: RestClient['send']) {
  const calls = { notify: jest.fn(), signOut: jest.fn(async () => undefined) };
  const loggingOut = { current: false };
  const { result } = renderHook(() =>
    useSessionActions({
      rest: { send } as unknown as RestClient,
      notify: calls.notify,
      signOut: calls.signOut,
      forget: async () => undefined,
      reload: async () => undefined,
      loggingOut,
      offlineText: () => 'Log out when the connection is back.',
    }),
  );
  return { ...calls, loggingOut, logout: () => act(() => result.current.logout()) };
}

test('offline, log out leaves the person signed in and says when it can be done', async () => {
  const session = actions(jest.fn(async () => Promise.reject(new TypeError('Network Error'))) as never);
  await session.logout();
  expect(session.signOut).not.toHaveBeenCalled();
  expect(session.notify).toHaveBeenCalledWith('Log out when the connection is back.', 'error');
  expect(session.loggingOut.current).toBe(false);
});

test("the server's answer ends the session in the browser too, with its words", async () => {
  const session = actions(jest.fn(async () => ({ message: 'You have been logged out.' })) as never);
  await session.logout();
  expect(session.notify).toHaveBeenCalledWith('You have been logged out.', 'success');
  expect(session.signOut).toHaveBeenCalledWith('/login');
});

test('a session already over on the server (401, 419) signs out in the browser without an error', async () => {
  for (const status of [401, 419]) {
    const session = actions(jest.fn(async () => Promise.reject(new HttpError(status, {}))) as never);
    await session.logout();
    expect(session.signOut).toHaveBeenCalledWith('/login');
    expect(session.notify).not.toHaveBeenCalled();
  }
});
