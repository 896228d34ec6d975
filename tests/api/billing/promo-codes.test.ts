import { loggedIn } from '../../helpers/app';
import { billingStudio, saveCard, trialOwner } from '../../helpers/billing-studio';

/** Promo codes (spec §2 admin promo codes, §3): made by an admin, applied at subscribe, shown while they last. */
const studio = billingStudio();
const admin = () => loggedIn(studio.t.app, { is_admin: 1 });
/** An owner whose trial is over, with a card: subscribing charges at once. */
async function payingOwner(card = '4242 4242 4242 4242') {
  const owner = await trialOwner(studio, 0);
  expect(await saveCard(studio, owner.agent, card)).toBe(303);
  return owner;
}

describe('promo codes', () => {
  it('admins create, list and delete them; bad input is refused in words; owners cannot', async () => {
    const { agent } = await admin();
    const made = await agent.post('/api/v1/admin/promo-codes', {
      code: 'WELCOME10',
      kind: 'percentage',
      value: 10,
      duration_months: 3,
    });
    expect(made.statusCode).toBe(201);
    const tooMuch = await agent.post('/api/v1/admin/promo-codes', {
      kind: 'percentage',
      value: 150,
      duration_months: 1,
    });
    expect([tooMuch.statusCode, tooMuch.json().errors.value]).toEqual([
      422,
      ['A percentage may not be greater than 100.'],
    ]);
    const noCurrency = await agent.post('/api/v1/admin/promo-codes', { kind: 'fixed', value: 500, duration_months: 1 });
    expect(noCurrency.statusCode).toBe(422);
    expect(Object.keys(noCurrency.json().errors)).toEqual(['currency']);
    const again = await agent.post('/api/v1/admin/promo-codes', {
      code: 'WELCOME10',
      kind: 'percentage',
      value: 5,
      duration_months: 1,
    });
    expect(again.statusCode).toBe(422);
    // Left empty, the code is made up.
    const generated = await agent.post('/api/v1/admin/promo-codes', {
      kind: 'percentage',
      value: 5,
      duration_months: 1,
    });
    expect(generated.json().data.code).toMatch(/^[A-Za-z0-9]{8}$/);
    const list = (await agent.get('/api/v1/admin/promo-codes')).json().data;
    expect(list.map((p: { code: string }) => p.code)).toContain('WELCOME10');
    expect((await agent.delete(`/api/v1/admin/promo-codes/${made.json().data.id}`)).statusCode).toBeLessThan(300);
    const owner = await payingOwner();
    const res = await owner.agent.post('/api/v1/subscription/subscribe', {
      plan_id: 'lite-monthly',
      promo_code: 'welcome10',
    });
    expect([res.statusCode, res.json().message]).toEqual([422, 'This promo code does not exist.']);
    expect(
      (await owner.agent.post('/api/v1/admin/promo-codes', { kind: 'percentage', value: 5, duration_months: 1 }))
        .statusCode,
    ).toBe(403);
  });

  it('discounts the plan for its months, is shown while it lasts, and is used at most max_uses times', async () => {
    const { agent } = await admin();
    await agent.post('/api/v1/admin/promo-codes', {
      code: 'SPRING25',
      kind: 'percentage',
      value: 25,
      duration_months: 2,
      max_uses: 2,
    });
    const first = await payingOwner();
    const sub = await first.agent.post('/api/v1/subscription/subscribe', {
      plan_id: 'business-monthly',
      promo_code: 'spring25',
    });
    expect(sub.statusCode).toBe(200);
    const history = async () => (await first.agent.get('/api/v1/subscription/history')).json().data;
    expect((await history())[0]).toMatchObject({ total: 1800, status: 'paid' });
    const plans = (await first.agent.get('/api/v1/subscription/plans')).json();
    expect(plans.promo).toMatchObject({ code: 'SPRING25', kind: 'percentage', value: 25 });

    await first.advance(31);
    expect((await history())[0]).toMatchObject({ total: 1800 });
    await first.advance(31);
    expect((await history())[0]).toMatchObject({ total: 2400 });

    // A declined card gives the use back.
    const declined = await payingOwner('4000 0000 0000 0341');
    const refused = await declined.agent.post('/api/v1/subscription/subscribe', {
      plan_id: 'business-monthly',
      promo_code: 'SPRING25',
    });
    expect([refused.statusCode, refused.json().message]).toEqual([422, 'Incorrect card details']);

    const second = await payingOwner();
    expect(
      (await second.agent.post('/api/v1/subscription/subscribe', { plan_id: 'lite-monthly', promo_code: 'SPRING25' }))
        .statusCode,
    ).toBe(200);
    const third = await payingOwner();
    const usedUp = await third.agent.post('/api/v1/subscription/subscribe', {
      plan_id: 'lite-monthly',
      promo_code: 'SPRING25',
    });
    expect([usedUp.statusCode, usedUp.json().message]).toEqual([
      422,
      'This promo code has been used as many times as it can be.',
    ]);
    expect((await third.agent.get('/api/v1/user')).json().data.subscription.subscribed).toBe(false);
  });

  it('refuses an expired code and a fixed amount in another currency', async () => {
    const { agent } = await admin();
    await agent.post('/api/v1/admin/promo-codes', {
      code: 'OLDCODE',
      kind: 'percentage',
      value: 10,
      duration_months: 1,
      expires_on: '2020-01-01',
    });
    await agent.post('/api/v1/admin/promo-codes', {
      code: 'UAH100',
      kind: 'fixed',
      value: 10000,
      currency: 'uah',
      duration_months: 1,
    });
    const owner = await payingOwner();
    const expired = await owner.agent.post('/api/v1/subscription/subscribe', {
      plan_id: 'lite-monthly',
      promo_code: 'OLDCODE',
    });
    expect(expired.json().message).toBe('This promo code has expired.');
    const currency = await owner.agent.post('/api/v1/subscription/subscribe', {
      plan_id: 'lite-monthly',
      promo_code: 'UAH100',
    });
    expect(currency.json().message).toBe('This promo code is for another currency.');
  });
});
