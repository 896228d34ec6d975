import { act, screen } from '@testing-library/react';
import { renderScreen, rendererContext } from '../../helpers/renderer-context';
import CampaignReview from '../../../src/widgets/marketing/CampaignReview';

const t = (key: string, o?: Record<string, unknown>) => (o ? `${key} ${JSON.stringify(o)}` : key);
const screenDef = { id: 'marketing.detail', kind: 'detail', route: '/x', title: 'x' } as never;

const draft = {
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
};

/** The widget in a detail screen's section, with a server that answers the given paths. */
function review(record: Record<string, unknown>, answers: Record<string, unknown>, refresh = jest.fn()) {
  const calls: string[] = [];
  const answer = async (path: string, body?: unknown) => {
    calls.push(body ? `${path} ${JSON.stringify(body)}` : path);
    const key = Object.keys(answers).find((p) => path.startsWith(p));
    return answers[key!];
  };
  const rest = { getJson: (p: string) => answer(p), create: (p: string, b: unknown) => answer(p, b) };
  renderScreen(
    <CampaignReview screen={screenDef} detail={{ record, refresh }} />,
    rendererContext({ t, rest: rest as never, formContext: { currency: 'GBP', timeZone: 'Europe/London' } }),
  );
  return { calls, refresh };
}

describe('campaign review', () => {
  it('counts a draft’s receivers and credits with its filters, and shows the message as a client gets it', async () => {
    const { calls } = review(draft, {
      '/api/v1/marketing/count': {
        data: { count: 3, credits: 3, balance: 40, preview: { subject: '', text: 'Hi Jane\nTo stop, text OPTOUT S1' } },
      },
    });
    expect(await screen.findByText('marketing.review.receivers {"count":3}')).toBeTruthy();
    expect(calls[0]).toContain('"last_visit_after":"2026-09-01"');
    expect(screen.getByText('marketing.review.costSms {"credits":"3","balance":"40"}')).toBeTruthy();
    expect(screen.getByText(/To stop, text OPTOUT S1/)).toBeTruthy();
    expect(screen.getByText('marketing.review.readyDraft')).toBeTruthy();
  });

  it('says when the credits do not cover it, with the way to buy more, and when nobody is chosen', async () => {
    review(draft, { '/api/v1/marketing/count': { data: { count: 0, credits: 50, balance: 10 } } });
    expect(await screen.findByText('notifications.noCredits.sms')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'marketing.review.buyCredits' }).getAttribute('href')).toBe(
      '/account-setup/notifications/credits',
    );
    expect(screen.getByText('marketing.noClients')).toBeTruthy();
  });

  it('shows a sending campaign’s progress and reads it again every two seconds', async () => {
    jest.useFakeTimers();
    try {
      const { refresh } = review({ ...draft, status: 'sending', total_clients: 250, sent_count: 100 }, {});
      const bar = screen.getByRole('progressbar');
      expect(bar.getAttribute('aria-valuenow')).toBe('40');
      expect(screen.getByText('marketing.review.progress {"sent":"100","total":"250"}')).toBeTruthy();
      act(() => jest.advanceTimersByTime(4100));
      expect(refresh).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('sums up a sent campaign: its latest messages, naming the clients, with their status, and the money that followed', async () => {
    const { calls } = review(
      { ...draft, status: 'sent', total_clients: 2, sent_count: 2, credits_spent: 2 },
      {
        '/api/v1/marketing/messages/7': {
          data: [
            {
              id: 1,
              channel: 'sms',
              recipient: '+447700900201',
              client_name: 'Ann Lee',
              status: 'delivered',
              created_at: '2026-11-20T10:00:00Z',
            },
          ],
        },
        '/api/v1/marketing/sales': {
          data: [
            {
              campaign_id: 7,
              receivers: 2,
              buyers: 1,
              payments: 1,
              amount: 4500,
              currency: 'GBP',
              from: '2026-01-05',
              to: '2026-02-03',
            },
          ],
        },
      },
    );
    expect(screen.getByText('marketing.review.done {"count":2,"credits":"2"}')).toBeTruthy();
    expect(await screen.findByText('Ann Lee')).toBeTruthy();
    expect(screen.getByText('+447700900201')).toBeTruthy();
    expect(calls).toContain('/api/v1/marketing/messages/7?per_page=5');
    expect(screen.getByText('enums.delivered')).toBeTruthy();
    expect(await screen.findByText(/^marketing\.review\.sales .*"amount":"£45\.00"/)).toBeTruthy();
  });

  it('says “so far” while the days that count are not over', async () => {
    const sales = { campaign_id: 7, receivers: 2, buyers: 1, payments: 1, amount: 500, currency: 'GBP' };
    review(
      { ...draft, status: 'sent', total_clients: 2, sent_count: 2, credits_spent: 2 },
      {
        '/api/v1/marketing/messages/7': { data: [] },
        '/api/v1/marketing/sales': { data: [{ ...sales, from: '2026-01-05', to: '2999-12-31' }] },
      },
    );
    expect(await screen.findByText(/^marketing\.review\.salesSoFar /)).toBeTruthy();
  });
});
