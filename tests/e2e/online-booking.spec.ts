import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { chooseFirstTime, lastCode } from './booking-steps';
import { expect, expectAccessible, login, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** A fresh address each run: a client is new the first time they book, whatever ran before. */
const run = Date.now().toString(36);
const email = (name: string) => `${name}.${run}@example.com`;

/** From the page's start to the first choice after verification, by an emailed code. */
async function verify(page: Page, email: string, kind = /An appointment/, next = 'Choose a service') {
  if (!page.url().includes('/online-booking/')) await page.goto('/online-booking/olivia-hart');
  await expect(page.getByText('Book with Olivia Hart in a few steps.')).toBeVisible();
  await page.getByRole('button', { name: kind }).click();
  await expect(page.getByRole('heading', { name: 'Verify it is you' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  // The message says the code is sent: only then is it in the outbox.
  await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
  await page.getByLabel('6-digit code').fill(lastCode(email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: next })).toBeVisible();
}

test('a new client books a multipart service with a deposit; the owner sees it; the slot is gone for the next client', async ({
  page,
  newContext,
  cspViolations,
}) => {
  void cspViolations;
  await verify(page, email('new.client'));
  await expectAccessible(page, 'booking services');
  await page.getByRole('button', { name: /Colour and style/ }).click();

  await expect(page.getByRole('heading', { name: 'Choose a time' })).toBeVisible();
  const first = page.getByRole('button', { name: /^\d{2}:\d{2}$/ }).first();
  await expect(first).toBeVisible();
  const date = (await page.locator('[role=option][data-date][aria-selected=true]').getAttribute('data-date'))!;
  const time = (await first.textContent())!;
  // A closed day says so (spec §8), then back to the first open one.
  await page.getByRole('option', { name: /None/ }).first().click();
  await expect(page.getByText(/^No available time slots for /)).toBeVisible();
  await page.locator(`[data-date="${date}"]`).click();
  await expect(first).toBeVisible();
  await expectAccessible(page, 'booking time');
  // No horizontal scrolling of the page at phone width.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await first.click();

  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Newman');
  await page.getByLabel('Any allergies we should know about?').fill('None');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Confirm' })).toBeVisible();
  await expect(page.getByText('£20.00', { exact: true })).toBeVisible();
  await expect(page.getByText('£90.00', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm and pay £20.00' }).click();

  // The local payment provider's page.
  await expect(page.getByRole('heading', { name: /Deposit for Colour and style/ })).toBeVisible();
  await page.getByRole('button', { name: 'Pay £20.00' }).click();

  await expect(page).toHaveURL(/\/online-booking\/olivia-hart\/callback\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Paid: you are booked' })).toBeVisible();
  await expect(page.getByText('Your confirmation opens in')).toBeVisible();
  await expect(page).toHaveURL(/\/online-booking\/olivia-hart\/confirmation\?session_id=/);
  await page.getByRole('button', { name: 'See or change your booking' }).click();
  await expect(page).toHaveURL(/\/online-booking\/olivia-hart\/booking\/[\w-]+$/);
  await expect(page.getByText(time, { exact: false })).toBeVisible();
  await expect(page.getByText('£70.00', { exact: true })).toBeVisible(); // left to pay: 90 − 20

  // The owner sees it on the calendar.
  const ownerContext = await newContext({ viewport: { width: 1280, height: 900 } });
  const owner = await ownerContext.newPage();
  await login(owner);
  await owner.goto('/appointments/calendar/events');
  await expect(owner.getByRole('button', { name: 'Next Week' })).toBeVisible();
  await owner.waitForLoadState('networkidle');
  // The calendar opens on this week (weeks start on Monday): move to the booking's week.
  const monday = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  const weeks = Math.round((monday(new Date(`${date}T12:00:00Z`)) - monday(new Date())) / (7 * 86_400_000));
  for (let i = 0; i < weeks; i++) await owner.getByRole('button', { name: 'Next Week' }).click();
  await expect(owner.getByRole('button', { name: /Nora Newman Colour and style/ })).toBeAttached();
  await ownerContext.close();

  // A second client finds that time gone.
  const secondContext = await newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const second = await secondContext.newPage();
  await verify(second, email('second.client'));
  await second.getByRole('button', { name: /Colour and style/ }).click();
  await second.locator(`[data-date="${date}"]`).click();
  await expect(second.locator('[role=option][data-date][aria-selected=true]')).toHaveAttribute('data-date', date);
  await expect(second.getByRole('button', { name: time, exact: true })).toHaveCount(0);
  await secondContext.close();
});

test('a client books a seat in a class and sees the seats left go down, at 360 px wide', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await page.setViewportSize({ width: 360, height: 780 });
  await verify(page, email('yogi'), /A class/, 'Choose a class');
  const first = page.getByRole('button', { name: /18:00 \d+ seats? left/ }).first();
  await expect(first).toBeVisible();
  const seats = Number(/(\d+) seats? left/.exec((await first.textContent())!)![1]);
  await expectAccessible(page, 'booking classes');
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await first.click();
  await page.getByLabel('First name').fill('Yan');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('heading', { name: 'Booked' })).toBeVisible();
  await expect(page.getByText('Yoga flow')).toBeVisible();
  await page.getByRole('button', { name: 'Book again' }).click();
  await page.getByRole('button', { name: /A class/ }).click();
  await expect(page.getByRole('button', { name: /18:00 \d+ seats? left/ }).first()).toContainText(`${seats - 1} seat`);
});

test('a client buys a gift voucher for someone and receives its code', async ({ page, cspViolations }) => {
  void cspViolations;
  await verify(page, email('giver'), /A gift voucher/, 'Choose a gift voucher');
  await page.getByRole('button', { name: /Pamper voucher · £50.00/ }).click();
  await expect(page.getByRole('heading', { name: 'Confirm and pay' })).toBeVisible();
  await page.getByLabel('First name').fill('Gwen');
  await page.getByLabel('Who is it for? (optional)').fill('My sister');
  await page.getByLabel('A message for them (optional)').fill('Enjoy!');
  await expectAccessible(page, 'booking purchase');
  await page.getByRole('button', { name: 'Pay £50.00' }).click();
  await page.getByRole('button', { name: 'Pay £50.00' }).click(); // on the provider's page
  await expect(page.getByText('Thank you, your purchase is complete.')).toBeVisible();
  await expect(page.getByText('My sister')).toBeVisible();
  const code = (await page.locator('dt:has-text("Code") + dd').textContent())!;
  expect(code).toMatch(/^[A-Z2-9]{10}$/);
  await expect(page).toHaveURL(/\/online-booking\/olivia-hart\/confirmation\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Paid: it is yours' })).toBeVisible();
  await expect(page.getByText(code)).toBeVisible();
});

test('the owner sets up online booking as a schema form', async ({ page, cspViolations }) => {
  void cspViolations;
  await login(page);
  await page.goto('/appointments/online-booking');
  await expect(page.getByLabel('Page address')).toHaveValue('olivia-hart');
  await page.getByLabel('Page address').fill('Not OK');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('The page address may use lowercase letters, digits and hyphens (3–48 characters).'),
  ).toBeVisible();
  await page.getByLabel('Page address').fill('olivia-hart');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated successfully.').first()).toBeVisible();
});

test('a payment that arrives after its time was taken is refunded, and the client is told so', async ({
  page,
  playwright,
  baseURL,
  cspViolations,
}) => {
  void cspViolations;
  await verify(page, email('late.payer'));
  await page.getByRole('button', { name: /Haircut/ }).click();
  const { date, time } = await chooseFirstTime(page);
  await page.getByLabel('First name').fill('Lou');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm and pay £10.00' }).click();
  await expect(page.getByRole('heading', { name: /Deposit for Haircut/ })).toBeVisible();

  // The client lingers on the payment page: the hold runs out, and the owner blocks that time meanwhile.
  const db = new Database(path.resolve('data/e2e/soloist.db'), { fileMustExist: true });
  try {
    db.prepare('update slot_holds set expires_at = ? where payment_ref = ?').run(
      '2000-01-01T00:00:00.000Z',
      page.url().split('/').pop(),
    );
  } finally {
    db.close();
  }
  const owner = await playwright.request.newContext({ baseURL });
  await owner.get('/sanctum/csrf-cookie');
  const xsrf = async () =>
    decodeURIComponent((await owner.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value);
  await owner.post('/api/login', {
    data: { email: 'owner@demo.test', password: 'Demo-pass-1' },
    headers: { 'x-xsrf-token': await xsrf() },
  });
  const blocked = await owner.post('/api/v1/appointments', {
    data: { type: 'blocked', title: 'Supplier visit', date, start_time: time, duration: 30 },
    headers: { 'x-xsrf-token': await xsrf() },
  });
  expect(blocked.status()).toBe(201);
  await owner.dispose();

  await page.getByRole('button', { name: 'Pay £10.00' }).click();
  await expect(page).toHaveURL(/\/online-booking\/olivia-hart\/callback\?session_id=/);
  await expect(page.getByRole('alert')).toHaveText(
    'The booking could not be made, so your payment has been refunded in full. Nothing was booked.',
  );
  await expectAccessible(page, 'refunded payment');
  await page.getByRole('button', { name: 'Choose another time' }).click();
  await expect(page.getByText('Book with Olivia Hart in a few steps.')).toBeVisible();
});
