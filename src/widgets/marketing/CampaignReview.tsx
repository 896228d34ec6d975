import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { HttpError, Link, Loading, useRenderer, type ScreenWidget } from '../../../renderer';
import type { ApiResponse } from '../../domain/generated/api';
import type { MarketingCampaign } from '../../domain/generated/marketing';
import { CampaignOutcome } from './CampaignOutcome';
import './marketing.css';

type Count = ApiResponse<'POST /api/v1/marketing/count', '200'>['data'];

/** While a campaign is sending, how often its progress is read again. */
const POLL_MS = 2000;

/** What `POST /marketing/count` is asked: the campaign's message and filters. */
const countBody = (c: MarketingCampaign) => ({
  send_type: c.send_type,
  subject: c.subject ?? null,
  text: c.text ?? null,
  last_visit_after: c.last_visit_after ?? null,
  last_visit_before: c.last_visit_before ?? null,
  service_id: c.service_id ?? null,
  birthday_month: c.birthday_month ?? null,
});

/** The words of a refusal: the field's message the server gave, else its message. */
const refusal = (error: unknown, fallback: string): string => {
  if (!(error instanceof HttpError)) return fallback;
  const first = Object.values(error.body.errors ?? {})[0]?.[0];
  return first ?? error.body.message ?? fallback;
};

/**
 * The review step before a campaign goes (spec §2: message type → text → choose clients → review and send): how many
 * clients its filters choose now, the credits it will spend beside the balance (with the way to buy more when they
 * do not cover it), and the message exactly as a client will get it — tags filled, with the opt-out line or
 * unsubscribe link. Send now and edit are the screen's actions.
 */
function Review({ campaign }: { campaign: MarketingCampaign }) {
  const { rest, t, locale, formContext } = useRenderer();
  const body = countBody(campaign);
  // Keyed by what is counted: an edited campaign is counted again.
  const { data, error, isLoading } = useSWR(['marketing-count', JSON.stringify(body)], () =>
    rest.create<Count>('/api/v1/marketing/count', body),
  );
  if (isLoading) return <Loading label={t('app.loading')} />;
  if (error) return <Alert severity="warning">{refusal(error, t('app.loadFailed'))}</Alert>;
  const count = data!.data;
  const short = count.credits > count.balance;
  const zone = typeof formContext.timeZone === 'string' ? formContext.timeZone : undefined;
  const when = campaign.scheduled_at
    ? new Date(campaign.scheduled_at).toLocaleString(locale, {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: zone,
      })
    : null;
  return (
    <Box className="mk-review">
      <Typography variant="h6" component="p">
        {t('marketing.review.receivers', { count: count.count })}
      </Typography>
      <Typography color={short ? 'error' : 'text.secondary'}>
        {t(campaign.send_type === 'sms' ? 'marketing.review.costSms' : 'marketing.review.costEmail', {
          credits: count.credits.toLocaleString(locale),
          balance: count.balance.toLocaleString(locale),
        })}
      </Typography>
      {count.count === 0 && <Alert severity="info">{t('marketing.noClients')}</Alert>}
      {short && (
        <Alert
          severity="warning"
          action={<Link to="/account-setup/notifications/credits">{t('marketing.review.buyCredits')}</Link>}
        >
          {t(`notifications.noCredits.${campaign.send_type}`)}
        </Alert>
      )}
      {count.count > 0 && !short && (
        <Typography>
          {when ? t('marketing.review.readyScheduled', { when }) : t('marketing.review.readyDraft')}
        </Typography>
      )}
      {count.preview && (
        <Box component="figure" className="mk-preview" aria-label={t('marketing.review.preview')}>
          <Typography component="figcaption" variant="caption" color="text.secondary">
            {t('marketing.review.preview')}
          </Typography>
          {count.preview.subject && <strong className="mk-subject">{count.preview.subject}</strong>}
          <span className="mk-text">{count.preview.text}</span>
        </Box>
      )}
    </Box>
  );
}

/** Sending: a bar of messages written against receivers, read again every two seconds until it is done. */
function Progress({ campaign, refresh }: { campaign: MarketingCampaign; refresh: () => Promise<unknown> }) {
  const { t, locale } = useRenderer();
  const read = useRef(refresh);
  read.current = refresh;
  useEffect(() => {
    const timer = setInterval(() => void read.current(), POLL_MS);
    return () => clearInterval(timer);
  }, []);
  const total = campaign.total_clients ?? 0;
  const sent = Math.min(campaign.sent_count ?? 0, total);
  if (!total) return <LinearProgress aria-label={t('marketing.review.preparing')} />;
  const percent = Math.round((sent / total) * 100);
  return (
    <Box className="mk-review">
      <Typography id="mk-progress" aria-live="polite">
        {t('marketing.review.progress', { sent: sent.toLocaleString(locale), total: total.toLocaleString(locale) })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-labelledby="mk-progress"
        aria-valuetext={`${percent}%`}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

/** A campaign's review before it goes, its progress while it goes, and what came of it after (CampaignOutcome). */
const CampaignReview: ScreenWidget = ({ detail }) => {
  if (!detail) return null;
  const campaign = detail.record as unknown as MarketingCampaign;
  if (campaign.status === 'draft' || campaign.status === 'scheduled') return <Review campaign={campaign} />;
  if (campaign.status === 'sending') return <Progress campaign={campaign} refresh={detail.refresh} />;
  return <CampaignOutcome campaign={campaign} />;
};

export default CampaignReview;
