import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useDataProvider, useRenderer, type ScreenWidget } from '@soloist/renderer';
import { manageKey, onPage, useDay, useMoney, usePage, type CallAnswer, type Hold } from './api';
import { PayWith, useQuote, voucherProblem, type PayChoice } from './pay-with';
import { Loading, need, problemOf, Summary, when } from './shared';

/** Step 6: confirm, paying with the client's package or a voucher code if they like; with a deposit, on to pay. */
export const ConfirmStep: ScreenWidget = ({ wizard }) => {
  const w = need(wizard);
  const { t, locale } = useRenderer();
  const provider = useDataProvider();
  const { data: page, mutate: refreshPage } = usePage(w.params.slug);
  const money = useMoney(page?.currency);
  const day = useDay();
  const held = w.data.held as Hold | undefined;
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [choice, setChoice] = useState<PayChoice>({
    use_package: w.data.use_package !== false,
    voucher_code: (w.data.voucher_code as string | null | undefined) ?? null,
  });
  const [codeProblem, setCodeProblem] = useState<string | null>(null);
  const { data: quote, error, isValidating } = useQuote(w.params.slug, String(w.data.hold ?? ''), choice);
  // A code the server refuses is said under the field, and the booking is priced without it.
  useEffect(() => {
    if (!error) return;
    if (choice.voucher_code) {
      setCodeProblem(voucherProblem(error));
      setChoice((c) => ({ ...c, voucher_code: null }));
    } else setProblem(problemOf(error, t('errors.server')).message ?? voucherProblem(error));
  }, [error]);
  if (!page || !held) return <Loading />;
  const until = new Date(held.expires_at).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  const choose = (next: PayChoice) => {
    setCodeProblem(null);
    setChoice(next);
    w.update({ use_package: next.use_package, voucher_code: next.voucher_code });
  };

  async function confirm() {
    setPending(true);
    setProblem(null);
    try {
      const res = await provider.call<CallAnswer<'booking.book'>>('booking.book', {
        ...onPage(w.params.slug),
        body: {
          hold: w.data.hold,
          ...(w.data.details as object),
          use_package: choice.use_package,
          ...(choice.voucher_code ? { voucher_code: choice.voucher_code } : {}),
        },
      });
      if (res.data.status === 'payment' && res.data.payment_url && res.data.manage_token) {
        sessionStorage.setItem(manageKey(w.params.slug), res.data.manage_token);
        window.location.assign(res.data.payment_url);
        return;
      }
      // What the client holds has changed (a package session used): the page says so next time.
      void refreshPage();
      w.next({ booking: res.data.booking, manage_token: res.data.manage_token, hold: null, held: null });
    } catch (err) {
      const p = problemOf(err, t('errors.server'));
      if (p.fields.voucher_code) setCodeProblem(p.fields.voucher_code);
      else setProblem(p.message ?? Object.values(p.fields)[0] ?? null);
      setPending(false);
    }
  }

  const deposit = quote?.deposit ?? held.deposit;
  // Only a service at the client's place takes an address (one typed for another service earlier is not sent).
  const atClient = w.data.kind !== 'class' && page.services.some((s) => s.id === held.service.id && s.at_client);
  const address = atClient ? ((w.data.details as { address?: string } | undefined)?.address ?? '').trim() : '';
  const redeemed = Boolean(quote?.package_used || quote?.voucher);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Summary
          lines={[
            [t('bookingPage.with'), page.name],
            [t(w.data.kind === 'class' ? 'bookingPage.class' : 'fields.appointments.service'), held.service.title],
            [t('fields.appointments.date'), day(held.date)],
            [t('bookingPage.time'), `${held.start_time}–${held.end_time}`],
            // A home visit: where the client asked to be seen.
            ...when(Boolean(address), [t('bookingPage.address'), address]),
            [
              t('fields.appointments.price'),
              held.service.price > 0 ? money(held.service.price) : t('bookingPage.free'),
            ],
            ...when(Boolean(quote?.package_used && quote.package), [
              t('bookingPage.paidWithPackage'),
              quote?.package?.title ?? '',
            ]),
            ...when(Boolean(quote?.voucher), [
              t('bookingPage.voucherPays', { code: quote?.voucher?.code }),
              `−${money(quote?.voucher?.applied ?? 0)}`,
            ]),
            ...when(redeemed && (quote?.left_to_pay ?? 0) > 0, [
              t('bookingPage.leftToPay'),
              money(quote?.left_to_pay ?? 0),
            ]),
            ...when(deposit > 0, [t('bookingPage.payNow'), money(deposit)]),
          ]}
        />
      </Paper>
      <PayWith quote={quote} choice={choice} onChange={choose} problem={codeProblem} />
      {deposit > 0 && page.payment_note && (
        <Alert severity="info" icon={false}>
          {page.payment_note}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" role="status">
        {t('bookingPage.heldUntil', { time: until })}
      </Typography>
      {problem && <Alert severity="error">{problem}</Alert>}
      {problem && (
        <Button onClick={() => w.restart({ verified: true, client: w.data.client })}>
          {t('bookingPage.chooseAgain')}
        </Button>
      )}
      <Button
        variant="contained"
        size="large"
        onClick={() => void confirm()}
        disabled={pending || !quote || isValidating}
        startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {deposit > 0 ? t('bookingPage.confirmAndPay', { amount: money(deposit) }) : t('bookingPage.confirm')}
      </Button>
    </Box>
  );
};
