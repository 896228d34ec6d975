/**
 * @jest-environment jsdom
 */
import { offlineAwareFetch, readsSoFar } from '../../../src/app/offline/network';

/**
 * What is read again through the service worker when it takes a page over comes from the app's own GETs: a POST (the
 * log in) is never among them, nor another origin's address.
 */
describe("the app's reads, for reading again", () => {
  it('notes GETs by path and query, once each, and never a POST or another origin', async () => {
    global.fetch = jest.fn(async () => ({ headers: { get: () => null } }) as unknown as Response);
    await offlineAwareFetch('/api/login', { method: 'POST', body: '{}' });
    await offlineAwareFetch('/api/v1/clients?page=1');
    await offlineAwareFetch('/api/v1/clients?page=1');
    await offlineAwareFetch('https://elsewhere.example/api/v1/x');
    await offlineAwareFetch(new URL('/api/v1/user', window.location.href));
    expect(readsSoFar()).toEqual(['/api/v1/clients?page=1', '/api/v1/user']);
  });
});
