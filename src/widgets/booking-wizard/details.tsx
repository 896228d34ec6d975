import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRenderer, type ScreenWidget } from '@soloist/renderer';
import { usePage } from './api';
import { ConsentBox } from './consent';
import { Loading, need, type Errors } from './shared';

/** Step 5: a new client's name, the service's question and address, and the marketing opt-in (unticked). */
export const DetailsStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t } = useRenderer();
  const { data: page } = usePage(w.params.slug);
  // A class seat has no question or address: only a new client's name.
  const service = page?.services.find((s) => s.id === w.data.service) ?? { question: null, at_client: false };
  const { marketing: savedConsent, ...saved } = (w.data.details ?? {}) as Record<string, string> & {
    marketing?: boolean;
  };
  const [details, setDetails] = useState<Record<string, string>>(saved);
  const [marketing, setMarketing] = useState(savedConsent === true);
  const [errors, setErrors] = useState<Errors>({});
  if (!page) return <Loading />;
  const client = w.data.client as { first_name: string; last_name: string | null } | null | undefined;
  const isNew = !client;
  const set = (k: string) => (e: { target: { value: string } }) => setDetails((d) => ({ ...d, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (isNew && !details.first_name?.trim())
      next.first_name = t('validation.required', { field: t('fields.clients.first_name') });
    if (service.question && !details.answer?.trim()) next.answer = t('booking.answerRequired');
    if (service.at_client && !details.address?.trim()) next.address = t('booking.addressRequired');
    setErrors(next);
    if (!Object.keys(next).length) w.next({ details: { ...details, marketing } });
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
      {client && (
        <Typography color="text.secondary">
          {t('bookingPage.bookingAs', { name: `${client.first_name} ${client.last_name ?? ''}`.trim() })}
        </Typography>
      )}
      {isNew && (
        <>
          <TextField
            label={t('fields.clients.first_name')}
            value={details.first_name ?? ''}
            onChange={set('first_name')}
            autoComplete="given-name"
            required
            error={!!errors.first_name}
            helperText={errors.first_name}
          />
          <TextField
            label={t('fields.clients.last_name')}
            value={details.last_name ?? ''}
            onChange={set('last_name')}
            autoComplete="family-name"
          />
        </>
      )}
      {service.question && (
        <TextField
          label={service.question}
          value={details.answer ?? ''}
          onChange={set('answer')}
          multiline
          minRows={2}
          required
          error={!!errors.answer}
          helperText={errors.answer}
        />
      )}
      {service.at_client && (
        <TextField
          label={t('bookingPage.address')}
          value={details.address ?? ''}
          onChange={set('address')}
          autoComplete="street-address"
          multiline
          minRows={2}
          required
          error={!!errors.address}
          helperText={errors.address}
        />
      )}
      <ConsentBox owner={page.name} checked={marketing} onChange={setMarketing} />
      <Button type="submit" variant="contained" size="large">
        {t('bookingPage.continue')}
      </Button>
    </Box>
  );
};
