import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRenderer } from '@soloist/renderer';
import type { Integration } from './api';

/** The day a connection was made, in words ("5 May 2026"), in the business's zone when the host gives one. */
function dayOf(iso: string, locale: string, timeZone: unknown): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const zone = typeof timeZone === 'string' ? timeZone : undefined;
  return d.toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: zone });
}

export interface ConnectedAccountProps {
  integration: Integration;
  /** What a connection needing reconnecting says (spec §8), shown above its buttons. */
  message: string;
  /** May the owner change it (not in read-only mode)? */
  canChange: boolean;
  busy: boolean;
  /** Offered when the connection needs reconnecting, or `reconnectAlways` (Zoom: another Zoom account). */
  onReconnect?: () => void;
  reconnectAlways?: boolean;
  onDisconnect: () => void;
  /** Below the account: a note, or the LiqPay keys form to reconnect with. */
  children?: ReactNode;
}

/**
 * One connected account: the provider, the account's name and id, since when, whether it still works (a chip, and
 * the §8 words with a Reconnect button when it does not), and Disconnect.
 */
export function ConnectedAccount(props: ConnectedAccountProps) {
  const { integration: i, canChange, busy } = props;
  const { t, locale, formContext } = useRenderer();
  const provider = t(`integrations.providers.${i.provider}`);
  const reconnect = i.status === 'reconnect';
  const heading = `integration-${i.provider}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={heading} sx={{ p: 2, display: 'grid', gap: 1 }}>
      {/* The account's name and state on the left, what can be done with it on the right: the row a desk's width. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography id={heading} variant="h6" component="h3">
            {provider}
          </Typography>
          <Chip size="small" color={reconnect ? 'warning' : 'success'} label={t(`integrations.status.${i.status}`)} />
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {props.onReconnect && (reconnect || props.reconnectAlways) && (
            <Button
              variant={reconnect ? 'contained' : 'outlined'}
              disabled={!canChange || busy}
              onClick={props.onReconnect}
            >
              {t('integrations.reconnect')}
            </Button>
          )}
          <Button color="error" variant="outlined" disabled={!canChange || busy} onClick={props.onDisconnect}>
            {t('integrations.disconnect')}
          </Button>
        </Box>
      </Box>
      {/* Ids and LiqPay's keys are long unbroken words: they wrap anywhere rather than widen a phone's screen. */}
      <Box sx={{ display: 'grid', gap: 0.5, overflowWrap: 'anywhere' }}>
        <Typography>{t('integrations.account', { name: i.account_name })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('integrations.accountId', { id: i.account_id })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('integrations.since', { date: dayOf(i.connected_at, locale, formContext.timeZone) })}
        </Typography>
      </Box>
      {reconnect && <Alert severity="warning">{props.message}</Alert>}
      {props.children}
    </Paper>
  );
}
