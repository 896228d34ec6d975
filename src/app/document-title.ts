import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddress, useRenderer, useRouteMatcher, type Area } from '@soloist/renderer';

const staticSegments = (route: string) => route.split('/').filter((s) => s && !s.startsWith(':')).length;

/**
 * The browser tab names the screen: its schema's title key, translated ("Clients · Soloist"). A path that is no
 * screen of the area (a 404) keeps the app's name alone.
 */
export function useDocumentTitle(area: Area): void {
  const { manifest, t } = useRenderer();
  const { i18n } = useTranslation();
  const { pathname } = useAddress();
  const matches = useRouteMatcher();
  useEffect(() => {
    // The most specific route wins, as in the router (`/clients/list` over `/clients/:id`), whatever the order.
    const screen = manifest.screens
      .filter((s) => area.screens.includes(s.id) && matches(s.route, pathname))
      .sort((a, b) => staticSegments(b.route) - staticSegments(a.route))[0];
    const title = screen ? t(screen.title) : '';
    // A title that already names the app ("Log in to Soloist") is not suffixed again.
    document.title = !title
      ? t('app.name')
      : title.includes(t('app.name'))
        ? title
        : t('app.documentTitle', { screen: title });
  }, [manifest, area, pathname, matches, t, i18n.language]);
}
