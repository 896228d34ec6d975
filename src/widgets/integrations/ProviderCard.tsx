import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRenderer } from '@soloist/renderer';
import type { Provider } from './api';

export interface ProviderCardProps {
  provider: Provider;
  /** Connect through the provider's consent page; absent when `children` connect instead (LiqPay's keys). */
  onConnect?: () => void;
  disabled?: boolean;
  children?: ReactNode;
}

/** A provider the owner may connect: its name, what it gives, and the way to connect it. */
export function ProviderCard({ provider, onConnect, disabled, children }: ProviderCardProps) {
  const { t } = useRenderer();
  const name = t(`integrations.providers.${provider}`);
  const heading = `provider-${provider}`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={heading}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Typography id={heading} variant="h6" component="h3">
        {name}
      </Typography>
      <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
        {t(`integrations.descriptions.${provider}`)}
      </Typography>
      {children}
      {onConnect && (
        <Button variant="contained" sx={{ alignSelf: 'flex-start' }} disabled={disabled} onClick={onConnect}>
          {t('integrations.connectProvider', { provider: name })}
        </Button>
      )}
    </Paper>
  );
}
