import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link, useRenderer, type ScreenWidget } from '@soloist/renderer';
import { PAYMENT_SETTINGS_ROUTE, useIntegrations } from './api';
import { ConnectedAccount } from './ConnectedAccount';
import { LiqpayForm } from './LiqpayForm';
import { LoadState } from './LoadState';
import { ProviderCard } from './ProviderCard';
import { useProviderActions } from './useProviderActions';
import { useReturnNotice } from './useReturnNotice';

/**
 * The owner's own card provider (spec §2 `/account-setup/integrations/payments-integration`, every plan): the one
 * connected — account, since when, whether it still works (§8's words and Reconnect when not) and Disconnect — or,
 * with none, a card per provider the owner's region may connect (Stripe and Square through their consent pages,
 * LiqPay with the shop's keys). Only one is connected at a time, so another is offered only after disconnecting.
 * Below: whether clients can pay deposits online, and the way to the payment settings.
 */
const PaymentsIntegration: ScreenWidget = () => {
  const { t, can } = useRenderer();
  const integrations = useIntegrations();
  const { busy, connect, disconnect } = useProviderActions();
  useReturnNotice();
  const canChange = can('update', 'PaymentIntegration');
  const data = integrations.data;
  const connected = data?.payments ?? null;
  const others = (data?.available.payments ?? []).filter((p) => p !== connected?.provider);
  const reread = () => integrations.mutate();

  return (
    <Box component="section" aria-labelledby="payments-integration" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="payments-integration" variant="h6" component="h2">
        {t('screens.paymentsIntegration.card')}
      </Typography>
      <LoadState loading={integrations.isLoading} error={integrations.error} retry={() => void reread()} />
      {data && connected && (
        <ConnectedAccount
          integration={connected}
          message={data.message ?? t('integrations.paymentDetailsIncomplete')}
          canChange={canChange}
          busy={busy !== null}
          onReconnect={connected.provider === 'liqpay' ? undefined : () => void connect(connected.provider)}
          onDisconnect={() =>
            void disconnect(
              connected.provider,
              t('integrations.disconnectPayments', { provider: t(`integrations.providers.${connected.provider}`) }),
            )
          }
        >
          {/* LiqPay has no consent page: reconnecting is giving the keys again. */}
          {connected.provider === 'liqpay' && connected.status === 'reconnect' && (
            <LiqpayForm publicKey={connected.account_id} canChange={canChange} onConnected={reread} />
          )}
          {others.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('integrations.onlyOne', { provider: t(`integrations.providers.${connected.provider}`) })}
            </Typography>
          )}
        </ConnectedAccount>
      )}
      {data && !connected && (
        <Box component="section" aria-labelledby="payments-choose" sx={{ display: 'grid', gap: 1.5 }}>
          <Typography id="payments-choose" variant="subtitle1" component="h3">
            {t('integrations.choose')}
          </Typography>
          {others.length === 0 && <Alert severity="info">{t('integrations.noneAvailable')}</Alert>}
          {/* Side by side where there is room; one above the other on a phone. */}
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fit, minmax(280px, 1fr))' },
            }}
          >
            {others.map((p) =>
              p === 'liqpay' ? (
                <ProviderCard key={p} provider={p}>
                  <LiqpayForm canChange={canChange} onConnected={reread} />
                </ProviderCard>
              ) : (
                <ProviderCard
                  key={p}
                  provider={p}
                  disabled={!canChange || busy !== null}
                  onConnect={() => void connect(p)}
                />
              ),
            )}
          </Box>
        </Box>
      )}
      {data && (
        <>
          <Alert severity={data.deposits_online ? 'success' : 'info'}>
            {t(data.deposits_online ? 'integrations.depositsOn' : 'integrations.depositsOffLine')}
          </Alert>
          <Typography variant="body2">
            <Link to={PAYMENT_SETTINGS_ROUTE}>{t('integrations.settingsLink')}</Link>
          </Typography>
        </>
      )}
    </Box>
  );
};

export default PaymentsIntegration;
