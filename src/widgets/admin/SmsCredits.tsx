import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { HttpError, Link, useParams, useRenderer, type ScreenWidget } from '../../../renderer';

interface Owner {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  sms_credits: number;
}

/**
 * An admin sets an owner's SMS balance (spec §7 `PUT /admin/user/sms/{id}`, the admin's "SMS count"): the owner's
 * balance now, the new one typed, saved as a ledger row of the difference. The server refuses what is not a whole
 * number from 0 up.
 */
const AdminSmsCredits: ScreenWidget = () => {
  const { rest, t, locale, notify } = useRenderer();
  const { id } = useParams();
  const owner = useSWR(['admin-user', id], () => rest.getJson<{ data: Owner }>(`/api/v1/admin/user/${id}`));
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const user = owner.data?.data;
  const number = new Intl.NumberFormat(locale);

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await rest.send<{ message?: string }>('PUT', `/api/v1/admin/user/sms/${id}`, {
        sms_credits: Number(value),
      });
      if (res?.message) notify(res.message, 'success');
      setValue(null);
      await owner.mutate();
    } catch (err) {
      const field = err instanceof HttpError ? err.body.errors?.sms_credits?.[0] : undefined;
      setError(field ?? (err instanceof HttpError ? err.message : t('errors.server')));
    } finally {
      setBusy(false);
    }
  }

  if (owner.isLoading) return <LinearProgress aria-label={t('app.loading')} />;
  if (owner.error || !user)
    return (
      <Alert severity="error">
        {owner.error instanceof HttpError && owner.error.status === 404 ? t('errors.notFound') : t('app.loadFailed')}
      </Alert>
    );
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;
  return (
    // A card across the row, as the other settings pages are; the field keeps a readable width inside it.
    <Paper
      component="form"
      onSubmit={(e) => void save(e)}
      noValidate
      sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2, justifyItems: 'start' }}
    >
      <Typography>
        {t('credits.adminForm.current', { name, count: user.sms_credits, credits: number.format(user.sms_credits) })}
      </Typography>
      <TextField
        label={t('credits.adminForm.newBalance')}
        type="number"
        inputMode="numeric"
        value={value ?? String(user.sms_credits)}
        onChange={(e) => setValue(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? t('credits.adminForm.help')}
        slotProps={{ htmlInput: { min: 0, step: 1 } }}
        sx={{ width: '100%', maxWidth: 420 }}
        autoFocus
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={busy || value === null}>
          {t('actions.save')}
        </Button>
        <Button component={Link} to={`/admin/users/${id}`}>
          {t('actions.back')}
        </Button>
      </Box>
    </Paper>
  );
};

export default AdminSmsCredits;
