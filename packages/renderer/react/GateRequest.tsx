import { Suspense, useState } from 'react';
import { HttpError } from '../core/rest.js';
import { useRenderer } from './context.js';
import { useMutation } from './data.js';
import { useLook } from './look.js';

/**
 * "Request access" on a refusal whose gate names a `request` call: makes the call once per press and shows its answer
 * under the heading "Request received!" (`permissions.requestReceived`); a failure is a toast in the server's words.
 */
export function GateRequest({ call }: { call: string }) {
  const { t, notify } = useRenderer();
  const { Action, Message } = useLook();
  const write = useMutation();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  async function ask() {
    setBusy(true);
    try {
      const res = await write.call<{ message?: string } | null>(call);
      setAnswer(res?.message ?? '');
    } catch (err) {
      notify(err instanceof HttpError ? err.message : t('permissions.requestFailed'), 'error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Action onClick={() => void ask()} disabled={busy}>
        {t('permissions.requestAccess')}
      </Action>
      {answer !== null && (
        <Suspense fallback={null}>
          <Message
            title={t('permissions.requestReceived')}
            closeLabel={t('permissions.requestClose')}
            onClose={() => setAnswer(null)}
          >
            {answer}
          </Message>
        </Suspense>
      )}
    </>
  );
}
