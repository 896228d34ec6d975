import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import type { PreviewIdentity } from '@soloist/renderer';

/**
 * Whom an admin's screen editor previews screens as (`previewIdentities`), loaded for an admin only: its code, and
 * the rules it builds abilities from, stay off every other visitor's first page.
 */
export function usePreviewAs(isAdmin: boolean, t: TFunction): PreviewIdentity[] | undefined {
  const [previewAs, setPreviewAs] = useState<PreviewIdentity[] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    if (isAdmin)
      void import(/* webpackChunkName: "preview-as" */ './preview-as').then(
        (m) => live && setPreviewAs(m.previewIdentities(t)),
      );
    else setPreviewAs(undefined);
    return () => void (live = false);
  }, [isAdmin, t]);
  return previewAs;
}
