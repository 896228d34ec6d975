import { billingCurrency, isUpgrade, planById, planByName, PLANS } from '../../../src/domain/plans';
import { planLevel } from '../../../permissions/defineAbilityFor';

describe('plans', () => {
  it('has each level monthly and annual, the level being the first word of the name the rules read', () => {
    expect(PLANS.map((p) => p.id)).toEqual([
      'lite-monthly',
      'lite-annual',
      'business-monthly',
      'business-annual',
      'premium-monthly',
      'premium-annual',
    ]);
    for (const p of PLANS) expect(planLevel(p.name)).toBe(p.level);
    expect(planByName('Business Monthly')).toBe(planById('business-monthly'));
  });

  it('prices a year at ten months (two months free), in both currencies', () => {
    for (const p of PLANS.filter((x) => x.interval === 'annual')) {
      const monthly = planById(p.id.replace('annual', 'monthly'))!;
      expect(p.prices.gbp).toBe(monthly.prices.gbp * 10);
      expect(p.prices.uah).toBe(monthly.prices.uah * 10);
    }
    expect(planById('business-monthly')!.smsCredits).toBe(100);
    expect(planById('premium-annual')!.smsCredits).toBe(200);
  });

  it('tells upgrades (at once) from downgrades (at the end of the period)', () => {
    const p = (id: string) => planById(id)!;
    expect(isUpgrade(p('lite-monthly'), p('business-monthly'))).toBe(true);
    expect(isUpgrade(p('business-monthly'), p('business-annual'))).toBe(true);
    expect(isUpgrade(p('premium-monthly'), p('business-annual'))).toBe(false);
    expect(isUpgrade(p('business-annual'), p('business-monthly'))).toBe(false);
    expect(isUpgrade(p('business-monthly'), p('business-monthly'))).toBe(false);
  });

  it('bills the UA deployment in hryvnia and every other region in pounds', () => {
    expect([billingCurrency('UA'), billingCurrency('GB'), billingCurrency('OTHER')]).toEqual(['uah', 'gbp', 'gbp']);
  });
});
