import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { HttpError, useDataProvider, useRenderer, useSearchParams, type WizardApi } from '@soloist/renderer';
import { onPage, type Hold } from './api';

export type Errors = Record<string, string>;

/** 422 field errors → one message per field; anything else → a message for an alert. */
export function problemOf(err: unknown, fallback: string): { fields: Errors; message: string | null } {
  if (err instanceof HttpError && err.status === 422) {
    const fields = Object.fromEntries(
      Object.entries((err.body.errors ?? {}) as Record<string, string[]>).map(([k, v]) => [k, v[0]]),
    );
    return { fields, message: Object.keys(fields).length ? null : err.message };
  }
  return { fields: {}, message: err instanceof HttpError ? err.message : fallback };
}

export function Loading() {
  const { t } = useRenderer();
  return <LinearProgress aria-label={t('app.loading')} />;
}

/** Big, thumb-sized choices (phones first). */
export function Choice({
  title,
  lines,
  onClick,
  selected,
  disabled,
}: {
  title: string;
  lines: string[];
  onClick(): void;
  selected?: boolean;
  disabled?: boolean;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{ borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1 }}
    >
      <ButtonBase
        onClick={onClick}
        disabled={disabled}
        sx={{ width: '100%', justifyContent: 'flex-start', textAlign: 'left', p: 2, borderRadius: 1 }}
      >
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
          {lines.filter(Boolean).map((l) => (
            <Typography key={l} variant="body2" color="text.secondary">
              {l}
            </Typography>
          ))}
        </Box>
      </ButtonBase>
    </Paper>
  );
}

export interface ChoiceItem {
  key: string;
  title: string;
  lines: string[];
  onClick(): void;
  selected?: boolean;
  disabled?: boolean;
}

/** A list of choices, one per line. */
export function ChoiceList({ items, gap = 1.5 }: { items: ChoiceItem[]; gap?: number }) {
  return (
    <Box component="ul" sx={{ display: 'grid', gap, p: 0, m: 0, listStyle: 'none' }}>
      {items.map(({ key, ...item }) => (
        <li key={key}>
          <Choice {...item} />
        </li>
      ))}
    </Box>
  );
}

/**
 * Holds a time or a class seat (POST /holds) and moves on; a refusal (taken meanwhile) is shown and the choices
 * are asked afresh (`again`, else `refresh`); a lost verification starts again. `pending` names the choice being held.
 */
export function useHold(w: WizardApi, refresh?: () => Promise<unknown>) {
  const { t, notify } = useRenderer();
  const provider = useDataProvider();
  const [pending, setPending] = useState<string | null>(null);
  async function hold(
    key: string,
    body: Record<string, string>,
    patch: Record<string, unknown> = {},
    again?: () => Promise<unknown>,
  ) {
    setPending(key);
    try {
      const res = await provider.call<{ data: Hold }>('booking.hold', { ...onPage(w.params.slug), body });
      w.next({ hold: res.data.token, held: res.data, ...patch });
    } catch (err) {
      if (err instanceof HttpError && err.status === 401) return w.restart({});
      notify(
        problemOf(err, t('errors.server')).fields.start ??
          (err instanceof HttpError ? err.message : t('errors.server')),
        'error',
      );
      await (again ?? refresh)?.();
    } finally {
      setPending(null);
    }
  }
  return { pending, hold };
}

/**
 * Coming back to a step that holds a time or seat: the client's own earlier hold is let go first (DELETE), so what
 * they had chosen is offered to them again. True once that is done (at once when nothing was held).
 */
export function useReleasedHold(w: WizardApi): boolean {
  const provider = useDataProvider();
  const token = w.data.hold as string | null | undefined;
  const [released, setReleased] = useState(!token);
  useEffect(() => {
    if (!token) return;
    void provider
      .call('booking.release', onPage(w.params.slug, { token }))
      .catch(() => undefined)
      .then(() => {
        w.update({ hold: null, held: null });
        setReleased(true);
      });
    // Once, when the step opens.
  }, []);
  return released;
}

/** Back from the card page with the payment cancelled (`?cancelled=1`): said where the client chooses again. */
export function PaymentCancelled() {
  const { t } = useRenderer();
  const [query] = useSearchParams();
  if (query.get('cancelled') !== '1') return null;
  return (
    <Alert severity="warning" role="status">
      {t('bookingPage.paymentCancelled')}
    </Alert>
  );
}

export const need = (w: WizardApi | undefined): WizardApi => {
  if (!w) throw new Error('A booking step is placed by a wizard screen');
  return w;
};

/** Times and seats change as others book: asked afresh whenever a step shows them. */
export const FRESH = { revalidateOnMount: true, dedupingInterval: 0 };

export function Summary({ lines }: { lines: Array<[string, string]> }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
      {lines.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {k}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export type Line = [string, string];
export const when = (cond: boolean, line: Line): Line[] => (cond ? [line] : []);

/** What the client got, under a success message, with "book again". */
export function ResultCard({
  message,
  severity = 'success',
  lines,
  onAgain,
  children,
}: {
  message: string | null;
  severity?: 'success' | 'info' | 'warning';
  lines: Line[];
  onAgain(): void;
  children?: ReactNode;
}) {
  const { t } = useRenderer();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {message && (
        <Alert severity={severity} role="status">
          {message}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Summary lines={lines} />
      </Paper>
      {children}
      <Button variant="outlined" size="large" onClick={onAgain}>
        {t('bookingPage.bookAgain')}
      </Button>
    </Box>
  );
}
