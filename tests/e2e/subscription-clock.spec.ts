import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import Stripe from 'stripe';
import { expect, test } from './fixtures';

const DAY = 86_400;

/** The Stripe SDK pointed at the local provider the e2e server runs (playwright.config: LOCAL_STRIPE_PORT). */
function localStripe(): Stripe {
  const state = JSON.parse(fs.readFileSync(path.resolve('data/e2e/soloist.local-stripe.json'), 'utf8')) as {
    secrets: { secretKey: string };
  };
  return new Stripe(state.secrets.secretKey, { host: '127.0.0.1', port: 3211, protocol: 'http' });
}

/**
 * A new owner registers, adds a card on the hosted page at the trial's card step and chooses Business; the owner's
 * time moves past the trial (the provider's test clock) and they are a Business subscriber with the first invoice
 * paid; they upgrade to Premium and the Premium-only tax settings open.
 */
test('a new owner goes from the trial with a card to a Business subscriber, then Premium', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  const email = `clara.clock.${Date.now()}@example.com`;
  await page.goto('/register');
  await page.getByLabel('First name').fill('Clara');
  await page.getByLabel('Last name').fill('Clock');
  await page.getByLabel('Email').fill(email);
  await page.locator('#root_password').fill('Clara-clock-1');
  await page.getByLabel('Confirm password').fill('Clara-clock-1');
  await page.getByRole('button', { name: 'Start free trial' }).click();

  await expect(page.getByRole('heading', { name: /your 14-day free trial has started/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add a card' }).click();
  await expect(page.getByRole('heading', { name: 'Save your card' })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page).toHaveURL(/\/account-setup\/subscription\/start\?card=saved$/);
  await expect(page.getByText('Your card is saved. Nothing is charged during the trial.')).toBeVisible();
  await page.getByRole('link', { name: 'Choose a plan' }).click();
  await page.getByRole('button', { name: 'Choose Business' }).click();
  await page.getByRole('dialog').getByRole('button').last().click();
  await expect(page.getByText('You have subscribed to Business Monthly.')).toBeVisible();

  // Fifteen days on: the trial has converted and the first month is paid.
  const stripe = localStripe();
  const db = new Database(path.resolve('data/e2e/soloist.db'), { readonly: true });
  const row = db.prepare('select billing_customer_id as id from users where email = ?').get(email) as { id: string };
  db.close();
  const customer = await stripe.customers.retrieve(row.id);
  if (customer.deleted) throw new Error('customer deleted');
  const clock = await stripe.testHelpers.testClocks.retrieve(String(customer.test_clock));
  await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: clock.frozen_time + 15 * DAY });
  await page.reload();
  await expect(page.getByText('Business · Monthly')).toBeVisible();
  await expect(page.getByText('Free trial')).toHaveCount(0);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByText('£24.00')).toBeVisible();

  await page.goto('/account-setup/customisation/tax_settings');
  await expect(page.getByText(/available on the Premium plan/i)).toBeVisible();
  await page.goto('/account-setup/subscription/details');
  await page.getByRole('button', { name: 'Switch to Premium' }).click();
  await page.getByRole('dialog').getByRole('button').last().click();
  await expect(page.getByText('Your plan is now Premium Monthly.')).toBeVisible();
  await page.goto('/account-setup/customisation/tax_settings');
  await expect(page.getByText(/available on the Premium plan/i)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
});
