import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import { HttpError } from '../core/rest.js';
import { useRenderer } from './context.js';
import { useMutation } from './data.js';

const GateAnswer = lazy(() => import(/* webpackChunkName: "gate-answer" */ './GateAnswer.js'));

/**
 * "Request access" on a refusal whose gate names a `request` call: makes the call once per press and shows its answer
 * under the heading "Request received!" (`permissions.requestReceived`); a failure is a toast in the server's words.
 */
export function GateRequest({ call }: { call: string }) {
  const { t, notify } = useRenderer();
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
      <Button color="inherit" size="small" onClick={() => void ask()} disabled={busy}>
        {t('permissions.requestAccess')}
      </Button>
      {answer !== null && (
        <Suspense fallback={null}>
          <GateAnswer answer={answer} onClose={() => setAnswer(null)} />
        </Suspense>
      )}
    </>
  );
}
