import { useCallback, useState } from 'react';
import type { Severity } from '../context.js';

/**
 * How long a toast stays, in milliseconds (one with a link stays until closed).
 * @example const timer = setTimeout(close, TOAST_MS); // 3 s (a toast with a link stays)
 */
export const TOAST_MS = 3000;

/**
 * A way on from the toast's message: a plan refusal links to the plans.
 * @example
 * const link: ToastLink = { to: '/plans', label: 'See the plans' };
 * notify('Text reminders are on the Business plan.', 'warning', link);
 */
export interface ToastLink {
  to: string;
  label: string;
}

/**
 * A toast shown by `useToasts`: its words, its kind and, at most, one link.
 * @example const toast: Toast = { id: Date.now(), message: 'Appointment booked.', severity: 'success' };
 */
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
