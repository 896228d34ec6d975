import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRenderer, type ScreenWidget } from '@soloist/renderer';
import { useWidgetHost } from '../host';
import { useIntegrations } from './api';
import { ConnectedAccount } from './ConnectedAccount';
import { LoadState } from './LoadState';
import { ProviderCard } from './ProviderCard';
import { useProviderActions } from './useProviderActions';
import { useReturnNotice } from './useReturnNotice';

/**
 * The owner's Zoom account (spec §2 `/account-setup/integrations/zoom-integration`; Business and Premium, §6): the one
 * connected — account, since when, whether Zoom still accepts it — with Reconnect (also to change Zoom accounts) and
 * Disconnect, or Connect. Appointments and classes may have a Zoom meeting only while it is connected (§5), which the
 * signed-in user carries: it is read again after a change. With §9's note on Zoom's free plan.
 */
const ZoomIntegration: ScreenWidget = () => {
  const { t, can } = useRenderer();
  const { reloadUser } = useWidgetHost();
  const integrations = useIntegrations();
  const { busy, connect, disconnect } = useProviderActions(reloadUser);
  useReturnNotice();
  const canChange = can('update', 'ZoomIntegration');
  const data = integrations.data;
  const zoom = data?.video ?? null;
  // The server's words are Zoom's only while the card provider is fine (it says one thing at a time).
  const message = data?.message && data.payments?.status !== 'reconnect' ? data.message : t('validation.zoom');

  return (
    <Box component="section" aria-labelledby="zoom-integration" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="zoom-integration" variant="h6" component="h2">
        {t('screens.zoomIntegration.card')}
      </Typography>
      <LoadState loading={integrations.isLoading} error={integrations.error} retry={() => void integrations.mutate()} />
      {zoom && (
        <ConnectedAccount
          integration={zoom}
          message={message}
          canChange={canChange}
          busy={busy !== null}
          onReconnect={() => void connect('zoom')}
          reconnectAlways
          onDisconnect={() => void disconnect('zoom', t('integrations.disconnectZoom'))}
        >
          <Typography variant="body2" color="text.secondary">
            {t('integrations.descriptions.zoom')}
          </Typography>
        </ConnectedAccount>
      )}
      {data && !zoom && !data.available.video.includes('zoom') && (
        <Alert severity="info">{t('integrations.zoom.unavailable')}</Alert>
      )}
      {data && !zoom && data.available.video.includes('zoom') && (
        <ProviderCard provider="zoom" disabled={!canChange || busy !== null} onConnect={() => void connect('zoom')}>
          <Typography variant="body2">{t('integrations.zoom.notConnected')}</Typography>
        </ProviderCard>
      )}
      {data && <Alert severity="info">{t('integrations.zoomNote')}</Alert>}
    </Box>
  );
};

export default ZoomIntegration;
