import { useEffect, useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { HttpError, useRenderer, type ScreenWidget, type WizardApi } from '../../../renderer';
import { manageKey, pagePath, useDay, useMoney, usePage, type Booking, type ClassSessions, type Hold, type PublicService, type Purchase } from './api';

type Errors = Record<string, string>;

/** 422 field errors → one message per field; anything else → a message for an alert. */
function problemOf(err: unknown, fallback: string): { fields: Errors; message: string | null } {
  if (err instanceof HttpError && err.status === 422) {
    const fields = Object.fromEntries(Object.entries((err.body.errors ?? {}) as Record<string, string[]>).map(([k, v]) => [k, v[0]]));
    return { fields, message: Object.keys(fields).length ? null : err.message };
  }
  return { fields: {}, message: err instanceof HttpError ? err.message : fallback };
}

function Loading() {
  const { t } = useRenderer();
  return <LinearProgress aria-label={t('app.loading')} />;
}

/** Big, thumb-sized choices (phones first). */
function Choice({ title, lines, onClick, selected, disabled }: { title: string; lines: string[]; onClick(): void; selected?: boolean; disabled?: boolean }) {
  return (
    <Paper variant="outlined" sx={{ borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1 }}>
      <ButtonBase onClick={onClick} disabled={disabled} sx={{ width: '100%', justifyContent: 'flex-start', textAlign: 'left', p: 2, borderRadius: 1 }}>
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
          {lines.filter(Boolean).map((l) => <Typography key={l} variant="body2" color="text.secondary">{l}</Typography>)}
        </Box>
      </ButtonBase>
    </Paper>
  );
}

interface ChoiceItem {
  key: string;
  title: string;
  lines: string[];
  onClick(): void;
  selected?: boolean;
  disabled?: boolean;
}

/** A list of choices, one per line. */
function ChoiceList({ items, gap = 1.5 }: { items: ChoiceItem[]; gap?: number }) {
  return (
    <Box component="ul" sx={{ display: 'grid', gap, p: 0, m: 0, listStyle: 'none' }}>
      {items.map(({ key, ...item }) => <li key={key}><Choice {...item} /></li>)}
    </Box>
  );
}

/**
 * Holds a time or a class seat (POST /holds) and moves on; a refusal (taken meanwhile) is shown and the choices
 * are asked afresh; a lost verification starts again. `pending` names the choice being held.
 */
function useHold(w: WizardApi, refresh: () => Promise<unknown>) {
  const { t, rest, notify } = useRenderer();
  const [pending, setPending] = useState<string | null>(null);
  async function hold(key: string, body: Record<string, string>, patch: Record<string, unknown> = {}) {
    setPending(key);
    try {
      const res = await rest.send<{ data: Hold }>('POST', `${pagePath(w.params.slug)}/holds`, body);
      w.next({ hold: res.data.token, held: res.data, ...patch });
    } catch (err) {
      if (err instanceof HttpError && err.status === 401) return w.restart({});
      notify(problemOf(err, t('errors.server')).fields.start ?? (err instanceof HttpError ? err.message : t('errors.server')), 'error');
      await refresh();
    } finally {
      setPending(null);
    }
  }
  return { pending, hold };
}

const need = (w: WizardApi | undefined): WizardApi => {
  if (!w) throw new Error('A booking step is placed by a wizard screen');
  return w;
};

/** Step 1: whose page this is, whether it takes bookings, and what to book. */
export const StartStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t } = useRenderer();
  const { data: page, error } = usePage(w.params.slug);
  const cancelled = new URLSearchParams(window.location.search).get('cancelled') === '1';
  if (error) return <Alert severity="error">{error instanceof HttpError && error.status === 404 ? t('bookingPage.notFound') : t('app.networkError')}</Alert>;
  if (!page) return <Loading />;
  if (!page.open) return <Alert severity="info" role="status">{page.message}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>{t('bookingPage.welcome', { name: page.name })}</Typography>
      {cancelled && <Alert severity="warning">{t('bookingPage.paymentCancelled')}</Alert>}
      {page.verified && <Typography color="text.secondary">{t('bookingPage.verifiedAs', { destination: page.verified.destination })}</Typography>}
      {page.services.length > 0 && (
        <Choice
          title={t('bookingPage.kinds.appointment')}
          lines={[t('bookingPage.servicesCount', { count: page.services.length })]}
          onClick={() => w.next({ kind: 'appointment', verified: Boolean(page.verified), client: page.verified?.client ?? null })}
        />
      )}
      {page.classes.length > 0 && (
        <Choice
          title={t('bookingPage.kinds.class')}
          lines={[page.classes.map((c) => c.title).join(', ')]}
          onClick={() => w.next({ kind: 'class', verified: Boolean(page.verified), client: page.verified?.client ?? null })}
        />
      )}
      {page.vouchers.length > 0 && (
        <Choice
          title={t('bookingPage.kinds.voucher')}
          lines={[page.vouchers.map((v) => v.title).join(', ')]}
          onClick={() => w.next({ kind: 'voucher', verified: Boolean(page.verified), client: page.verified?.client ?? null })}
        />
      )}
      {page.packages.length > 0 && (
        <Choice
          title={t('bookingPage.kinds.package')}
          lines={[page.packages.map((p) => p.title).join(', ')]}
          onClick={() => w.next({ kind: 'package', verified: Boolean(page.verified), client: page.verified?.client ?? null })}
        />
      )}
    </Box>
  );
};

/** Step 2: a 6-digit code by email or SMS; existing clients are recognised by it. */
export const VerifyStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t, rest } = useRenderer();
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
      const res = await rest.send<{ data: { token: string }; message: string }>('POST', `${pagePath(w.params.slug)}/codes`, { channel, destination });
      setToken(res.data.token);
      setCode('');
      setSent(res.message);
    });
  };
  const verify = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const res = await rest.send<{ data: { client: { first_name: string; last_name: string | null } | null } }>('POST', `${pagePath(w.params.slug)}/codes/verify`, { token, code, remember });
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
          <ToggleButtonGroup exclusive fullWidth value={channel} onChange={(_, v: 'email' | 'sms' | null) => v && setChannel(v)} aria-label={t('bookingPage.channel')}>
            <ToggleButton value="email">{t('bookingPage.byEmail')}</ToggleButton>
            <ToggleButton value="sms">{t('bookingPage.bySms')}</ToggleButton>
          </ToggleButtonGroup>
          <TextField
            label={t(channel === 'email' ? 'bookingPage.email' : 'bookingPage.phone')} value={destination} onChange={(e) => setDestination(e.target.value)}
            type={channel === 'email' ? 'email' : 'tel'} autoComplete={channel === 'email' ? 'email' : 'tel'} inputMode={channel === 'email' ? 'email' : 'tel'}
            error={!!errors.destination} helperText={errors.destination} required fullWidth
          />
          <Button type="submit" variant="contained" size="large" disabled={pending || !destination.trim()}>{t('bookingPage.sendCode')}</Button>
        </Box>
      ) : (
        <Box component="form" onSubmit={verify} sx={{ display: 'grid', gap: 2 }} noValidate>
          {sent && <Alert severity="success" role="status">{sent}</Alert>}
          <TextField
            label={t('bookingPage.code')} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
            error={!!errors.code} helperText={errors.code} required fullWidth autoFocus
          />
          {page.remember_days > 0 && (
            <FormControlLabel control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} />} label={t('bookingPage.remember', { 0: page.remember_days })} />
          )}
          <Button type="submit" variant="contained" size="large" disabled={pending || code.length !== 6}>{t('bookingPage.verify')}</Button>
          <Button onClick={() => send()} disabled={pending}>{t('bookingPage.resend')}</Button>
        </Box>
      )}
    </Box>
  );
};

/** Step 3: the services offered online, with price, length and deposit. */
export const ServicesStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t } = useRenderer();
  const { data: page } = usePage(w.params.slug);
  const money = useMoney(page?.currency);
  if (!page) return <Loading />;
  const pick = (s: PublicService) => w.next({ service: s.id, needs_details: !w.data.client || Boolean(s.question) || s.at_client, hold: null });
  return (
    <ChoiceList items={page.services.map((s) => ({
      key: s.id, title: s.title, selected: w.data.service === s.id, onClick: () => pick(s),
      lines: [
        `${t('units.minutes', { count: s.duration })} · ${s.price > 0 ? money(s.price) : t('bookingPage.free')}`,
        s.deposit > 0 ? t('bookingPage.depositLine', { amount: money(s.deposit) }) : '',
        s.description ?? '',
      ],
    }))} />
  );
};

/** Times and seats change as others book: asked afresh whenever a step shows them. */
const FRESH = { revalidateOnMount: true, dedupingInterval: 0 };

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const DAYS = 28;

/** Step 4: a day, then a time; choosing one holds it for a few minutes. */
export const TimeStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t, rest } = useRenderer();
  const { data: page } = usePage(w.params.slug);
  const day = useDay();
  const today = new Date().toISOString().slice(0, 10);
  const [from, setFrom] = useState(today);
  const service = page?.services.find((s) => s.id === w.data.service);
  const { data: slots, mutate } = useSWR(service ? ['booking-slots', w.params.slug, service.id, from] : null,
    () => rest.getJson<{ data: string[]; meta: { time_zone: string } }>(`${pagePath(w.params.slug)}/services/${service!.id}/slots?from=${from}&to=${addDays(from, DAYS - 1)}`),
    FRESH);
  const zone = slots?.meta.time_zone ?? page?.time_zone ?? 'UTC';
  const byDay = useMemo(() => {
    const map = new Map<string, Array<{ iso: string; label: string }>>();
    for (const iso of slots?.data ?? []) {
      const local = new Date(iso).toLocaleString('sv-SE', { timeZone: zone, hour12: false });
      const [date, time] = [local.slice(0, 10), local.slice(11, 16)];
      map.set(date, [...(map.get(date) ?? []), { iso, label: time }]);
    }
    return map;
  }, [slots, zone]);
  const days = Array.from({ length: DAYS }, (_, i) => addDays(from, i));
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = chosen && days.includes(chosen) ? chosen : (days.find((d) => byDay.has(d)) ?? days[0]);
  const { pending, hold } = useHold(w, mutate);
  useEffect(() => setChosen(null), [from]);
  if (!page || !service) return <Loading />;


  const times = byDay.get(selected) ?? [];
  return (
    // minmax(0, 1fr): the day strip scrolls inside the column instead of widening the page.
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography color="text.secondary">{service.title} · {t('units.minutes', { count: service.duration })}</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Button size="small" disabled={from <= today} onClick={() => setFrom(addDays(from, -DAYS))} aria-label={t('bookingPage.earlier')}>‹</Button>
        <Box role="listbox" aria-label={t('bookingPage.days')} sx={{ display: 'flex', gap: 1, overflowX: 'auto', flex: 1, minWidth: 0, py: 0.5 }}>
          {days.map((d) => (
            <Button
              key={d} role="option" aria-selected={d === selected} variant={d === selected ? 'contained' : 'outlined'} onClick={() => setChosen(d)}
              color={byDay.has(d) || d === selected ? 'primary' : 'inherit'}
              disabled={!slots} sx={{ flex: '0 0 auto', minWidth: 72, flexDirection: 'column', lineHeight: 1.2, textTransform: 'none' }}
              data-date={d}
            >
              <span>{day(d, 'short')}</span>
              <Typography component="span" variant="caption">{byDay.has(d) ? t('bookingPage.times', { count: byDay.get(d)!.length }) : t('bookingPage.full')}</Typography>
            </Button>
          ))}
        </Box>
        <Button size="small" onClick={() => setFrom(addDays(from, DAYS))} aria-label={t('bookingPage.later')}>›</Button>
      </Box>
      {!slots ? <Loading /> : times.length === 0 ? (
        <Alert severity="info" role="status">{t('booking.noSlots', { date: day(selected) })}</Alert>
      ) : (
        <Box>
          <Typography component="h2" variant="subtitle1" gutterBottom>{day(selected)}</Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(84px, 1fr))', gap: 1 }}>
            {times.map((s) => (
              <Button key={s.iso} variant="outlined" size="large" onClick={() => void hold(s.iso, { service: service.id, start: s.iso })} disabled={pending !== null}>
                {pending === s.iso ? <CircularProgress size={18} /> : s.label}
              </Button>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
};

/** Step 3–4 for classes: a class's coming sessions with the seats left; choosing one holds a seat. */
export const ClassesStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t, rest } = useRenderer();
  const { data: page } = usePage(w.params.slug);
  const money = useMoney(page?.currency);
  const day = useDay();
  const today = new Date().toISOString().slice(0, 10);
  const { data: classes, mutate } = useSWR(['booking-classes', w.params.slug, today],
    () => rest.getJson<{ data: ClassSessions[] }>(`${pagePath(w.params.slug)}/classes?from=${today}&to=${addDays(today, 60)}`).then((r) => r.data),
    FRESH);
  const { pending, hold } = useHold(w, mutate);
  if (!page || !classes) return <Loading />;


  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {classes.map((c) => (
        <Box key={c.id} component="section" aria-labelledby={`class-${c.id}`}>
          <Typography id={`class-${c.id}`} component="h2" variant="h6">{c.title}</Typography>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {t('units.minutes', { count: c.duration })} · {c.price > 0 ? money(c.price) : t('bookingPage.free')}
          </Typography>
          {c.sessions.length === 0 && <Typography color="text.secondary">{t('bookingPage.noSessions')}</Typography>}
          <ChoiceList gap={1} items={c.sessions.map((x) => ({
            key: `${x.date}|${x.start_time}`, title: `${day(x.date)} · ${x.start_time}`,
            lines: [x.seats_left > 0 ? t('bookingPage.seatsLeft', { count: x.seats_left }) : t('booking.classFull')],
            disabled: x.seats_left === 0 || pending !== null,
            onClick: () => void hold(`${c.id}|${x.date}|${x.start_time}`, { class: c.id, date: x.date, start_time: x.start_time }, { needs_details: !w.data.client }),
          }))} />
        </Box>
      ))}
    </Box>
  );
};

/** Step 5 (when needed): a new client's name and the service's question. */
export const DetailsStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t } = useRenderer();
  const { data: page } = usePage(w.params.slug);
  // A class seat has no question or address: only a new client's name.
  const service = page?.services.find((s) => s.id === w.data.service) ?? { question: null, at_client: false };
  const saved = (w.data.details ?? {}) as Record<string, string>;
  const [details, setDetails] = useState<Record<string, string>>(saved);
  const [errors, setErrors] = useState<Errors>({});
  if (!page) return <Loading />;
  const isNew = !w.data.client;
  const set = (k: string) => (e: { target: { value: string } }) => setDetails((d) => ({ ...d, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (isNew && !details.first_name?.trim()) next.first_name = t('validation.required', { field: t('fields.clients.first_name') });
    if (service.question && !details.answer?.trim()) next.answer = t('booking.answerRequired');
    if (service.at_client && !details.address?.trim()) next.address = t('booking.addressRequired');
    setErrors(next);
    if (!Object.keys(next).length) w.next({ details });
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
      {isNew && (
        <>
          <TextField label={t('fields.clients.first_name')} value={details.first_name ?? ''} onChange={set('first_name')} autoComplete="given-name" required error={!!errors.first_name} helperText={errors.first_name} />
          <TextField label={t('fields.clients.last_name')} value={details.last_name ?? ''} onChange={set('last_name')} autoComplete="family-name" />
        </>
      )}
      {service.question && (
        <TextField label={service.question} value={details.answer ?? ''} onChange={set('answer')} multiline minRows={2} required error={!!errors.answer} helperText={errors.answer} />
      )}
      {service.at_client && (
        <TextField label={t('bookingPage.address')} value={details.address ?? ''} onChange={set('address')} autoComplete="street-address" multiline minRows={2} required error={!!errors.address} helperText={errors.address} />
      )}
      <Button type="submit" variant="contained" size="large">{t('bookingPage.continue')}</Button>
    </Box>
  );
};

function Summary({ lines }: { lines: Array<[string, string]> }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
      {lines.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">{k}</Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>{v}</Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Step 6: confirm; with a deposit, on to the payment provider's page. */
export const ConfirmStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t, rest, locale } = useRenderer();
  const { data: page } = usePage(w.params.slug);
  const money = useMoney(page?.currency);
  const day = useDay();
  const held = w.data.held as Hold | undefined;
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (!page || !held) return <Loading />;
  const until = new Date(held.expires_at).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });

  async function confirm() {
    setPending(true);
    setProblem(null);
    try {
      const res = await rest.send<{ data: { status: 'payment' | 'booked'; payment_url?: string; manage_token: string; booking?: Booking } }>('POST', `${pagePath(w.params.slug)}/bookings`, { hold: w.data.hold, ...(w.data.details as object) });
      if (res.data.status === 'payment' && res.data.payment_url) {
        sessionStorage.setItem(manageKey(w.params.slug), res.data.manage_token);
        window.location.assign(res.data.payment_url);
        return;
      }
      w.next({ booking: res.data.booking, manage_token: res.data.manage_token, hold: null, held: null });
    } catch (err) {
      const p = problemOf(err, t('errors.server'));
      setProblem(p.message ?? Object.values(p.fields)[0] ?? null);
      setPending(false);
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Summary lines={[
          [t('bookingPage.with'), page.name],
          [t('fields.appointments.service'), held.service.title],
          [t('fields.appointments.date'), day(held.date)],
          [t('bookingPage.time'), `${held.start_time}–${held.end_time}`],
          [t('fields.appointments.price'), held.service.price > 0 ? money(held.service.price) : t('bookingPage.free')],
          ...when(held.deposit > 0, [t('bookingPage.payNow'), money(held.deposit)]),
        ]} />
      </Paper>
      <Typography variant="body2" color="text.secondary" role="status">{t('bookingPage.heldUntil', { time: until })}</Typography>
      {problem && <Alert severity="error">{problem}</Alert>}
      {problem && <Button onClick={() => w.restart({ verified: true, client: w.data.client })}>{t('bookingPage.chooseAgain')}</Button>}
      <Button variant="contained" size="large" onClick={() => void confirm()} disabled={pending} startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}>
        {held.deposit > 0 ? t('bookingPage.confirmAndPay', { amount: money(held.deposit) }) : t('bookingPage.confirm')}
      </Button>
    </Box>
  );
};

type Line = [string, string];
const when = (cond: boolean, line: Line): Line[] => (cond ? [line] : []);

/** What the client got, under a success message, with "book again". */
function ResultCard({ message, lines, onAgain }: { message: string; lines: Line[]; onAgain(): void }) {
  const { t } = useRenderer();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="success" role="status">{message}</Alert>
      <Paper variant="outlined" sx={{ p: 2 }}><Summary lines={lines} /></Paper>
      <Button variant="outlined" size="large" onClick={onAgain}>{t('bookingPage.bookAgain')}</Button>
    </Box>
  );
}

/** The booking, as the confirmation and the manage page show it. */
export function BookingCard({ slug, booking, onAgain }: { slug: string | undefined; booking: Booking; onAgain(): void }) {
  const { t } = useRenderer();
  const { data: page } = usePage(slug);
  const money = useMoney(page?.currency);
  const day = useDay();
  return (
    <ResultCard message={t('booking.booked')} onAgain={onAgain} lines={[
      [t('bookingPage.with'), booking.owner],
      [t('fields.appointments.service'), booking.service ?? ''],
      [t('fields.appointments.date'), day(booking.date)],
      [t('bookingPage.time'), `${booking.start_time}–${booking.end_time}`],
      ...when(booking.paid > 0, [t('bookingPage.paid'), money(booking.paid)]),
      ...when(booking.price - booking.paid > 0, [t('bookingPage.leftToPay'), money(booking.price - booking.paid)]),
    ]} />
  );
}

/** Step 7: booked (or bought). */
export const DoneStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const again = () => w.restart({ verified: true, client: w.data.client });
  if (w.data.purchase) return <PurchaseCard slug={w.params.slug} purchase={w.data.purchase as Purchase} onAgain={again} />;
  const booking = w.data.booking as Booking | undefined;
  if (!booking) return <Loading />;
  return <BookingCard slug={w.params.slug} booking={booking} onAgain={again} />;
};

/** The gift vouchers on sale. */
export const VouchersStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t } = useRenderer();
  const { data: page } = usePage(w.params.slug);
  const money = useMoney(page?.currency);
  const day = useDay();
  if (!page) return <Loading />;
  return (
    <ChoiceList items={page.vouchers.map((v) => ({
      key: v.id, title: `${v.title} · ${money(v.amount)}`, selected: w.data.item === v.id, onClick: () => w.next({ item: v.id }),
      lines: [v.expires_on ? t('bookingPage.validUntil', { date: day(v.expires_on) }) : '', v.description ?? ''],
    }))} />
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
    <ChoiceList items={page.packages.map((p) => ({
      key: p.id, title: `${p.title} · ${p.price > 0 ? money(p.price) : t('bookingPage.free')}`, selected: w.data.item === p.id, onClick: () => w.next({ item: p.id }),
      lines: [p.services.length ? t('bookingPage.includes', { services: p.services.join(', ') }) : '', p.expiry_days ? t('bookingPage.validDays', { count: p.expiry_days }) : '', p.description ?? ''],
    }))} />
  );
};

/** Buying a voucher or package: a new client's name, a voucher's recipient and message, then pay. */
export const PurchaseStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t, rest } = useRenderer();
  const { data: page } = usePage(w.params.slug);
  const money = useMoney(page?.currency);
  const [form, setForm] = useState<Record<string, string>>({});
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
      const res = await rest.send<{ data: { status: 'payment' | 'booked'; payment_url?: string; manage_token: string; purchase?: Purchase } }>('POST', `${pagePath(w.params.slug)}/purchases`, { [w.data.kind as string]: item!.id, ...form });
      if (res.data.status === 'payment' && res.data.payment_url) {
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
        <Summary lines={[[t('bookingPage.with'), page.name], [item.title, amount > 0 ? money(amount) : t('bookingPage.free')]]} />
      </Paper>
      {problem && <Alert severity="error">{problem}</Alert>}
      {isNew && (
        <>
          <TextField label={t('fields.clients.first_name')} value={form.first_name ?? ''} onChange={set('first_name')} autoComplete="given-name" required error={!!errors.first_name} helperText={errors.first_name} />
          <TextField label={t('fields.clients.last_name')} value={form.last_name ?? ''} onChange={set('last_name')} autoComplete="family-name" />
        </>
      )}
      {voucher && <TextField label={t('bookingPage.recipient')} value={form.recipient_name ?? ''} onChange={set('recipient_name')} />}
      {voucher?.client_notes && <TextField label={t('bookingPage.message')} value={form.message ?? ''} onChange={set('message')} multiline minRows={2} />}
      <Button type="submit" variant="contained" size="large" disabled={pending} startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}>
        {amount > 0 ? t('bookingPage.buy', { amount: money(amount) }) : t('bookingPage.getFree')}
      </Button>
    </Box>
  );
};

/** A bought voucher (with its code) or package. */
export function PurchaseCard({ slug, purchase, onAgain }: { slug: string | undefined; purchase: Purchase; onAgain(): void }) {
  const { t } = useRenderer();
  const { data: page } = usePage(slug);
  const money = useMoney(page?.currency);
  const day = useDay();
  return (
    <ResultCard message={t('booking.bought')} onAgain={onAgain} lines={[
      [t('bookingPage.with'), purchase.owner],
      [t(`bookingPage.kinds.${purchase.kind}`), purchase.title],
      ...when(Boolean(purchase.code), [t('bookingPage.voucherCode'), purchase.code ?? '']),
      [t('bookingPage.value'), money(purchase.amount)],
      ...when(purchase.amount_left !== null && purchase.amount_left !== purchase.amount, [t('bookingPage.left'), money(purchase.amount_left ?? 0)]),
      ...when(Boolean(purchase.recipient_name), [t('bookingPage.for'), purchase.recipient_name ?? '']),
      ...when(Boolean(purchase.expires_on), [t('bookingPage.validTo'), purchase.expires_on ? day(purchase.expires_on) : '']),
    ]} />
  );
}
