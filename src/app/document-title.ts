import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useRenderer, type Area } from '../../renderer';

/**
 * The browser tab names the screen: its schema's title key, translated ("Clients · Soloist"). A path that is no
 * screen of the area (a 404) keeps the app's name alone.
 */
export function useDocumentTitle(area: Area): void {
  const { manifest, t } = useRenderer();
  const { i18n } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    const screen = manifest.screens.find((s) => area.screens.includes(s.id) && matchPath(s.route, pathname));
    const title = screen ? t(screen.title) : '';
    // A title that already names the app ("Log in to Soloist") is not suffixed again.
    document.title = !title
      ? t('app.name')
      : title.includes(t('app.name'))
        ? title
        : t('app.documentTitle', { screen: title });
  }, [manifest, area, pathname, t, i18n.language]);
}
