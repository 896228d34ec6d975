import type { Preloaded, RestClient } from '@soloist/renderer';
import { UpdateWatcher } from '../update/UpdateWatcher';
import { useOfflineSupport } from './use-offline';

interface Props {
  userId: number;
  rest: Pick<RestClient, 'getJson'>;
  preloaded: Preloaded;
  hasCalendar: boolean;
  t(key: string): string;
  notify(message: string, severity: 'error'): void;
  confirm(text: string, labels: { confirm: string; cancel: string }): Promise<boolean>;
}

/**
 * What only a signed-in user's app runs: the service worker (offline reading, spec §1, §4) and the version check that
 * takes a new build on (spec §2). A chunk of its own, loaded once someone is signed in: the booking page and the
 * sign-in page, a guest's first visit, never carry it.
 */
export default function SignedInSupport({ userId, rest, preloaded, hasCalendar, ...hooks }: Props) {
  useOfflineSupport(userId, rest, preloaded, hasCalendar);
  return <UpdateWatcher active {...hooks} />;
}
