import { expect, expectAccessible, login, test } from './fixtures';

test('the owner sets SMS reminders in their own words: a mistyped tag is named, a listed one inserted, the cost shown', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await login(page);
  await page.goto('/account-setup/notifications/sms');
  await expect(page.getByRole('heading', { name: 'SMS notifications' })).toBeVisible();
  await expect(page.getByLabel('Send reminders')).toBeChecked(); // the demo owner's
  await page.getByLabel('4 hours before').check();
  const text = page.getByLabel('Reminder text');
  await text.fill('Hi {Client_First_Name}, see you at {time} on {date}.');
  await expect(page.getByRole('alert').filter({ hasText: 'Unknown tag {Client_First_Name}' })).toBeVisible();
  await text.fill('Hi , see you at {time} on {date}.');
  await text.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(3, 3));
  await page.getByRole('button', { name: '{client_first_name}' }).first().click();
  await expect(text).toHaveValue('Hi {client_first_name}, see you at {time} on {date}.');
  await expect(page.getByText(/^Hi Mia, see you at 10:00 on \w+day \d+ \w+ \d{4}\.$/)).toBeVisible();
  await expect(page.getByText('1 SMS · ', { exact: false }).first()).toContainText('1 credit per client');
  await expectAccessible(page, 'SMS notifications');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('SMS notification settings saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Reminder text')).toHaveValue('Hi {client_first_name}, see you at {time} on {date}.');
  await expect(page.getByLabel('4 hours before')).toBeChecked();
});

test('the owner writes an email campaign to clients who visited in the last 90 days and sends it', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await login(page);
  await page.goto('/marketing/list');
  await page.getByRole('button', { name: 'New campaign' }).click();
  await page.getByLabel('Campaign name').fill('Winter warmers');
  await page.getByLabel('Subject').fill('Winter at {business_name}');
  await page.getByLabel('Message').fill('Hi {client_first_name}, a warm treatment is on us this week.');
  // Without a filter the campaign is refused in the spec's words.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Your message will not be sent. Please choose at least one filter below').first(),
  ).toBeVisible();
  const since = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
  await page.getByRole('textbox', { name: 'Last visit after' }).fill(since);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Winter warmers' })).toBeVisible();
  await expect(page.getByText('Draft').first()).toBeVisible();
  await page.getByRole('button', { name: 'Send now' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText(/Sending: your campaign goes out/)).toBeVisible();
  // The worker sends it in batches; the campaign reads Sent once every receiver has their message. Each look waits
  // for the campaign's page to be drawn again before reading its state: on a busy machine a reload alone can take
  // longer than the state's short wait.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Winter warmers' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 120_000 });
  await page.goto('/account-setup/notifications/messages');
  await expect(page.getByText('Marketing').first()).toBeVisible();
});
