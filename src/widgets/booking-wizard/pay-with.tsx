import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { HttpError, useDataProvider, useRenderer } from '@soloist/renderer';
import { onPage, type CallAnswer } from './api';

/** How a held time or seat is paid: a package of the client's, a voucher's part, the rest and the deposit now. */
export type Quote = CallAnswer<'booking.quote'>['data'];

/** What the client chose to pay with: their package (when one covers the booking) and a voucher code. */
export interface PayChoice {
  use_package: boolean;
  voucher_code: string | null;
}

/**
 * The quote for the held time with the client's choice, asked of the server (which finds the package among the
 * client's own and the voucher by its code). A code it refuses comes back as its words, and the choice without it.
 */
export function useQuote(slug: string | undefined, hold: string, choice: PayChoice) {
  const provider = useDataProvider();
  return useSWR(
    ['booking-quote', slug, hold, choice.use_package, choice.voucher_code],
    () =>
      provider
        .call<{ data: Quote }>('booking.quote', {
          ...onPage(slug),
          body: {
            hold,
            use_package: choice.use_package,
            ...(choice.voucher_code ? { voucher_code: choice.voucher_code } : {}),
          },
        })
        .then((r) => r.data),
    // The last quote stays on screen while the next is asked, so the choices are not redrawn meanwhile.
    { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true },
  );
}

/** The field's words for a refused code (422 on `voucher_code`), else the error's message. */
export const voucherProblem = (err: unknown): string | null =>
  err instanceof HttpError
    ? ((err.body.errors as Record<string, string[]> | undefined)?.voucher_code?.[0] ?? err.message)
    : null;

/**
 * Paying with what the client holds (spec §2): their package that covers the booking (ticked; unticking pays
 * otherwise), or a gift voucher's code, applied to see what it pays before booking.
 */
export function PayWith({
  quote,
  choice,
  onChange,
  problem,
}: {
  quote: Quote | undefined;
  choice: PayChoice;
  onChange(choice: PayChoice): void;
  /** Why the code applied was refused, in the server's words. */
  problem: string | null;
}) {
  const { t } = useRenderer();
  const [code, setCode] = useState(choice.voucher_code ?? '');
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) onChange({ ...choice, voucher_code: code.trim() });
  };
  if (!quote || quote.price === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {quote.package && (
        <FormControlLabel
          control={
            <Checkbox
              checked={choice.use_package}
              onChange={(e) => onChange({ ...choice, use_package: e.target.checked })}
            />
          }
          label={t('bookingPage.usePackage', { title: quote.package.title, count: quote.package.sessions_left })}
        />
      )}
      {!quote.package_used && (
        <Box component="form" onSubmit={apply} noValidate sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="subtitle2" component="h2">
            {t('bookingPage.haveVoucher')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              label={t('bookingPage.voucherCodeField')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="off"
              size="small"
              error={!!problem}
              helperText={problem ?? undefined}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
            />
            {quote.voucher && !problem ? (
              <Button
                onClick={() => {
                  setCode('');
                  onChange({ ...choice, voucher_code: null });
                }}
              >
                {t('bookingPage.removeVoucher')}
              </Button>
            ) : (
              <Button type="submit" variant="outlined" disabled={!code.trim()}>
                {t('bookingPage.applyVoucher')}
              </Button>
            )}
          </Box>
        </Box>
      )}
    </Box>
  );
}
