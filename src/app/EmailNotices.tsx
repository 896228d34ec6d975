import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { HttpError, useRenderer, useSearchParams } from '@soloist/renderer';
import type { CurrentUser } from './session';

/** The call that sends the verification link again (spec §7, authentication). */
export const RESEND_PATH = '/api/email/verification-notification';

/**
 * The email address's verification: the landing of the link (`?verified=1`, where the link leads) says "Email
 * verified"; an account whose address is not verified yet is asked to open the link, and may have it sent again.
 * Not while an admin is signed in as someone (it is not theirs to verify).
 */
export function EmailNotices({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const { rest, notify } = useRenderer();
  const [params, setParams] = useSearchParams();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  if (params.get('verified') === '1')
    return (
      <Alert
        severity="success"
        role="status"
        sx={{ mb: 2 }}
        onClose={() =>
          setParams(
            (p) => {
              const next = new URLSearchParams(p);
              next.delete('verified');
              return next;
            },
            { replace: true },
          )
        }
      >
        {t('verifyEmail.verified')}
      </Alert>
    );
  if (user.email_verified_at || user.impersonating || user.is_admin) return null;

  async function resend() {
    setSending(true);
    try {
      const res = await rest.send<{ message?: string }>('POST', RESEND_PATH);
      notify(res?.message ?? t('verifyEmail.sent'), 'success');
      setSent(true);
    } catch (err) {
      notify(err instanceof HttpError ? err.message : t('app.networkError'), 'error');
    } finally {
      setSending(false);
    }
  }

  return (
    <Alert
      severity="info"
      // A long address wraps, and on a phone the button goes under the text instead of squeezing it.
      sx={{
        mb: 2,
        flexWrap: 'wrap',
        '& .MuiAlert-message': { overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 14rem' },
      }}
      action={
        <Button color="inherit" size="small" disabled={sending} aria-busy={sending} onClick={() => void resend()}>
          {t(sent ? 'verifyEmail.resendAgain' : 'verifyEmail.resend')}
        </Button>
      }
    >
      {t('verifyEmail.notice', { email: user.email })}
    </Alert>
  );
}
