import { expect, expectAccessible, login, test } from './fixtures';
import { api } from './owner-api';

/**
 * A class's sessions on its page: a weekly pattern with an end date, a client seated by hand, marked as attended,
 * paid at the till (which comes back to the class), and this and later sessions moved together. In English at 1366 px
 * and in Ukrainian at 390 px.
 */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA');
/** A day as typed in the app's language: 03/12/2026 in English, 03.12.2026 in Ukrainian. */
const typed = (iso: string, lang: 'en' | 'uk') =>
  iso
    .split('-')
    .reverse()
    .join(lang === 'en' ? '/' : '.');

const WORDS = {
  en: {
    manage: 'Sessions and attendees',
    add: 'Add session',
    repeat: 'Repeat every week',
    until: 'Until',
    date: 'Date',
    time: 'Start time',
    save: 'Save',
    attendee: 'Add attendee',
    addButton: 'Add',
    added: 'Attendee added.',
    attendance: 'Attendance: Cleo',
    attended: 'Attended',
    pay: 'Take payment',
    takeAt: /^Take £15\.00$/,
    paid: 'Paid',
    edit: 'Edit',
    later: 'This and later sessions',
    weekly: /Weekly until/,
    spaces: '1 of 6 spaces taken',
  },
  uk: {
    manage: 'Заняття та учасники',
    add: 'Додати заняття',
    repeat: 'Повторювати щотижня',
    until: 'До',
    date: 'Дата',
    time: 'Початок',
    save: 'Зберегти',
    attendee: 'Додати учасника',
    addButton: 'Додати',
    added: 'Учасника додано.',
    attendance: 'Відвідування: Cleo',
    attended: 'Прийшов',
    pay: 'Прийняти оплату',
    takeAt: /^Прийняти 15,00/,
    paid: 'Оплачено',
    edit: 'Редагувати',
    later: 'Це й наступні заняття',
    weekly: /Щотижня до/,
    spaces: 'Зайнято 1 з 6 місць',
  },
} as const;

for (const [width, lang] of [
  [1366, 'en'],
  [390, 'uk'],
] as const) {
  test(`at ${width} px in ${lang} the owner runs a weekly class: sessions, an attendee, attendance, payment`, async ({
    page,
    cspViolations,
  }) => {
    void cspViolations;
    const w = WORDS[lang];
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await login(page);
    const owner = api(page);
    const stamp = `${width}${Date.now().toString(36)}`;
    await owner.post('/api/v1/clients', {
      first_name: 'Cleo',
      last_name: stamp,
    });
    const cls = await owner.post<{ data: { id: number } }>('/api/v1/classes', {
      title: `Pilates ${stamp}`,
      price: 1500,
      duration: 60,
      spaces: 6,
    });
    if (lang === 'uk') await page.getByLabel('Language').selectOption({ label: 'Українська' });
    await page.goto(`/appointments/classes/${cls.data.id}`);
    // The class's page leads to its sessions and attendees.
    await page.getByRole('button', { name: w.manage }).click();
    await expect(page).toHaveURL(new RegExp(`/appointments/classes/${cls.data.id}/sessions$`));

    // A weekly pattern: three weeks from a day ahead.
    const first = dayAhead(3);
    await page.getByRole('button', { name: w.add }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: w.date, exact: true }).fill(typed(first, lang));
    await dialog.getByRole('textbox', { name: w.time, exact: true }).fill('09:15');
    await dialog.getByLabel(w.repeat).check();
    await dialog.getByRole('textbox', { name: w.until, exact: true }).fill(typed(dayAhead(3 + 14), lang));
    await dialog.getByRole('button', { name: w.save }).click();
    await expect(dialog).toBeHidden();
    const sessions = page.getByTestId('class-session').locator('h3');
    await expect(sessions).toHaveCount(3);
    await expect(page.getByText(w.weekly).first()).toBeVisible();

    // Cleo seated by hand on the first session.
    const card = (n: number) => page.getByTestId('class-session').nth(n);
    const firstSession = card(0);
    await firstSession.getByRole('button', { name: w.attendee }).click();
    await firstSession.getByRole('combobox', { name: w.attendee }).fill(stamp);
    await page.getByRole('option', { name: new RegExp(`Cleo ${stamp}`) }).click();
    await firstSession.getByRole('button', { name: w.addButton, exact: true }).click();
    await expect(page.getByText(w.added)).toBeVisible();
    await expect(firstSession.getByTestId('attendee')).toHaveCount(1);
    await expect(firstSession.getByText(w.spaces)).toBeVisible();

    // Marked as attended.
    await firstSession.getByRole('combobox', { name: w.attendance }).click();
    await page.getByRole('option', { name: w.attended, exact: true }).click();
    await expect(firstSession.getByRole('combobox', { name: w.attendance })).toHaveText(w.attended);
    await expectAccessible(page, `class sessions at ${width}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // Paid at the till, which comes back to the class.
    await firstSession.getByRole('button', { name: new RegExp(`^${w.pay}`) }).click();
    await expect(page).toHaveURL(/\/checkout\?/);
    await page.getByRole('button', { name: w.takeAt }).click();
    await expect(page).toHaveURL(new RegExp(`/appointments/classes/${cls.data.id}/sessions$`));
    const paidSession = card(0);
    await expect(paidSession.getByText(w.paid, { exact: true })).toBeVisible();

    // The second and third sessions move to 18:30 together; the first stays.
    const second = card(1);
    await second.getByRole('button', { name: w.edit }).click();
    await dialog.getByRole('textbox', { name: w.time, exact: true }).fill('18:30');
    await dialog.getByLabel(w.later).check();
    await dialog.getByRole('button', { name: w.save }).click();
    await expect(dialog).toBeHidden();
    await expect(sessions.filter({ hasText: '18:30' })).toHaveCount(2);
    await expect(sessions.filter({ hasText: '09:15' })).toHaveCount(1);
  });
}
