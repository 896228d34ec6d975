import { expect, login, test } from './fixtures';
import type { Locator, Page } from '@playwright/test';

/** The calendar stays legible: the month on a phone, short events, cancelled bookings, and its hints in Ukrainian. */

/** A weekday `days` ahead (after the demo diary's coming appointments), as YYYY-MM-DD. */
function ahead(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Calls the API as the logged-in page (its cookies and CSRF token). */
async function api(page: Page, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) {
  await page.request.get('/sanctum/csrf-cookie');
  const token = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.fetch(url, {
    method,
    data,
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(token), Accept: 'application/json' },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

/** Books `service` for the demo client Amelia on `date` at `start`; answers the appointment and the client. */
async function book(page: Page, service: string, date: string, start: string) {
  const services = (await api(page, 'GET', '/api/v1/services?is_lite=1')) as Array<{ id: number; title: string }>;
  const clients = (await api(page, 'GET', '/api/v1/clients?search=Amelia')) as {
    data: Array<{ id: number; first_name: string; last_name: string }>;
  };
  const client = clients.data[0];
  const { data } = (await api(page, 'POST', '/api/v1/appointments', {
    type: 'service',
    service_id: services.find((s) => s.title === service)!.id,
    client_ids: [client.id],
    date,
    start_time: start,
  })) as { data: { id: number } };
  return { id: data.id, client, name: `${client.first_name} ${client.last_name}` };
}

/** Pages the calendar forward with FullCalendar's next button until `date` is on screen. */
async function goTo(page: Page, date: string) {
  for (let i = 0; i < 80 && !(await page.locator(`[data-date="${date}"]`).count()); i++)
    await page
      .getByRole('button', { name: /^(next|наступний)/i })
      .first()
      .click();
  await expect(page.locator(`[data-date="${date}"]`).first()).toBeVisible();
}

/** Whether every line of text inside `el` sits within its box (nothing spilling below it or over the next event). */
function textInside(el: Locator) {
  return el.evaluate((box) => {
    const outer = box.getBoundingClientRect();
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    const out: string[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of Array.from(range.getClientRects()))
        if (r.bottom > outer.bottom + 1 || r.top < outer.top - 1)
          out.push(`"${n.textContent}" ${r.top}–${r.bottom} outside ${outer.top}–${outer.bottom}`);
    }
    return out;
  });
}

async function toUkrainian(page: Page) {
  await page.getByLabel('Language').selectOption({ label: 'Українська' });
}

test('on a phone the month shows each day legibly: coloured dots and "+N", no words cut; a day opens its day view', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  for (const lang of ['en', 'uk']) {
    if (lang === 'uk') await toUkrainian(page);
    await page.goto('/appointments/calendar/events');
    await page.getByRole('tab', { name: lang === 'en' ? 'Month view' : 'Вигляд: Місяць' }).click();
    const grid = page.locator('main [role="table"]').first();
    await expect(grid).toBeVisible();
    // The demo diary has appointments this month: they are there, each in full for screen readers…
    await expect(page.locator('main [role="cell"] [role="button"]').first()).toBeAttached();
    // …and nothing in the month's cells is clipped mid-word ("Jackso", "Haircu", "Не оп").
    const clipped = await grid.evaluate((g) => {
      const out: string[] = [];
      const walker = document.createTreeWalker(g, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent?.trim()) continue;
        let clip = n.parentElement;
        while (clip && clip !== g && getComputedStyle(clip).overflowX === 'visible') clip = clip.parentElement;
        if (!clip || clip === g) continue;
        const box = clip.getBoundingClientRect();
        // Text kept for screen readers only (a 1 px box) is meant to be out of sight.
        if (box.width <= 1) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        const r = range.getBoundingClientRect();
        if (r.right > box.right + 1 || r.left < box.left - 1) out.push(n.textContent);
      }
      return out;
    });
    expect(clipped).toEqual([]);
    await page.screenshot({ path: `test-results/calendar-month-390-${lang}.png`, fullPage: true });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
  // A tap on a day opens it in the day view.
  const today = new Date().toISOString().slice(0, 10);
  // Tapped where a finger lands, as the calendar finds the day by the tap's place: on a closed weekend the shading of
  // the closed days lies across both days' cells, so Playwright's click would wait for the day's own element forever.
  const day = page.locator(`main [role="table"] [data-date="${today}"]`).first();
  await day.scrollIntoViewIfNeeded();
  const box = await day.boundingBox();
  if (!box) throw new Error(`no cell for ${today}`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByRole('button', { name: 'Попередній день' })).toBeVisible();
  expect(
    await page
      .locator('[data-date]')
      .evaluateAll((els, d) => els.every((e) => e.getAttribute('data-date') === d), today),
  ).toBe(true);
  await page.context().clearCookies({ name: 'locale' });
});

test('a 15-minute appointment keeps to one line inside its bar in the week and day views', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await login(page);
  const date = ahead(45);
  const short = await book(page, 'Free consultation', date, '09:15');
  await book(page, 'Haircut', date, '09:30');
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/appointments/calendar/events');
    await goTo(page, date);
    const event = page.getByRole('button', { name: new RegExp(`09:15.*${short.name}`) }).first();
    await expect(event).toBeVisible();
    await expect(event).toContainText('09:15');
    await expect(event).toContainText(short.name);
    expect(await textInside(event)).toEqual([]);
    await page.screenshot({ path: `test-results/calendar-short-${width}.png`, fullPage: true });
  }
});

test('an appointment whose every client cancelled shows as cancelled, not as a booking that holds the time', async ({
  page,
  cspViolations,
}) => {
  void cspViolations;
  await login(page);
  const date = ahead(52);
  const booked = await book(page, 'Haircut', date, '10:00');
  await api(page, 'PUT', `/api/v1/appointments/${booked.id}/status`, {
    status: 'cancelled',
    client_id: booked.client.id,
  });
  for (const lang of ['en', 'uk']) {
    if (lang === 'uk') await toUkrainian(page);
    await page.goto('/appointments/calendar/events');
    await goTo(page, date);
    const event = page.getByRole('button', { name: new RegExp(booked.name) }).first();
    // "Cancelled" is said within the bar (not cut off below it).
    const chip = event.getByText(lang === 'en' ? 'Cancelled' : 'Скасовано', { exact: true });
    const [c, e] = [(await chip.boundingBox())!, (await event.boundingBox())!];
    expect(c.y + c.height).toBeLessThanOrEqual(e.y + e.height + 1);
    await expect(event).not.toContainText(lang === 'en' ? 'Unpaid' : 'Не оплачено');
    const name = event.getByText(booked.name).first();
    expect(await name.evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain('line-through');
    await page.screenshot({ path: `test-results/calendar-cancelled-1366-${lang}.png`, fullPage: true });
  }
  await page.context().clearCookies({ name: 'locale' });
});

test("FullCalendar's screen-reader labels and hints speak Ukrainian", async ({ page, cspViolations }) => {
  void cspViolations;
  await login(page);
  await toUkrainian(page);
  await page.goto('/appointments/calendar/events');
  await expect(page.getByRole('button', { name: 'Попередній тиждень' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Наступний тиждень' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Цей тиждень' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Вигляд: День' })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Змінити вигляд' })).toBeVisible();
  await expect(page.getByText('За часом', { exact: true }).first()).toBeAttached();
  for (const english of ['Previous Week', 'Next Week', 'This Week', 'Day view', 'Timed', 'Events']) {
    await expect(page.getByRole('button', { name: english })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: english })).toHaveCount(0);
    await expect(page.getByText(english, { exact: true })).toHaveCount(0);
  }
  await page.getByRole('tab', { name: 'Вигляд: Місяць' }).click();
  await expect(page.getByRole('button', { name: 'Наступний місяць' })).toBeVisible();
  await page.screenshot({ path: 'test-results/calendar-month-1366-uk.png', fullPage: true });
  await page.getByRole('tab', { name: 'Вигляд: Список' }).click();
  await expect(page.getByRole('list', { name: 'Події' }).first()).toBeAttached();
  await expect(page.getByRole('list', { name: 'Events' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/calendar-list-390-uk.png', fullPage: true });
  await page.context().clearCookies({ name: 'locale' });
});
