import { bandsOf, GB_TAX, taxOn, taxSettingsOf, UA_TAX } from '../../../src/domain/tax';

describe('tax on a year’s profit', () => {
  it('takes the UK’s allowance, then 20 %, 40 % and 45 % by band', () => {
    expect(taxOn(1_257_000, GB_TAX).tax).toBe(0);
    // £50,270: £37,700 at 20 %.
    expect(taxOn(5_027_000, GB_TAX).tax).toBe(754_000);
    // £60,000: and £9,730 at 40 %.
    expect(taxOn(6_000_000, GB_TAX).tax).toBe(754_000 + 389_200);
    // £200,000: £74,870 at 40 %, £74,860 at 45 %.
    expect(taxOn(20_000_000, GB_TAX).tax).toBe(754_000 + 2_994_800 + 3_368_700);
  });

  it('pays nothing on a loss, rounds each band half up, and a single rate is one band', () => {
    expect(taxOn(-5000, GB_TAX)).toMatchObject({ tax: 0 });
    expect(bandsOf(UA_TAX)).toEqual([{ from: 0, to: null, rate: 5 }]);
    expect(taxOn(1010, UA_TAX).tax).toBe(51);
    expect(taxOn(1009, UA_TAX).tax).toBe(50);
  });

  it('defaults by region and keeps what the owner set', () => {
    expect(taxSettingsOf(undefined, 'UA').tax_year_start).toBe('01-01');
    expect(taxSettingsOf({ taxSettings: { first_rate: 19 } }, 'GB')).toMatchObject({
      first_rate: 19,
      allowance: 1_257_000,
    });
  });
});
