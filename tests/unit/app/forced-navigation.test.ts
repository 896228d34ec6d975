import { forcedNavigation } from '../../../src/app/forced-navigation';

describe('what an API refusal does to the page', () => {
  it('in the signed-in areas: 401 and 419 log out, 403 goes to the dashboard', () => {
    for (const area of ['user', 'admin', 'affiliate']) {
      expect(forcedNavigation(401, true, area)).toBe('logout');
      expect(forcedNavigation(419, true, area)).toBe('logout');
      expect(forcedNavigation(403, true, area)).toBe('dashboard');
      expect(forcedNavigation(422, true, area)).toBeNull();
    }
  });

  it('on the booking page a client stays, told by the page: a 403 ("existing clients only") or a 401 moves nothing', () => {
    for (const status of [401, 403, 419]) {
      expect(forcedNavigation(status, false, 'anyone')).toBeNull();
      // An owner trying their own page is not logged out or sent away either.
      expect(forcedNavigation(status, true, 'anyone')).toBeNull();
      expect(forcedNavigation(status, false, 'guest')).toBeNull();
      expect(forcedNavigation(status, true, null)).toBeNull();
    }
  });
});
