import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Link, useRenderer } from '../../../renderer';
import type { ApiResponse } from '../../domain/generated/api';
import type { MarketingCampaign } from '../../domain/generated/marketing';
import { dayInWords, moneyIn } from '../money/shared';

type Sales = ApiResponse<'GET /api/v1/marketing/sales', '200'>['data'][number];
type Message = ApiResponse<'GET /api/v1/marketing/messages/:id', '200'>['data'][number];

/** How many of a campaign's messages the outcome lists (the message history has them all). */
const LATEST = 5;

const STATUS_COLOUR: Record<string, 'success' | 'error' | 'default' | 'info'> = {
  delivered: 'success',
  sent: 'info',
  error: 'error',
};

/** The money that followed the campaign (GET /marketing/sales): who of its receivers paid, and how much. */
function FollowingSales({ campaign }: { campaign: MarketingCampaign }) {
  const { rest, t, locale, formContext } = useRenderer();
  const { data } = useSWR(['marketing-sales', campaign.id], () =>
    rest.getJson<{ data: Sales[] }>(`/api/v1/marketing/sales?campaign_id=${campaign.id}`),
  );
  const s = data?.data[0];
  if (!s) return null;
  // The window is still open until its last day has passed in the business's zone.
  const zone = typeof formContext.timeZone === 'string' ? formContext.timeZone : 'UTC';
  const open = s.to >= new Date().toLocaleDateString('en-CA', { timeZone: zone });
  const words = {
    from: dayInWords(s.from, locale),
    to: dayInWords(s.to, locale),
    buyers: s.buyers.toLocaleString(locale),
    receivers: s.receivers.toLocaleString(locale),
    amount: moneyIn(locale, s.currency)(s.amount),
  };
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {t('marketing.review.salesTitle')}
      </Typography>
      <Typography color="text.secondary">
        {t(
          s.payments === 0
            ? 'marketing.review.salesNone'
            : open
              ? 'marketing.review.salesSoFar'
              : 'marketing.review.sales',
          words,
        )}
      </Typography>
    </Box>
  );
}

/**
 * The campaign's latest messages: the client each went to (by name, with the address or number it went to) and its
 * delivery status, as the provider reported it.
 */
function LatestMessages({ campaign }: { campaign: MarketingCampaign }) {
  const { rest, t, locale } = useRenderer();
  const { data, isLoading } = useSWR(['marketing-messages', campaign.id], () =>
    rest.getJson<{ data: Message[] }>(`/api/v1/marketing/messages/${campaign.id}?per_page=${LATEST}`),
  );
  if (isLoading) return <LinearProgress aria-label={t('app.loading')} />;
  const rows = data?.data ?? [];
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {t('marketing.review.latest')}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('marketing.review.noMessages')}</Typography>
      ) : (
        <Box component="ul" className="mk-messages">
          {rows.map((m) => (
            <li key={m.id}>
              <span className="mk-recipient">
                {m.client_name ? (
                  <>
                    <strong>{m.client_name}</strong> <span className="mk-address">{m.recipient}</span>
                  </>
                ) : (
                  m.recipient
                )}
              </span>
              <Chip size="small" color={STATUS_COLOUR[m.status ?? ''] ?? 'default'} label={t(`enums.${m.status}`)} />
              {m.created_at && (
                <span className="mk-when">
                  {new Date(m.created_at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })}
                </span>
              )}
            </li>
          ))}
        </Box>
      )}
      <Link to="/account-setup/notifications/messages?tab=4">{t('marketing.review.history')}</Link>
    </Box>
  );
}

/** A sent or cancelled campaign: how far it went, the latest messages and what followed. */
export function CampaignOutcome({ campaign }: { campaign: MarketingCampaign }) {
  const { t, locale } = useRenderer();
  const sent = campaign.sent_count ?? 0;
  const summary =
    campaign.status === 'sent'
      ? t('marketing.review.done', { count: sent, credits: (campaign.credits_spent ?? 0).toLocaleString(locale) })
      : sent > 0
        ? t('marketing.review.cancelledAfter', { count: sent })
        : t('marketing.review.cancelledBefore');
  return (
    <Box className="mk-review">
      {campaign.status === 'sent' ? (
        <Typography variant="h6" component="p">
          {summary}
        </Typography>
      ) : (
        <Alert severity="info">{summary}</Alert>
      )}
      {sent > 0 && <LatestMessages campaign={campaign} />}
      {campaign.status === 'sent' && <FollowingSales campaign={campaign} />}
    </Box>
  );
}
