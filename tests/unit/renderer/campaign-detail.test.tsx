import fs from 'node:fs';
import path from 'node:path';
import { act, screen as view } from '@testing-library/react';
import { Route } from '@soloist/renderer';
import type { ScreenDef } from '../../../packages/renderer/core/types';
import DetailScreen from '../../../packages/renderer/react/screens/DetailScreen';
import { rendererContext, renderScreen } from '../../helpers/renderer-context';

const screen = JSON.parse(
  fs.readFileSync(path.join(__dirname, '../../../schemas/screens/marketing/detail.json'), 'utf8'),
) as ScreenDef;
const t = (key: string, o?: Record<string, unknown>) => (o ? `${key} ${JSON.stringify(o)}` : key);

const NONE = {
  receivers: null,
  credits_needed: null,
  credits_balance: null,
  short_of_credits: false,
  ready: false,
  preview_subject: null,
  preview_text: null,
  progress: null,
  sales_from: null,
  sales_to: null,
  sales_open: false,
  sales_receivers: null,
  sales_buyers: null,
  sales_payments: null,
  sales_amount: null,
  currency: null,
};
const campaign = {
  id: 7,
  name: 'Spring offer',
  send_type: 'sms',
  subject: null,
  text: 'Hi {client_first_name}',
  last_visit_after: '2026-09-01',
  status: 'draft',
  scheduled_at: null,
  total_clients: 0,
  sent_count: 0,
  credits_spent: 0,
  ...NONE,
};
const MESSAGE = {
  id: 1,
  channel: 'sms',
  recipient: '+447700900201',
  client_name: 'Ann Lee',
  status: 'delivered',
  created_at: '2026-11-20T10:00:00Z',
};

/** The declared campaign page over a server that answers its review (GET /marketing/review/7) with `record`. */
function open(...records: Array<Record<string, unknown>>) {
  const reads: string[] = [];
  let n = 0;
  const getJson = async (p: string) => {
    reads.push(p);
    if (p.startsWith('/api/v1/marketing/messages/7')) return { data: [MESSAGE] };
    return { data: records[Math.min(n++, records.length - 1)] };
  };
  renderScreen(
    <Route path={screen.route}>
      <DetailScreen screen={screen} />
    </Route>,
    rendererContext({
      t,
      locale: 'en-GB',
      rest: { getJson } as never,
      manifest: {
        hash: 'h',
        navigation: { areas: [], redirects: [], notFound: '/404' },
        screens: [screen],
        resources: {
          marketing: { path: '/api/v1/marketing', subject: 'Marketing', archivable: false, operations: [] },
        },
      } as never,
      formContext: { currency: 'GBP', timeZone: 'Europe/London' },
    }),
    '/marketing/campaign/7',
  );
  return { reads };
}

/**
 * A campaign's page is declared (schemas/screens/marketing/detail.json): what its review, progress and outcome say
 * are notes and fields over the record its own route reads, each shown for the statuses it names.
 */
describe('the declared campaign page', () => {
  it('reviews a draft: the clients its filters choose, its cost beside the balance, the message, ready to go', async () => {
    const { reads } = open({
      ...campaign,
      receivers: 3,
      credits_needed: 3,
      credits_balance: 40,
      ready: true,
      preview_text: 'Hi Jane\nTo stop, text OPTOUT S1',
    });
    expect(await view.findByText(/^marketing\.review\.receivers \{.*"count":3/)).toBeTruthy();
    expect(reads[0]).toBe('/api/v1/marketing/review/7');
    expect(
      view.getByText(/^marketing\.review\.costSmsOf \{.*"credits_needed":"3","credits_balance":"40"/),
    ).toBeTruthy();
    const message = view.getByRole('region', { name: 'screens.marketing.review' }).querySelector('dl')!;
    expect(message.textContent).toContain('To stop, text OPTOUT S1');
    expect(view.getByText(/^marketing\.review\.readyDraft/)).toBeTruthy();
    expect(view.queryByText(/marketing\.review\.costEmailOf/)).toBeNull();
    expect(view.queryByRole('region', { name: 'screens.marketing.outcome' })).toBeNull();
    expect(view.queryByRole('region', { name: 'marketing.review.latest' })).toBeNull();
  });

  it('says when the credits do not cover it, with the way to buy more, and when nobody is chosen', async () => {
    open({ ...campaign, receivers: 0, credits_needed: 50, credits_balance: 10, short_of_credits: true });
    expect(await view.findByText(/^notifications\.noCredits\.sms/)).toBeTruthy();
    expect(view.getByRole('link', { name: 'marketing.review.buyCredits' }).getAttribute('href')).toBe(
      '/account-setup/notifications/credits',
    );
    expect(view.getByText(/^marketing\.noClients/)).toBeTruthy();
    expect(view.queryByText(/marketing\.review\.readyDraft/)).toBeNull();
  });

  it('shows a sending campaign’s progress and reads it again every two seconds until it is sent', async () => {
    jest.useFakeTimers();
    try {
      const sending = { ...campaign, status: 'sending', total_clients: 250, sent_count: 100, progress: 40 };
      const sent = { ...campaign, status: 'sent', total_clients: 250, sent_count: 250, credits_spent: 250 };
      const { reads } = open(sending, { ...sending, sent_count: 200, progress: 80 }, sent);
      await act(async () => jest.advanceTimersByTimeAsync(100));
      expect(view.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
      await act(async () => jest.advanceTimersByTimeAsync(2100));
      expect(view.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('80');
      await act(async () => jest.advanceTimersByTimeAsync(2100));
      expect(view.getByText(/^marketing\.review\.doneOf \{.*"count":250/)).toBeTruthy();
      const count = reads.filter((p) => p.startsWith('/api/v1/marketing/review')).length;
      await act(async () => jest.advanceTimersByTimeAsync(6000));
      // Sent: nothing more to follow.
      expect(reads.filter((p) => p.startsWith('/api/v1/marketing/review')).length).toBe(count);
    } finally {
      jest.useRealTimers();
    }
  });

  it('sums up a sent campaign: its latest messages, naming the clients, and the money that followed', async () => {
    const { reads } = open({
      ...campaign,
      status: 'sent',
      total_clients: 2,
      sent_count: 2,
      credits_spent: 2,
      sales_from: '2026-01-05',
      sales_to: '2026-02-03',
      sales_receivers: 2,
      sales_buyers: 1,
      sales_payments: 1,
      sales_amount: 4500,
      currency: 'GBP',
    });
    expect(await view.findByText('Ann Lee')).toBeTruthy();
    expect(reads).toContain('/api/v1/marketing/messages/7?per_page=5');
    expect(view.getByText(/^marketing\.review\.salesOf \{.*"sales_amount":"£45\.00"/)).toBeTruthy();
    expect(view.getByText(/^marketing\.review\.salesOf \{.*"sales_from":"5 Jan 2026"/)).toBeTruthy();
    expect(view.getByRole('link', { name: 'marketing.review.history' })).toBeTruthy();
    expect(view.queryByRole('region', { name: 'screens.marketing.review' })).toBeNull();
  });
});
