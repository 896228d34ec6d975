import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { HttpError, moneyInputText, parseMoney, useDataProvider, useRenderer } from '@soloist/renderer';
import { PAY_METHODS, type PayLine, type PayMethod } from '../money/basket';
import { dayInWords, type Owing } from '../money/shared';
import type { Redeemable, VoucherCode } from './data';

export type UiLine = PayLine & { text: string; codeNote?: string; codeError?: string };

interface Props {
  line: UiLine;
  index: number;
  currency: string;
  money(minor: number): string;
  /** The ticked appointments a package session may pay. */
  appointments: Owing[];
  packages: Redeemable[];
  error?: string;
  onChange(line: UiLine): void;
  onRemove(): void;
  /** What is still left to pay, offered when a voucher's code is looked up and the amount is empty. */
  left: number;
  /** Whether the gift voucher lines of this line's code ask for more than its balance (all of them together). */
  overBalance?: boolean;
  /** What a voucher could not pay of the amount asked (its balance is less), to be offered as another payment. */
  onRest?(amount: number): void;
}

/** One payment line: the method, and its amount (cash, card, transfer), code (gift voucher) or package session. */
export function PayLineRow({
  line,
  index,
  currency,
  money,
  appointments,
  packages,
  error,
  onChange,
  onRemove,
  left,
  overBalance = false,
  onRest,
}: Props) {
  const { t, locale } = useRenderer();
  const provider = useDataProvider();
  const [looking, setLooking] = useState(false);
  const n = index + 1;

  async function lookUp() {
    const code = (line.code ?? '').trim();
    if (!code) return;
    setLooking(true);
    try {
      const res = await provider.call<VoucherCode | { data: VoucherCode }>('gift-vouchers.by-code', {
        params: { code },
      });
      const v = 'data' in res ? res.data : res;
      // A voucher pays at most its balance; what it cannot pay of the amount asked is offered as another payment.
      const wanted = line.amount ?? left;
      const amount = Math.min(wanted, v.amount_left);
      onChange({
        ...line,
        code: v.code,
        codeLeft: v.amount_left,
        codeError: undefined,
        codeNote: t('checkout.voucherLeft', { title: v.title, amount: money(v.amount_left) }),
        amount,
        text: moneyInputText(amount, currency, locale),
      });
      if (wanted > amount) onRest?.(wanted - amount);
    } catch (err) {
      onChange({
        ...line,
        codeLeft: null,
        codeNote: undefined,
        codeError: err instanceof HttpError ? err.message : t('errors.server'),
      });
    } finally {
      setLooking(false);
    }
  }

  const amountField = (
    <TextField
      size="small"
      label={t('checkout.amount')}
      value={line.text}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `pay-amount-${index}` } }}
      onChange={(e) =>
        onChange({ ...line, text: e.target.value, amount: parseMoney(e.target.value, currency, locale) })
      }
      error={Boolean(error) || (line.text !== '' && line.amount === null) || overBalance}
      helperText={
        error ??
        (line.text !== '' && line.amount === null
          ? t('checkout.badAmount')
          : overBalance
            ? t('payments.voucherTooMuch', { code: line.code })
            : undefined)
      }
    />
  );

  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, m: 0, p: 1.5, display: 'grid', gap: 1.5 }}
      aria-label={t('checkout.paymentN', { n })}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 1, alignItems: 'start' }}>
        <TextField
          select
          size="small"
          label={t('checkout.method')}
          value={line.method}
          slotProps={{ htmlInput: { 'data-testid': `pay-method-${index}` } }}
          onChange={(e) => onChange({ ...line, method: e.target.value as PayMethod, codeError: undefined })}
        >
          {PAY_METHODS.map((m) => (
            <MenuItem key={m} value={m} disabled={m === 'package' && packages.length === 0}>
              {t(`money.methods.${m}`)}
            </MenuItem>
          ))}
        </TextField>
        <IconButton aria-label={t('checkout.removePayment', { n })} onClick={onRemove}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Box>
      {line.method === 'gift_voucher' && (
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 1, alignItems: 'start' }}>
          <TextField
            size="small"
            label={t('checkout.voucherCode')}
            value={line.code ?? ''}
            slotProps={{ htmlInput: { autoCapitalize: 'characters', 'data-testid': `pay-code-${index}` } }}
            onChange={(e) =>
              onChange({ ...line, code: e.target.value, codeLeft: null, codeNote: undefined, codeError: undefined })
            }
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void lookUp();
              }
            }}
            onBlur={() => line.code && line.codeLeft == null && !line.codeError && void lookUp()}
            error={Boolean(line.codeError)}
            helperText={line.codeError ?? line.codeNote}
          />
          <Button variant="outlined" onClick={() => void lookUp()} disabled={looking || !line.code}>
            {t('checkout.checkCode')}
          </Button>
        </Box>
      )}
      {line.method === 'package' ? (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            select
            size="small"
            label={t('checkout.package')}
            value={line.package_sale_id ?? ''}
            onChange={(e) => onChange({ ...line, package_sale_id: Number(e.target.value) })}
          >
            {packages.map((p) => (
              <MenuItem key={p.package_sale_id} value={p.package_sale_id}>
                {p.title}
                {p.expires_on ? ` · ${t('checkout.until', { date: dayInWords(p.expires_on, locale) })}` : ''}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('checkout.forAppointment')}
            value={line.appointment_id ?? ''}
            error={Boolean(error)}
            helperText={error}
            onChange={(e) => onChange({ ...line, appointment_id: Number(e.target.value) })}
          >
            {appointments.map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {dayInWords(a.date, locale)} · {a.service ?? '—'} · {money(a.amount)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      ) : (
        amountField
      )}
      {line.method === 'package' && appointments.length === 0 && (
        <Typography variant="caption" color="text.secondary">
          {t('checkout.packageNeedsAppointment')}
        </Typography>
      )}
    </Box>
  );
}
