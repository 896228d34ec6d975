import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useDataProvider, useRenderer, type ScreenWidget } from '@soloist/renderer';
import { manageKey, onPage, useDay, useMoney, usePage, type CallAnswer } from './api';
import { ConsentBox } from './consent';
import { ChoiceList, Loading, need, problemOf, Summary, type Errors } from './shared';

/** The gift vouchers on sale. */
export const VouchersStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t } = useRenderer();
  const { data: page } = usePage(w.params.slug);
  const money = useMoney(page?.currency);
  const day = useDay();
  if (!page) return <Loading />;
  return (
    <ChoiceList
      items={page.vouchers.map((v) => ({
        key: v.id,
        title: `${v.title} · ${money(v.amount)}`,
        selected: w.data.item === v.id,
        onClick: () => w.next({ item: v.id }),
        lines: [v.expires_on ? t('bookingPage.validUntil', { date: day(v.expires_on) }) : '', v.description ?? ''],
      }))}
    />
  );
};

/** The packages on sale, with what they include. */
export const PackagesStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t } = useRenderer();
  const { data: page } = usePage(w.params.slug);
  const money = useMoney(page?.currency);
  if (!page) return <Loading />;
  return (
    <ChoiceList
      items={page.packages.map((p) => ({
        key: p.id,
        title: `${p.title} · ${p.price > 0 ? money(p.price) : t('bookingPage.free')}`,
        selected: w.data.item === p.id,
        onClick: () => w.next({ item: p.id }),
        lines: [
          p.services.length ? t('bookingPage.includes', { services: p.services.join(', ') }) : '',
          p.expiry_days ? t('bookingPage.validDays', { count: p.expiry_days }) : '',
          p.description ?? '',
        ],
      }))}
    />
  );
};

/** Buying a voucher or package: a new client's name, a voucher's recipient and message, then pay. */
export const PurchaseStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t } = useRenderer();
  const provider = useDataProvider();
  const { data: page } = usePage(w.params.slug);
  const money = useMoney(page?.currency);
  const [form, setForm] = useState<Record<string, string>>({});
  const [marketing, setMarketing] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (!page) return <Loading />;
  const voucher = w.data.kind === 'voucher' ? page.vouchers.find((v) => v.id === w.data.item) : undefined;
  const pack = w.data.kind === 'package' ? page.packages.find((p) => p.id === w.data.item) : undefined;
  const item = voucher ?? pack;
  if (!item) return <Alert severity="info">{t('booking.notOffered')}</Alert>;
  const amount = voucher ? voucher.amount : pack!.price;
  const isNew = !w.data.client;
  const set = (k: string) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  async function buy(e: FormEvent) {
    e.preventDefault();
    if (isNew && !form.first_name?.trim()) {
      setErrors({ first_name: t('validation.required', { field: t('fields.clients.first_name') }) });
      return;
    }
    setPending(true);
    setErrors({});
    setProblem(null);
    try {
      const res = await provider.call<CallAnswer<'booking.purchase'>>('booking.purchase', {
        ...onPage(w.params.slug),
        body: { [w.data.kind as string]: item!.id, ...form, marketing },
      });
      if (res.data.status === 'payment' && res.data.payment_url && res.data.manage_token) {
        sessionStorage.setItem(manageKey(w.params.slug), res.data.manage_token);
        window.location.assign(res.data.payment_url);
        return;
      }
      w.next({ purchase: res.data.purchase, manage_token: res.data.manage_token });
    } catch (err) {
      const p = problemOf(err, t('errors.server'));
      setErrors(p.fields);
      setProblem(p.message ?? Object.values(p.fields)[0] ?? null);
      setPending(false);
    }
  }

  return (
    <Box component="form" onSubmit={(e) => void buy(e)} noValidate sx={{ display: 'grid', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Summary
          lines={[
            [t('bookingPage.with'), page.name],
            [item.title, amount > 0 ? money(amount) : t('bookingPage.free')],
          ]}
        />
      </Paper>
      {problem && <Alert severity="error">{problem}</Alert>}
      {isNew && (
        <>
          <TextField
            label={t('fields.clients.first_name')}
            value={form.first_name ?? ''}
            onChange={set('first_name')}
            autoComplete="given-name"
            required
            error={!!errors.first_name}
            helperText={errors.first_name}
          />
          <TextField
            label={t('fields.clients.last_name')}
            value={form.last_name ?? ''}
            onChange={set('last_name')}
            autoComplete="family-name"
          />
        </>
      )}
      {voucher && (
        <TextField
          label={t('bookingPage.recipient')}
          value={form.recipient_name ?? ''}
          onChange={set('recipient_name')}
        />
      )}
      {voucher?.client_notes && (
        <TextField
          label={t('bookingPage.message')}
          value={form.message ?? ''}
          onChange={set('message')}
          multiline
          minRows={2}
        />
      )}
      <ConsentBox owner={page.name} checked={marketing} onChange={setMarketing} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={pending}
        startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {amount > 0 ? t('bookingPage.buy', { amount: money(amount) }) : t('bookingPage.getFree')}
      </Button>
    </Box>
  );
};
