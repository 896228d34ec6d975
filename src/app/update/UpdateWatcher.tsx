import { useEffect, useRef } from 'react';
import { watchVersion } from './version-check';

interface Props {
  /** Whether a signed-in user is here: the worker (and so updates) exists for them only. */
  active: boolean;
  t(key: string): string;
  notify(message: string, severity: 'error'): void;
  confirm(text: string, labels: { confirm: string; cancel: string }): Promise<boolean>;
}

/** Spec §2/§8: the version file polled; a new build taken on once, safely; a failed check said in the spec's words. */
export function UpdateWatcher({ active, t, notify, confirm }: Props) {
  const live = useRef({ t, notify, confirm });
  live.current = { t, notify, confirm };
  useEffect(() => {
    if (!active) return undefined;
    return watchVersion({
      ask: () =>
        live.current.confirm(live.current.t('update.askUnsaved'), {
          confirm: live.current.t('update.reload'),
          cancel: live.current.t('update.later'),
        }),
      failed: (message) => live.current.notify(message ?? live.current.t('app.networkError'), 'error'),
    });
  }, [active]);
  return null;
}
