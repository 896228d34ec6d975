import { useCallback, useState } from 'react';
import type { Severity } from '../../renderer';

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

/** Toasts per spec §9: 3 s, top right, with a progress bar; headings from §8 ("Successed!", "Failed!"). */
export function useToasts() {
  const [toast, setToast] = useState<Toast | null>(null);
  const notify = useCallback(
    (message: string, severity: Severity = 'success', link?: ToastLink) =>
      setToast({ id: Date.now(), message, severity, link }),
    [],
  );
  return { toast, notify, close: () => setToast(null) };
}
