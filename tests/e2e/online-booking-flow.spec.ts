import type { Locator, Page } from '@playwright/test';
import { chooseFirstTime, lastCode } from './booking-steps';
import { expect, expectAccessible, test } from './fixtures';

// The booking page on a phone: a counter that never jumps, going back lets the held time go, the payment callback's
// redirect to a confirmation that stays, and a client cancelling from the manage page.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const run = Date.now().toString(36);
const email = (name: string) => `${name}.flow.${run}@example.com`;

const counter = (page: Page) => page.getByTestId('wizard-progress');

/** Start → verify by email → the services, checking the counter on the way. */
async function toServices(page: Page, who: string) {
  await page.goto('/online-booking/olivia-hart');
  await expect(counter(page)).toHaveText('Step 1');
  await page.getByRole('button', { name: /An appointment/ }).click();
  await expect(counter(page)).toHaveText('Step 2 of 7');
  await page.getByLabel('Email').fill(who);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`We sent a 6-digit code to ${who}.`)).toBeVisible();
  await page.getByLabel('6-digit code').fill(lastCode(who));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a service' })).toBeVisible();
  await expect(counter(page)).toHaveText('Step 3 of 7');
}

test('the step counter never jumps, and going back lets the held time go so it is still offered', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await toServices(page, email('counter'));
  await page.getByRole('button', { name: /Free consultation/ }).click();
  await expect(counter(page)).toHaveText('Step 4 of 7');
  const { date, time } = await chooseFirstTime(page);
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await expect(counter(page)).toHaveText('Step 5 of 7');
  // The marketing question is asked, unticked.
  await expect(page.getByRole('checkbox', { name: /Send me news and offers from Olivia Hart/ })).not.toBeChecked();

  // Back: the time this client held is offered to them again.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a time' })).toBeVisible();
  await expect(counter(page)).toHaveText('Step 4 of 7');
  await page.locator(`[data-date="${date}"]`).click();
  await expect(page.getByRole('button', { name: time, exact: true })).toBeVisible();
  await page.getByRole('button', { name: time, exact: true }).click();

  await page.getByLabel('First name').fill('Cora');
  await page.getByRole('checkbox', { name: /Send me news and offers/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(counter(page)).toHaveText('Step 6 of 7');
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('heading', { name: 'Booked' })).toBeVisible();
  await expect(counter(page)).toHaveText('Step 7 of 7');
});

test('the payment callback goes on to a confirmation after 5 seconds, and the confirmation stays', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await toServices(page, email('payer'));
  await page
    .getByRole('button', { name: /Haircut/ })
    .first()
    .click();
  await page
    .getByRole('button', { name: /^\d{2}:\d{2}$/ })
    .first()
    .click();
  await page.getByLabel('First name').fill('Pia');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm and pay £10.00' }).click();
  await page.getByRole('button', { name: 'Pay £10.00' }).click(); // on the provider's page

  await expect(page).toHaveURL(/\/online-booking\/olivia-hart\/callback\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Paid: you are booked' })).toBeVisible();
  const left = page.getByRole('timer');
  await expect(left).toHaveText(/Your confirmation opens in [1-5] seconds?…/);
  const shown = Date.now();
  await expect(page).toHaveURL(/\/online-booking\/olivia-hart\/confirmation\?session_id=/);
  expect(Date.now() - shown).toBeGreaterThan(2_500);
  await expect(page.getByRole('heading', { name: 'Paid: you are booked' })).toBeVisible();
  await expectAccessible(page, 'payment confirmation');
  // It stays until the client leaves.
  await page.waitForTimeout(7_000);
  await expect(page).toHaveURL(/\/confirmation\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Paid: you are booked' })).toBeVisible();
});

test('a client cancels their booking from its manage page, and the time is offered again', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await toServices(page, email('canceller'));
  await page.getByRole('button', { name: /Free consultation/ }).click();
  const { date, time } = await chooseFirstTime(page);
  await page.getByLabel('First name').fill('Kit');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await page.getByRole('button', { name: 'See or change your booking' }).click();

  await expect(page).toHaveURL(/\/online-booking\/olivia-hart\/booking\/[\w-]+$/);
  await expect(page.getByText(/You can cancel or change the time until /)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', /\/calendar\.ics$/);
  await expectAccessible(page, 'manage booking');
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const sure = page.getByRole('dialog');
  // The two answers say what they do: "Cancel" beside "Confirm" would be ambiguous for a cancellation.
  await expect(sure.getByRole('button', { name: 'Keep my booking' })).toBeVisible();
  await sure.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText('This booking is cancelled.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);

  // The time is free again.
  await page.getByRole('button', { name: 'Book again' }).click();
  await page.getByRole('button', { name: /An appointment/ }).click();
  await page.getByRole('button', { name: /Free consultation/ }).click();
  await page.locator(`[data-date="${date}"]`).click();
  await expect(page.getByRole('button', { name: time, exact: true })).toBeVisible();
});

for (const width of [390, 360]) {
  test(`the day strip fits a ${width} px phone: two whole days or more, the chosen one in view, nothing off screen`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await toServices(page, email(`strip${width}`));
    await page.getByRole('button', { name: /Free consultation/ }).click();
    const strip = page.getByRole('listbox', { name: 'Days' });
    await expect(page.getByRole('button', { name: /^\d{2}:\d{2}$/ }).first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    for (const name of ['Earlier days', 'Later days']) {
      const box = (await page.getByRole('button', { name }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    const s = (await strip.boundingBox())!;
    expect(s.x + s.width).toBeLessThanOrEqual(width);
    // At least two whole days show (not one and a cut-off half), the chosen one among them.
    const inside = async (o: Locator) => {
      const b = (await o.boundingBox())!;
      return b.x >= s.x - 1 && b.x + b.width <= s.x + s.width + 1;
    };
    let whole = 0;
    for (const option of await strip.getByRole('option').all()) if (await inside(option)) whole++;
    expect(whole).toBeGreaterThanOrEqual(2);
    expect(await inside(page.locator('[role=option][data-date][aria-selected=true]'))).toBe(true);
  });
}
