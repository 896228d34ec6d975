import { readFileSync } from 'node:fs';
import { expect, expectAccessible, login, test } from './fixtures';
import { api } from './owner-api';

type Lite = { id: number; title: string; price?: number; amount?: number };
const list = <T>(body: T[] | { data: T[] }): T[] => (Array.isArray(body) ? body : body.data);

/** The owner's today, as the calendar shows it (the demo owner lives in London). */
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });

for (const width of [1366, 390]) {
  test(`at ${width} px the owner checks out an appointment from the calendar, part by gift voucher and the rest in cash`, async ({
    page,
    cspViolations,
  }) => {
    void cspViolations;
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await login(page);
    const owner = api(page);

    // A client of this test's own, booked today for a priced service: nothing here depends on the demo's figures.
    const stamp = `${width}${Date.now().toString(36)}`;
    const last = `Till${stamp}`;
    const client = await owner.post<{ data: { id: number } }>('/api/v1/clients', {
      first_name: 'Cora',
      last_name: last,
    });
    // A gift voucher the owner sells, and a service priced above it: the voucher pays part, cash the rest.
    const voucher = list(await owner.get<Lite[] | { data: Lite[] }>('/api/v1/gift-voucher?is_lite=1&per_page=100'))[0];
    const service = list(await owner.get<Lite[] | { data: Lite[] }>('/api/v1/services?is_lite=1&per_page=100')).find(
      (s) => (s.price ?? 0) > voucher.amount!,
    )!;
    // The first free time of the day (the demo's own appointments and an earlier run's take some).
    let booked: { data: { id: number } } | null = null;
    for (const start_time of ['06:00', '07:30', '19:00', '20:30', '06:30', '08:00', '19:30', '21:00']) {
      booked = await owner.tryPost<{ data: { id: number } }>('/api/v1/appointments', {
        type: 'service',
        service_id: service.id,
        client_ids: [client.data.id],
        date: today(),
        start_time,
        duration: 30,
      });
      if (booked) break;
    }
    expect(booked, 'a free time today').not.toBeNull();
    const owed = service.price!;

    // A gift voucher sold to the client at the till first: its code pays part of the appointment.
    const sold = await owner.post<{ data: { sale_id: number } }>('/api/v1/payments', {
      client_id: client.data.id,
      appointment_ids: [],
      items: [{ kind: 'gift_voucher', id: voucher.id, quantity: 1 }],
      payments: [{ method: 'cash', amount: voucher.amount }],
    });
    const sale = await owner.get<{ data: { items: { codes?: string[] }[] } }>(`/api/v1/sales/${sold.data.sale_id}`);
    const code = sale.data.items[0].codes![0];
    const byVoucher = voucher.amount!;
    const major = (minor: number) => (minor / 100).toFixed(2);

    // The calendar: the appointment, its chip owing, its dialog's Checkout.
    await page.goto('/appointments/calendar/events');
    // Today's day view (wide screens open on the week): the checkout comes back to that date and view.
    const viewButton = page.getByRole('tab', { name: 'Day view' });
    await viewButton.click();
    await expect(viewButton).toHaveAttribute('aria-selected', 'true');
    const bar = page.getByRole('button', { name: new RegExp(`Cora ${last}`) }).first();
    await expect(bar).toBeVisible();
    await expect(bar.locator('[data-payment]')).toHaveAttribute('data-payment', 'unpaid');
    await bar.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/financials/income/checkout\\?client_id=${client.data.id}&appointment_id=${booked!.data.id}`),
    );

    // The checkout opens with the client and the appointment chosen, the whole amount offered in cash.
    await expect(page.getByTestId('checkout-client')).toHaveValue(`Cora ${last}`);
    await expect(page.getByTestId(`owed-${booked!.data.id}`)).toBeChecked();
    await expect(page.getByTestId('pay-amount-0')).toHaveValue(major(owed));
    await expectAccessible(page, `checkout at ${width}`);

    // First line: the gift voucher's code, looked up (amount left shown), part of the amount.
    await page.getByRole('combobox', { name: 'Method' }).first().click();
    await page.getByRole('option', { name: 'Gift voucher' }).click();
    await page.getByTestId('pay-code-0').fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByText('There is no gift voucher with the code NOSUCHCODE.')).toBeVisible();
    await page.getByTestId('pay-code-0').fill(code);
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByText(`${voucher.title}: £${major(voucher.amount!)} left`)).toBeVisible();
    // The voucher pays at most its balance: its line is capped there, and the rest is offered as a second payment.
    await expect(page.getByTestId('pay-amount-0')).toHaveValue(major(byVoucher));
    await expect(page.getByTestId('pay-amount-1')).toHaveValue(major(owed - byVoucher));
    await expect(page.locator('[data-sum="willBeLeft"]')).toHaveText('£0.00');
    await page.getByRole('button', { name: `Take £${major(owed)}` }).click();

    // Back on the calendar, on the date and view the owner left, the chip says paid.
    await expect(page).toHaveURL(/\/appointments\/calendar\/events\?date=\d{4}-\d{2}-\d{2}&view=\w+$/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ date: today(), view: 'timeGridDay' });
    await expect(viewButton).toHaveAttribute('aria-selected', 'true');
    await expect(
      page
        .getByRole('button', { name: new RegExp(`Cora ${last}`) })
        .first()
        .locator('[data-payment]'),
    ).toHaveAttribute('data-payment', 'paid');

    // Income: both payments, found by the client's name.
    await page.goto(`/financials/income/list?search=${last}`);
    const rows = page.locator('[data-testid^="row-"]');
    await expect(rows.filter({ hasText: 'Gift voucher' })).toContainText(`£${major(byVoucher)}`);
    await expect(rows.filter({ hasText: 'Appointment' }).filter({ hasText: 'Cash' })).toContainText(
      `£${major(owed - byVoucher)}`,
    );
    await expectAccessible(page, `income at ${width}`);

    // Its export: a CSV of the list as filtered (this client's payments), headed by its columns.
    await page.getByRole('button', { name: 'Export' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const csv = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Date,Client,Type,Method,Amount (GBP),Note');
    // The payments (the voucher's sale and the appointment's two), then the totals after an empty line.
    const paid = lines.slice(1, lines.indexOf(''));
    expect(paid).toHaveLength(3);
    for (const line of paid) expect(line).toContain(`${today()},Cora ${last},`);
    expect(paid.filter((line) => line.includes(',Appointment,'))).toHaveLength(2);
    await expect(page.getByRole('button', { name: 'Export' })).toBeEnabled();

    // The client's page lists them too.
    await page.goto(`/clients/${client.data.id}`);
    const payments = page.getByRole('region', { name: 'Payments' });
    // A table's rows on a laptop, cards on a phone.
    const entries = payments.locator('tr, li');
    await expect(entries.filter({ hasText: 'Gift voucher' })).toContainText(`£${major(byVoucher)}`);
    await expect(entries.filter({ hasText: 'Appointment' }).filter({ hasText: 'Cash' })).toContainText(
      `£${major(owed - byVoucher)}`,
    );
    await expect(page.getByRole('region', { name: 'Sales' })).toContainText(`1 × ${voucher.title}`);
  });
}

/** The money screens fit a phone and a laptop in both languages: nothing pushes the page sideways. */
for (const locale of ['en', 'uk'] as const) {
  test(`in ${locale}, income, left to pay, the checkout and sales fit 390 and 1366 px`, async ({
    page,
    context,
    cspViolations,
  }) => {
    void cspViolations;
    await login(page);
    await context.addCookies([{ name: 'locale', value: locale, url: page.url() }]);
    const sales = (await (await page.request.get('/api/v1/sales')).json()).data as Array<{ id: number }>;
    const paths = [
      '/financials/income/list',
      '/financials/left-to-pay/list',
      '/financials/income/checkout',
      '/sales-and-products/sales/list',
      ...(sales.length ? [`/sales-and-products/sales/${sales[0].id}`] : []),
    ];
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 844 });
      for (const path of paths) {
        await page.goto(path);
        await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
        expect([path, scroll]).toEqual([path, width]);
      }
    }
    await page.goto('/financials/income/list');
    await expectAccessible(page, `income in ${locale}`);
    await page.goto('/financials/left-to-pay/list');
    await expectAccessible(page, `left to pay in ${locale}`);
    await page.goto('/sales-and-products/sales/list');
    await expectAccessible(page, `sales in ${locale}`);
  });
}

/** A class seat left to pay is settled from its left-to-pay row on a phone, as an appointment is. */
test('at 390 px the owner checks out a class seat from left to pay', async ({ page, cspViolations }) => {
  void cspViolations;
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  const owner = api(page);
  type Row = { id: number; kind: string; amount: number; service: string; clients: { first_name: string }[] };
  // The demo leaves a few seats unpaid: find one, and the page of the list it is on.
  let found: { row: Row; page: number } | null = null;
  for (let n = 1; n <= 20 && !found; n++) {
    const body = await owner.get<{ data: Row[]; meta: { last_page: number } }>(
      `/api/v1/payments/left-to-pay/appointment?page=${n}`,
    );
    const row = body.data.find((r) => r.kind === 'class');
    if (row) found = { row, page: n };
    if (n >= body.meta.last_page) break;
  }
  expect(found, 'a class seat left to pay in the demo').not.toBeNull();
  const { row, page: at } = found!;
  const major = (minor: number) => (minor / 100).toFixed(2);

  await page.goto(`/financials/left-to-pay/list?page=${at}`);
  const card = page.getByTestId(`row-${row.id}`).filter({ hasText: row.service });
  await expect(card).toContainText(row.service);
  await card.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(new RegExp(`class_seat_id=${row.id}`));
  await expect(page.getByTestId(`owed-seat-${row.id}`)).toBeChecked();
  await expect(page.getByTestId('pay-amount-0')).toHaveValue(major(row.amount));
  await page.getByRole('button', { name: `Take £${major(row.amount)}` }).click();

  // Back on left to pay, the seat is no longer owed.
  await expect(page).toHaveURL(/\/financials\/left-to-pay\/list/);
  await expect(page.getByTestId(`row-${row.id}`).filter({ hasText: row.service })).toHaveCount(0);
  const after = await owner.get<{ data: Row[] }>(`/api/v1/payments/left-to-pay/appointment?page=${at}`);
  expect(after.data.find((r) => r.kind === 'class' && r.id === row.id)).toBeUndefined();
});
