import { useCallback, useRef, useState } from 'react';
import type { ConfirmLabels } from '../context.js';

/**
 * A promise-based confirm dialog: `await confirm(text)` is true when the user confirms.
 * @example const { confirm } = useConfirm(); if (await confirm('Delete this client?')) remove();
 */
export function useConfirm() {
  const [text, setText] = useState<string | null>(null);
  const [labels, setLabels] = useState<ConfirmLabels | undefined>(undefined);
  const resolver = useRef<(ok: boolean) => void>(() => undefined);
  const confirm = useCallback(
    (message: string, named?: ConfirmLabels) =>
      new Promise<boolean>((resolve) => {
        resolver.current = resolve;
        setLabels(named);
        setText(message);
      }),
    [],
  );
  const answer = (ok: boolean) => {
    resolver.current(ok);
    setText(null);
  };
  return { text, labels, confirm, answer };
}
