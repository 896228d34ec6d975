import { catchUpDemoClock, seedDemoBilling } from '../../../dev/demo/billing';
import { DEMO_USERS } from '../../../src/server/seed/accounts';
import { createUser } from '../../helpers/app';
import { billingStudio } from '../../helpers/billing-studio';

/**
 * The demo owner's subscription with the local provider (development): half a year of Premium paid on a test clock
 * moved to now; later, the clock catches up with real time, so a demo left running renews as the months pass.
 */
const studio = billingStudio();
const DAY = 86_400_000;

it('seeds half a year of paid Premium, then renews as real time passes', async () => {
  const owner = await createUser(studio.t.app, { email: DEMO_USERS[0].email });
  await seedDemoBilling(studio.t.app, studio.provider);
  await studio.provider.delivered();
  const row = async () =>
    studio.t.app.db
      .selectFrom('users')
      .select(['billing_customer_id', 'plan_name', 'subscription_status', 'current_period_end'])
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
  const seeded = await row();
  expect(seeded).toMatchObject({ plan_name: 'Premium Monthly', subscription_status: 'active' });
  const paid = await studio.t.app.billing!.invoices(seeded.billing_customer_id!);
  expect(paid.length).toBeGreaterThanOrEqual(6);
  expect(Date.parse(seeded.current_period_end!)).toBeGreaterThan(Date.now());

  // Seeding again (the next start) changes nothing while the clock is current.
  await seedDemoBilling(studio.t.app, studio.provider);
  expect(await studio.t.app.billing!.invoices(seeded.billing_customer_id!)).toHaveLength(paid.length);

  // Five weeks on: the clock catches up, the plan renews.
  const later = Date.now() + 35 * DAY;
  const now = jest.spyOn(Date, 'now').mockReturnValue(later);
  try {
    await catchUpDemoClock(studio.t.app, studio.provider);
  } finally {
    now.mockRestore();
  }
  await studio.provider.delivered();
  const renewed = await studio.t.app.billing!.invoices(seeded.billing_customer_id!);
  // Every renewal date passed meanwhile is billed (one or two, as the month falls), none to come.
  expect(renewed.length).toBeGreaterThan(paid.length);
  expect(renewed.length).toBeLessThanOrEqual(paid.length + 2);
  expect(Date.parse(renewed[0].date)).toBeLessThanOrEqual(later);
  expect(Date.parse(renewed[0].date)).toBeGreaterThanOrEqual(Date.parse(seeded.current_period_end!) - 1000);
  expect(Date.parse((await row()).current_period_end!)).toBeGreaterThan(later);
});
