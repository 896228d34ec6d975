import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  HttpError,
  moneyInputText,
  useMutation,
  useNavigate,
  useOne,
  useRenderer,
  useSearchParams,
  type ScreenWidget,
} from '@soloist/renderer';
import {
  addItem,
  errorsByPart,
  isChosen,
  requestBody,
  totals,
  voucherLinesOver,
  type Basket,
  type BasketItem,
  type Discount,
} from '../money/basket';
import { clientName, currencyFrom, moneyIn, type ClientRef } from '../money/shared';
import { useOwing, useOwingSales, useRedeemable, useSellables } from './data';
import { useChosen } from './chosen';
import { OwedList } from './owed-list';
import { ClientPicker, ItemLines, ItemPicker } from './parts';
import { PayLineRow, type UiLine } from './pay-lines';
import { DiscountField, Summary } from './summary';

/** Where to go after a checkout: the page it was opened from (a path of this app), else the income list. */
export const backTo = (back: string | null): string =>
  back && back.startsWith('/') && !back.startsWith('//') ? back : '/financials/income/list';

/**
 * The till (spec §2 /financials/income/checkout): a client, their appointments with something left to pay to tick,
 * products, gift vouchers and packages to sell, one discount, and one or more payments (cash, card, bank transfer,
 * a gift voucher's code, a package session), then POST /payments. `?client_id=&appointment_id=&class_seat_id=&sale_id=&back=` preselect.
 */
const Checkout: ScreenWidget = () => {
  const { t, locale, formContext, notify, readOnly } = useRenderer();
  const write = useMutation();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const currency = currencyFrom(formContext);
  const money = useMemo(() => moneyIn(locale, currency), [locale, currency]);
  const presetClient = Number(query.get('client_id')) || null;
  const presetAppointment = Number(query.get('appointment_id')) || null;
  const presetSeat = Number(query.get('class_seat_id')) || null;
  const presetSale = Number(query.get('sale_id')) || null;

  const [client, setClient] = useState<ClientRef | null>(null);
  const { data: preset } = useOne<ClientRef>('clients', presetClient);
  useEffect(() => {
    if (preset && !client) setClient(preset);
  }, [preset, client]);

  const clientId = client?.id ?? null;
  const owing = useOwing(clientId);
  const owingSales = useOwingSales(clientId);
  const packages = useRedeemable(clientId);
  const sellables = useSellables();
  const [items, setItems] = useState<BasketItem[]>([]);
  const [discount, setDiscount] = useState<Discount | null>(null);
  const nextKey = useRef(1);
  const [lines, setLines] = useState<UiLine[]>([{ key: 0, method: 'cash', amount: null, text: '' }]);
  const [errors, setErrors] = useState<Record<string, string[]> | undefined>();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const earlier = owingSales.data ?? (owingSales.isLoading ? undefined : []);
  const all = useMemo(() => (owing.data && earlier ? [...owing.data, ...earlier] : undefined), [owing.data, earlier]);
  const { chosen, chosenSeats, chosenSales, toggle, clear } = useChosen(clientId, all, {
    appointment: presetAppointment,
    class: presetSeat,
    sale: presetSale,
  });
  const appointments = useMemo(() => [...(owing.data ?? []), ...(earlier ?? [])], [owing.data, earlier]);
  const basket: Basket = {
    client_id: clientId,
    appointments,
    chosen,
    chosenSeats,
    chosenSales,
    items,
    discount,
    payments: lines,
  };
  const sums = totals(basket);
  const parts = errorsByPart(errors);
  const fieldError = (f: string) => errors?.[f]?.join(' ');

  // The first payment line offers what is owed until the owner types another amount.
  const firstTouched = useRef(false);
  useEffect(() => {
    if (firstTouched.current) return;
    setLines((ls) =>
      ls.map((l, i) =>
        i === 0 && l.method !== 'package'
          ? { ...l, amount: sums.total || null, text: sums.total ? moneyInputText(sums.total, currency, locale) : '' }
          : l,
      ),
    );
  }, [sums.total, currency, locale]);

  function changeLine(i: number, line: UiLine) {
    if (i === 0) firstTouched.current = true;
    // A refusal of the amounts no longer holds once they change.
    setErrors(undefined);
    setMessage(null);
    setLines((ls) => ls.map((l, j) => (j === i ? line : l)));
  }

  /** A new cash line offering `left` (by default what is still left to pay). */
  function addLine(left = sums.left) {
    firstTouched.current = true;
    setLines((ls) => [
      ...ls,
      {
        key: nextKey.current++,
        method: 'cash',
        amount: left || null,
        text: left ? moneyInputText(left, currency, locale) : '',
      },
    ]);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors(undefined);
    setMessage(null);
    try {
      // The call invalidates what a payment changes (schemas/calls.json): the money lists and totals, the client's
      // page and the calendar read afresh.
      const res = await write.call<{ message?: string }>('payments.create', { body: requestBody(basket) });
      notify(res.message ?? t('checkout.done'), 'success');
      navigate(backTo(query.get('back')));
    } catch (err) {
      if (err instanceof HttpError) {
        setErrors(err.body.errors);
        setMessage(err.message);
      } else setMessage(t('errors.server'));
    } finally {
      setBusy(false);
    }
  }

  const nothing = chosen.length + chosenSeats.length + chosenSales.length === 0 && items.length === 0;
  // More than is owed cannot be taken (the server refuses it too): said before the owner presses Take.
  const over = !nothing && sums.paid > sums.total;
  // Nor more of a gift voucher than its balance.
  const overBalance = voucherLinesOver(lines);
  return (
    <Paper
      component="form"
      onSubmit={(e) => void submit(e)}
      noValidate
      sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 960 }}
      aria-label={t('checkout.title')}
    >
      {/* Offline (read-only) every field of the till is disabled at once, as nothing could be paid. */}
      <Box
        component="fieldset"
        disabled={readOnly}
        sx={{ display: 'grid', gap: 2, border: 0, m: 0, p: 0, minWidth: 0 }}
      >
        {message && (
          <Alert severity="error" role="alert">
            {message}
            {parts.other
              .filter((x) => x !== message)
              .map((x) => (
                <div key={x}>{x}</div>
              ))}
          </Alert>
        )}
        <ClientPicker
          value={client}
          error={fieldError('client_id')}
          onChange={(c) => {
            setClient(c);
            clear();
          }}
        />
        {client && (
          <Box component="section" aria-labelledby="checkout-owed">
            <Typography id="checkout-owed" variant="subtitle1" component="h2">
              {t('checkout.owed', { name: clientName(client) })}
            </Typography>
            {owing.isLoading || !earlier ? (
              <LinearProgress aria-label={t('app.loading')} />
            ) : appointments.length === 0 ? (
              <Typography color="text.secondary" variant="body2">
                {t('checkout.nothingOwed')}
              </Typography>
            ) : (
              <OwedList rows={appointments} chosen={(a) => isChosen(basket, a)} onToggle={toggle} money={money} />
            )}
            {fieldError('appointment_ids') && <Alert severity="error">{fieldError('appointment_ids')}</Alert>}
            {fieldError('class_seat_ids') && <Alert severity="error">{fieldError('class_seat_ids')}</Alert>}
            {fieldError('sale_ids') && <Alert severity="error">{fieldError('sale_ids')}</Alert>}
          </Box>
        )}
        <Box component="section" aria-labelledby="checkout-sell" sx={{ display: 'grid', gap: 1 }}>
          <Typography id="checkout-sell" variant="subtitle1" component="h2">
            {t('checkout.sell')}
          </Typography>
          <ItemPicker options={sellables} onPick={(o) => setItems((x) => addItem(x, o))} />
          <ItemLines items={items} onChange={setItems} money={money} />
          {fieldError('items') && <Alert severity="error">{fieldError('items')}</Alert>}
        </Box>
        <DiscountField
          value={discount}
          onChange={setDiscount}
          currency={currency}
          error={fieldError('discount') ?? fieldError('discount_id')}
        />
        <Box component="section" aria-labelledby="checkout-pay" sx={{ display: 'grid', gap: 1.5 }}>
          <Typography id="checkout-pay" variant="subtitle1" component="h2">
            {t('checkout.payments')}
          </Typography>
          {lines.map((l, i) => (
            <PayLineRow
              key={l.key}
              line={l}
              index={i}
              currency={currency}
              money={money}
              appointments={appointments.filter(
                (a) => (a.kind ?? 'appointment') === 'appointment' && isChosen(basket, a),
              )}
              packages={packages}
              error={parts.lines[i]}
              left={sums.left}
              overBalance={overBalance.has(l.key)}
              onRest={(rest) => addLine(rest)}
              onChange={(line) => changeLine(i, line)}
              onRemove={() => setLines((ls) => ls.filter((_, j) => j !== i))}
            />
          ))}
          <Box>
            <Button onClick={() => addLine()}>{t('checkout.addPayment')}</Button>
          </Box>
          {fieldError('payments') && <Alert severity="error">{fieldError('payments')}</Alert>}
        </Box>
        <Summary sums={sums} money={money} />
        {over && (
          <Alert severity="warning" data-testid="checkout-over">
            {t('payments.exceedsOwed')}
          </Alert>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap', mt: 2 }}>
        <Button onClick={() => navigate(backTo(query.get('back')))}>{t('actions.cancel')}</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={readOnly || busy || !client || over || overBalance.size > 0 || (nothing && sums.paid === 0)}
        >
          {t('checkout.submit', { amount: money(sums.paid) })}
        </Button>
      </Box>
    </Paper>
  );
};

export default Checkout;
