/** The guards of the signed-in areas (navigation.json): owners', admins' and affiliates'. */
const SIGNED_IN_AREAS = ['user', 'admin', 'affiliate'];

/**
 * What an API refusal does to the page (spec §6, §8): 401 or 419 logs a signed-in user out, to log in again; 403
 * sends them to the dashboard — in the signed-in areas only. On a public page (the booking page, for a client or an
 * owner trying their own) or a guest's, the screen says the refusal in its own words and the visitor stays there.
 * `area` is the guard of the area the page is in (null before one is entered).
 */
export function forcedNavigation(
  status: number,
  signedIn: boolean,
  area: string | null,
): 'logout' | 'dashboard' | null {
  if (!signedIn || area === null || !SIGNED_IN_AREAS.includes(area)) return null;
  if (status === 401 || status === 419) return 'logout';
  if (status === 403) return 'dashboard';
  return null;
}
