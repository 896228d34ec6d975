import { expect, expectAccessible, login, test } from './fixtures';

/** The Monday of next week, as YYYY-MM-DD (the calendar opens on the current week; next week is all future). */
function nextMonday(): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7 || 7));
  return d.toISOString().slice(0, 10);
}

/** How the appointment dialog says when (dates in words, 24-hour clock): "Monday 30 November 2026, 10:00–11:00". */
function when(date: string, from: string, to: string): string {
  const day = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return `${day}, ${from}–${to}`;
}

test('an owner books a slot from the calendar, marks the client attended and drags the appointment to another day', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await login(page);
  await page.getByRole('link', { name: 'Calendar', exact: true }).click();
  await page.getByRole('button', { name: /next/i }).first().click();
  const monday = nextMonday();
  const column = page.locator(`[data-date="${monday}"]`).last();
  await expect(column).toBeVisible();
  await expectAccessible(page, 'calendar');
  const label = page.getByText('10:00', { exact: true }).first();
  const col = (await column.boundingBox())!;
  const row = (await label.boundingBox())!;
  await page.mouse.click(col.x + col.width / 2, row.y + 6);

  await expect(page).toHaveURL(new RegExp(`/appointments/calendar/form\\?date=${monday}&start_time=10:00`));
  // A service appointment (an hour-long home visit) with a client: private time has no clients.
  await page.locator('#root_service_id').click();
  await page.getByRole('option', { name: 'Home visit cut' }).click();
  await expect(page.locator('#root_duration-minutes')).toHaveValue('0');
  await expect(page.locator('#root_duration')).toHaveValue('1');
  await page.getByLabel('Clients').click();
  await page
    .getByRole('option', { name: /Amelia/ })
    .first()
    .click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully.')).toBeVisible();
  // The calendar opens on the appointment's day.
  await expect(page).toHaveURL(new RegExp(`/appointments/calendar/events\\?date=${monday}$`));

  const event = page.getByText('Home visit cut').first();
  await expect(event).toBeVisible();
  await event.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(when(monday, '10:00', '11:00'))).toBeVisible();
  await dialog.getByLabel(/Amelia/).click();
  await page.getByRole('option', { name: 'Attended' }).click();
  await expect(page.getByText('Updated successfully.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Drag to Wednesday, same time.
  const wednesday = new Date(Date.parse(`${monday}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
  const from = (await event.boundingBox())!;
  const target = (await page.locator(`[data-date="${wednesday}"]`).last().boundingBox())!;
  const moved = page.waitForResponse((r) => r.url().endsWith('/time') && r.request().method() === 'PUT');
  // The calendar reads its events again after the move: the dialog then shows the new time.
  const reloaded = page
    .waitForResponse((r) => r.url().includes('/api/v1/appointments?') && r.request().method() === 'GET', {
      timeout: 10_000,
    })
    .catch(() => undefined);
  await page.mouse.move(from.x + from.width / 2, from.y + 8);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + 10, { steps: 5 });
  await page.mouse.move(target.x + target.width / 2, from.y + 8, { steps: 15 });
  await page.mouse.up();
  expect((await moved).status()).toBe(200);
  await reloaded;
  // The event opened is the one now in Wednesday's column (not the Monday one still drawn before the calendar reloads).
  const there = page.locator(`[data-date="${wednesday}"]`).last().getByText('Home visit cut');
  await expect(there).toBeVisible();
  await there.click();
  // Dropped on Wednesday: the day is the point (where in the hour it lands follows the pointer and the scroll).
  const day = when(wednesday, '10:00', '11:00').split(', ').slice(0, 2).join(', ');
  await expect(page.getByRole('dialog').getByText(new RegExp(`^${day}, \\d\\d:\\d\\d–`))).toBeVisible();
});

test('an owner creates a weekly series and deletes this and all future ones from the third', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await login(page);
  const first = nextMonday();
  const until = new Date(Date.parse(`${first}T00:00:00Z`) + 28 * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/appointments/calendar/form?date=${first}&start_time=07:00`);
  await page.getByLabel('Type').selectOption({ label: 'Private time' });
  await page.getByLabel('Title').fill('Morning run');
  await page.getByLabel('Hours').fill('1');
  await page.getByLabel('Frequency').selectOption({ label: 'Weekly' });
  await page.getByRole('textbox', { name: 'Until' }).fill(until);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully.')).toBeVisible();

  // The calendar opens on the first; the third occurrence is two weeks after it.
  await page.getByRole('button', { name: 'Next Week' }).click();
  await page.getByRole('button', { name: 'Next Week' }).click();
  await page.getByText('Morning run').first().click();
  const third = new Date(Date.parse(`${first}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10);
  await expect(page.getByRole('dialog').getByText(when(third, '07:00', '08:00'))).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Please note!' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('This appointment repeats. Delete this and all future ones?')).toBeVisible();
  await page.getByRole('dialog', { name: 'Please note!' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Deleted successfully.')).toBeVisible();
  await expect(page.getByText('Morning run')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next Week' }).click();
  await expect(page.getByText('Morning run')).toHaveCount(0);
  await page.getByRole('button', { name: 'Previous Week' }).click();
  await page.getByRole('button', { name: 'Previous Week' }).click();
  await expect(page.getByText('Morning run')).toHaveCount(1);
});

test('calendar and time settings are a schema form', async ({ page, cspViolations }) => {
  void cspViolations;
  await login(page);
  await page.getByRole('link', { name: 'Calendar and time' }).click();
  await expect(page.getByLabel('Time zone')).toHaveValue(/\d+/);
  await page.getByLabel('Slot length (minutes)').selectOption({ label: '30' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated successfully.')).toBeVisible();
  await expectAccessible(page, 'calendar settings');
});

test('business hours: an owner opens Saturday with a lunch break', async ({ page, cspViolations }) => {
  void cspViolations;
  await login(page);
  await page.getByRole('link', { name: 'Business hours' }).click();
  const saturday = page.getByRole('listitem', { name: 'Saturday' });
  await expect(saturday.getByText('Closed')).toBeVisible();
  await saturday.getByLabel('Closed').check();
  await saturday.getByLabel('Opens').fill('10:00');
  await saturday.getByLabel('Closes').fill('14:00');
  await saturday.getByRole('button', { name: 'Add a break' }).click();
  await saturday.getByLabel('Break until').fill('11:00');
  await page.getByRole('main').getByRole('button', { name: 'Save', exact: true }).click();
  await expect(saturday.getByText('Breaks must sit inside working hours and not overlap.')).toBeVisible();
  await saturday.getByLabel('Break from').fill('12:00');
  await saturday.getByLabel('Break until').fill('12:30');
  await page.getByRole('main').getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Updated successfully.')).toBeVisible();
  await expectAccessible(page, 'business hours');
  await page.reload();
  await expect(page.getByRole('listitem', { name: 'Saturday' }).getByLabel('Break from')).toHaveValue('12:00');
});

test('the appointment form asks for a location only where one applies', async ({ page, cspViolations }) => {
  void cspViolations;
  await login(page);
  await page.goto(`/appointments/calendar/form?date=${nextMonday()}&start_time=16:00`);
  // A service at the client's place (private and blocked time have no clients).
  await page.locator('#root_service_id').click();
  await page.getByRole('option', { name: 'Haircut' }).click();
  await expect(page.getByLabel('Address')).toHaveCount(0);
  await expect(page.getByLabel('Your location')).toHaveCount(0);
  await page.getByLabel('Location', { exact: true }).selectOption({ label: 'At one of my locations' });
  await expect(page.getByLabel('Your location')).toBeVisible();
  await page.getByLabel('Location', { exact: true }).selectOption({ label: "At the client's place" });
  await expect(page.getByLabel('Your location')).toHaveCount(0);
  await expect(page.getByLabel('Address')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#root_client_ids__error')).toHaveText(
    "Choose a client for an appointment at the client's place.",
  );
  await page.getByLabel('Clients').click();
  await page.getByRole('option', { name: 'Amelia' }).first().click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Address').fill('12 Rose Lane');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully.')).toBeVisible();
});

test('an owner stretches private time by dragging its end; onto busy time it springs back with the reason', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await login(page);
  const monday = nextMonday();
  const tuesday = new Date(Date.parse(`${monday}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/appointments/calendar/form?date=${tuesday}&start_time=14:00`);
  await page.getByLabel('Type').selectOption({ label: 'Blocked time' });
  await page.getByLabel('Title').fill('Blocker');
  await page.getByLabel('Hours').fill('1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully.')).toBeVisible();
  await page.goto(`/appointments/calendar/form?date=${tuesday}&start_time=12:00`);
  await page.getByLabel('Type').selectOption({ label: 'Private time' });
  await page.getByLabel('Title').fill('Stretch');
  await page.getByLabel('Hours').fill('1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully.')).toBeVisible();
  // The calendar opens on the week of the day saved.
  const event = page.getByText('Stretch').first();
  await expect(event).toBeVisible();
  const block = page.getByRole('button', { name: /Stretch/ });
  // The drag runs down from the block's end: mid-screen, so that it never leaves the viewport.
  await block.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await block.hover();
  // FullCalendar's end handle (its class name is FullCalendar 7's internal resizer-end class).
  const handle = (await block.locator('.fc-aG').boundingBox())!;
  const hour = (await block.boundingBox())!.height;
  const resized = page.waitForResponse((r) => r.url().endsWith('/time') && r.request().method() === 'PUT');
  const x = handle.x + handle.width / 2;
  const y = handle.y + handle.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + hour / 4, { steps: 5 });
  await page.mouse.move(x, y + hour / 2, { steps: 10 });
  await page.mouse.up();
  const res = await resized;
  expect(res.status()).toBe(200);
  expect(JSON.parse(res.request().postData()!)).toMatchObject({ date: tuesday, start_time: '12:00', duration: 90 });
  await page.getByText('Stretch').first().click();
  await expect(page.getByRole('dialog').getByText(when(tuesday, '12:00', '13:30'))).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Another hour would run into the blocked time at 14:00: refused, shown, and put back.
  await block.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await block.hover();
  const end = (await block.locator('.fc-aG').boundingBox())!;
  const refused = page.waitForResponse((r) => r.url().endsWith('/time') && r.request().method() === 'PUT');
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2);
  await page.mouse.down();
  await page.mouse.move(end.x + end.width / 2, end.y + hour / 2, { steps: 5 });
  await page.mouse.move(end.x + end.width / 2, end.y + hour, { steps: 10 });
  await page.mouse.up();
  expect((await refused).status()).toBe(422);
  await expect(page.getByText('This time overlaps another appointment.')).toBeVisible();
  await page.getByText('Stretch').first().click();
  await expect(page.getByRole('dialog').getByText(when(tuesday, '12:00', '13:30'))).toBeVisible();
});
