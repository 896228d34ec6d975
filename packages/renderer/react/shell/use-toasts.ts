import { useCallback, useState } from 'react';
import type { Severity } from '../context.js';

/** How long a toast stays, in milliseconds (one with a link stays until closed). */
export const TOAST_MS = 3000;

/** A way on from the toast's message: a plan refusal links to the plans. */
export interface ToastLink {
  to: string;
  label: string;
}

/** A toast shown by `useToasts`: its words, its kind and, at most, one link. */
export interface Toast {
  id: number;
  message: string;
  severity: Severity;
  link?: ToastLink;
}

/**
 * The toast shown now and `notify` to show one (3 s, with a progress bar: see `ToastHost`).
 * @example const { toast, notify, close } = useToasts(); notify('Saved.', 'success');
 */
export function useToasts() {
  const [toast, setToast] = useState<Toast | null>(null);
  const notify = useCallback(
    (message: string, severity: Severity = 'success', link?: ToastLink) =>
      setToast({ id: Date.now(), message, severity, link }),
    [],
  );
  return { toast, notify, close: () => setToast(null) };
}
