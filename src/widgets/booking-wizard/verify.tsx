import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useDataProvider, useRenderer, type ScreenWidget } from '@soloist/renderer';
import { onPage, usePage, type CallAnswer } from './api';
import { Loading, need, problemOf, type Errors } from './shared';

/** Step 2: a 6-digit code by email or SMS; existing clients are recognised by it. */
export const VerifyStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t } = useRenderer();
  const provider = useDataProvider();
  const { data: page, mutate } = usePage(w.params.slug);
  const [channel, setChannel] = useState<'email' | 'sms'>('email');
  const [destination, setDestination] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (!page) return <Loading />;

  async function run(fn: () => Promise<void>) {
    setPending(true);
    setErrors({});
    setMessage(null);
    try {
      await fn();
    } catch (err) {
      const p = problemOf(err, t('errors.server'));
      setErrors(p.fields);
      setMessage(p.message);
    } finally {
      setPending(false);
    }
  }
  const send = (e?: FormEvent) => {
    e?.preventDefault();
    void run(async () => {
      const res = await provider.call<CallAnswer<'booking.code'>>('booking.code', {
        ...onPage(w.params.slug),
        body: { channel, destination },
      });
      setToken(res.data.token);
      setCode('');
      setSent(res.message ?? null);
    });
  };
  const verify = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const res = await provider.call<CallAnswer<'booking.verify'>>('booking.verify', {
        ...onPage(w.params.slug),
        body: { token, code, remember },
      });
      await mutate();
      w.next({ verified: true, client: res.data.client });
    });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography color="text.secondary">{t('bookingPage.verifyHint')}</Typography>
      {message && <Alert severity="error">{message}</Alert>}
      {!token ? (
        <Box component="form" onSubmit={send} sx={{ display: 'grid', gap: 2 }} noValidate>
          <ToggleButtonGroup
            exclusive
            fullWidth
            value={channel}
            onChange={(_, v: 'email' | 'sms' | null) => v && setChannel(v)}
            aria-label={t('bookingPage.channel')}
          >
            <ToggleButton value="email">{t('bookingPage.byEmail')}</ToggleButton>
            <ToggleButton value="sms">{t('bookingPage.bySms')}</ToggleButton>
          </ToggleButtonGroup>
          <TextField
            label={t(channel === 'email' ? 'bookingPage.email' : 'bookingPage.phone')}
            value={destination}
            onChange={(e) => setDestination(e.target.value)}
            type={channel === 'email' ? 'email' : 'tel'}
            autoComplete={channel === 'email' ? 'email' : 'tel'}
            inputMode={channel === 'email' ? 'email' : 'tel'}
            error={!!errors.destination}
            helperText={errors.destination}
            required
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" disabled={pending || !destination.trim()}>
            {t('bookingPage.sendCode')}
          </Button>
        </Box>
      ) : (
        <Box component="form" onSubmit={verify} sx={{ display: 'grid', gap: 2 }} noValidate>
          {sent && (
            <Alert severity="success" role="status">
              {sent}
            </Alert>
          )}
          <TextField
            label={t('bookingPage.code')}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
            error={!!errors.code}
            helperText={errors.code}
            required
            fullWidth
            autoFocus
          />
          {page.remember_days > 0 && (
            <FormControlLabel
              control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} />}
              label={t('bookingPage.remember', { 0: page.remember_days })}
            />
          )}
          <Button type="submit" variant="contained" size="large" disabled={pending || code.length !== 6}>
            {t('bookingPage.verify')}
          </Button>
          <Button onClick={() => send()} disabled={pending}>
            {t('bookingPage.resend')}
          </Button>
        </Box>
      )}
    </Box>
  );
};
