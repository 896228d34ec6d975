import { expect, expectAccessible, login, test } from './fixtures';

test('the owner writes an SMS campaign to clients seen in the last 90 days, reviews the count and credits, schedules it, sends it now and watches it go', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await login(page);
  await page.goto('/marketing/form');
  await page.getByLabel('Send as').selectOption({ label: 'SMS' });
  await page.getByLabel('Campaign name').fill('Back for winter');
  const message = page.getByLabel('Message');
  await message.fill('Hi {client_first_name}, 15% off any colour until Friday.');
  // The preview ends as the SMS will: with the way to opt out, counted in its size.
  await expect(page.getByText(/^To stop, text OPTOUT S[0-9A-Z]+/)).toBeVisible();
  await expect(page.getByText(/^1 SMS · \d+ characters \(GSM-7\)/)).toBeVisible();
  // An SMS has no subject, nor an email's cost.
  await expect(page.getByLabel('Subject')).toHaveCount(0);
  await expect(page.getByText('1 email credit per client')).toHaveCount(0);
  const since = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
  await page.getByRole('textbox', { name: 'Last visit after' }).fill(since);
  // A time tomorrow at ten, in the business's zone (the browser's may differ).
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Send at').fill(`${tomorrow}T10:00`);
  await page.getByRole('button', { name: 'Save and review' }).click();

  // The review: who receives it, what it costs beside the balance, the message as a client gets it.
  await expect(page.getByRole('heading', { name: 'Back for winter' })).toBeVisible();
  await expect(page.getByText('Scheduled').first()).toBeVisible();
  const review = page.getByRole('region', { name: 'Overview' });
  await expect(review.getByText(/^\d+ clients will receive it$/)).toBeVisible();
  const receivers = Number((await review.getByText(/clients will receive it$/).textContent())!.match(/\d+/)![0]);
  expect(receivers).toBeGreaterThan(3);
  await expect(review.getByText(new RegExp(`^Cost: ${receivers} SMS credits · you have [\\d,]+$`))).toBeVisible();
  await expect(review.getByText(/It goes out on .* 10:00/)).toBeVisible();
  await expect(review.getByText(/^Hi \p{L}+, 15% off any colour until Friday\.\nTo stop, text OPTOUT/u)).toBeVisible();
  await expectAccessible(page, 'campaign review');

  // Run it now: the page follows the send, then sums it up.
  await page.getByRole('button', { name: 'Send now' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send now' }).click();
  // The declared page shows its progress while it sends, then its outcome (review, progress and outcome are sections
  // shown for the campaign's status).
  const progress = page.getByRole('region', { name: 'Progress' });
  const outcome = page.getByRole('region', { name: 'Outcome' });
  await expect(progress.getByRole('progressbar').or(outcome.getByText(/^Sent to \d+ clients/))).toBeVisible();
  await expect(
    outcome.getByText(new RegExp(`^Sent to ${receivers} clients · ${receivers} credits spent$`)),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible();
  // Its latest messages, each with its delivery status.
  const latest = page.getByRole('region', { name: 'Latest messages' });
  await expect(latest).toBeVisible();
  await expect(latest.getByText(/\+\d{10,}/).first()).toBeVisible();
  await expect(latest.getByText(/^(Sent|Delivered|Pending)$/).first()).toBeVisible();
  await outcome.getByRole('link', { name: 'Message history' }).click();
  // The local Twilio reports each one delivered, through Twilio's signed status callback.
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Marketing' }).filter({ hasText: 'Delivered' }).first(),
  ).toBeVisible();
});
