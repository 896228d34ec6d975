import { useCallback, useState } from 'react';
import type { Severity } from '../context';

export const TOAST_MS = 3000;

/** A way on from the toast's message: a plan refusal links to the plans. */
export interface ToastLink {
  to: string;
  label: string;
}

export interface Toast {
  id: number;
  message: string;
  severity: Severity;
  link?: ToastLink;
}

/** The toast shown now and `notify` to show one (3 s, with a progress bar: see `ToastHost`). */
export function useToasts() {
  const [toast, setToast] = useState<Toast | null>(null);
  const notify = useCallback(
    (message: string, severity: Severity = 'success', link?: ToastLink) =>
      setToast({ id: Date.now(), message, severity, link }),
    [],
  );
  return { toast, notify, close: () => setToast(null) };
}
