import { expect, expectAccessible, login, test } from './fixtures';
import { api } from './owner-api';

/**
 * The till offers the owner's saved discounts (spec §4 period types): a one-time discount takes its percent off a
 * client's first checkout and is refused, in words under the field, on their second. In English at 1366 px and in
 * Ukrainian at 390 px.
 */
type Lite = { id: number; title: string; price?: number };
/** A day of its own for each run of the test: the demo's and other tests' appointments are elsewhere. */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA');
const TIMES = Array.from(
  { length: 28 },
  (_, i) => `${String(7 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);

for (const [width, lang] of [
  [1366, 'en'],
  [390, 'uk'],
] as const) {
  test(`at ${width} px in ${lang} a one-time saved discount is taken once per client`, async ({
    page,
    cspViolations,
  }) => {
    void cspViolations;
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await login(page);
    const owner = api(page);
    const stamp = `${width}${Date.now().toString(36)}`;
    const client = await owner.post<{ data: { id: number } }>('/api/v1/clients', {
      first_name: 'Dina',
      last_name: stamp,
    });
    const services = await owner.get<Lite[] | { data: Lite[] }>('/api/v1/services?is_lite=1&per_page=100');
    const service = (Array.isArray(services) ? services : services.data).find((s) => (s.price ?? 0) >= 1000)!;
    const book = async () => {
      for (const start_time of TIMES) {
        const made = await owner.tryPost<{ data: { id: number } }>('/api/v1/appointments', {
          type: 'service',
          service_id: service.id,
          client_ids: [client.data.id],
          date: dayAhead(width > 500 ? 40 : 41),
          start_time,
          duration: 30,
        });
        if (made) return made.data.id;
      }
      throw new Error('no free time today');
    };
    const title = `Welcome ${stamp}`;
    await owner.post('/api/v1/discounts', { title, kind: 'percentage', value: 20, period_type: 'one_time' });
    if (lang === 'uk') await page.getByLabel('Language').selectOption({ label: 'Українська' });
    const words =
      lang === 'en'
        ? { discount: 'Discount', oneTime: 'one time', used: 'This client has already had this one-time discount.' }
        : { discount: 'Знижка', oneTime: 'одноразова', used: 'Цей клієнт уже скористався цією одноразовою знижкою.' };

    const pay = async (appointment: number) => {
      await page.goto(`/financials/income/checkout?client_id=${client.data.id}&appointment_id=${appointment}`);
      await expect(page.getByTestId(`owed-${appointment}`)).toBeChecked();
      await page.getByRole('combobox', { name: words.discount, exact: true }).click();
      await page.getByRole('option', { name: new RegExp(`^${title} · 20\\s?% · ${words.oneTime}$`) }).click();
      const discounted = ((service.price! * 0.8) / 100).toFixed(2).replace('.', lang === 'en' ? '.' : ',');
      await expect(page.locator('[data-sum="total"]')).toContainText(discounted);
      await page.getByRole('button', { name: new RegExp(lang === 'en' ? '^Take' : '^Прийняти') }).click();
    };
    await pay(await book());
    await expect(page).not.toHaveURL(/\/checkout/);
    await pay(await book());
    await expect(page.getByRole('region', { name: words.discount }).getByText(words.used)).toBeVisible();
    await expectAccessible(page, `refused discount at ${width}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
