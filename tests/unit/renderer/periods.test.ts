import { periodChoices, periodOf, taxYearOf, todayIn } from '../../../packages/renderer/core/periods';

const byId = (today: string, start?: string) =>
  Object.fromEntries(periodChoices(today, start).map((c) => [c.id, `${c.from}..${c.to}`]));

describe("a list's period choices", () => {
  it('offers whole months, the quarter and the year, without tax periods while the tax year is not known', () => {
    expect(byId('2026-11-28')).toEqual({
      thisMonth: '2026-11-01..2026-11-30',
      lastMonth: '2026-10-01..2026-10-31',
      thisQuarter: '2026-10-01..2026-12-31',
      thisYear: '2026-01-01..2026-12-31',
    });
    expect(byId('2028-03-05').lastMonth).toBe('2028-02-01..2028-02-29');
    expect(byId('2027-01-10').lastMonth).toBe('2026-12-01..2026-12-31');
  });

  it("offers the owner's tax year, last tax year and tax quarter from their tax year start (UK: 6 April)", () => {
    expect(byId('2026-11-28', '04-06')).toMatchObject({
      taxYear: '2026-04-06..2027-04-05',
      lastTaxYear: '2025-04-06..2026-04-05',
      taxQuarter: '2026-10-06..2027-01-05',
    });
    // Before the year's start day, the tax year is the one that began the year before.
    expect(byId('2027-02-01', '04-06')).toMatchObject({
      taxYear: '2026-04-06..2027-04-05',
      taxQuarter: '2027-01-06..2027-04-05',
    });
    expect(byId('2026-04-06', '04-06').taxQuarter).toBe('2026-04-06..2026-07-05');
    expect(byId('2026-04-05', '04-06').taxYear).toBe('2025-04-06..2026-04-05');
  });

  it('a calendar tax year (1 January) is the calendar year, its quarters the calendar quarters', () => {
    expect(byId('2026-08-15', '01-01')).toMatchObject({
      taxYear: '2026-01-01..2026-12-31',
      taxQuarter: '2026-07-01..2026-09-30',
      lastTaxYear: '2025-01-01..2025-12-31',
    });
  });

  it('a start that is no date of the year offers no tax periods', () => {
    expect(taxYearOf('2026-11-28', '13-01')).toBeNull();
    expect(taxYearOf('2026-11-28', 'April')).toBeNull();
    expect(Object.keys(byId('2026-11-28', '00-10'))).not.toContain('taxYear');
  });
});

describe('the period a list shows', () => {
  const params = (q: string) => new URLSearchParams(q);

  it('is the address’s from and to when both are dates, else the declared default', () => {
    expect(periodOf({}, params('from=2026-01-01&to=2026-01-31'), '2026-11-28')).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(periodOf({}, params('from=yesterday&to=2026-01-31'), '2026-11-28')).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(periodOf({ default: 'taxYear' }, params(''), '2026-11-28', '04-06')).toEqual({
      from: '2026-04-06',
      to: '2027-04-05',
    });
  });

  it('is none for a list whose default is all time, and for a tax period not known yet', () => {
    expect(periodOf({ default: 'all' }, params(''), '2026-11-28')).toEqual({});
    expect(periodOf({ default: 'taxYear' }, params(''), '2026-11-28')).toEqual({});
  });

  it("begins the month at the owner's midnight, not the browser's", () => {
    // 31 December 23:30 in London is already 1 January in Kyiv.
    const now = Date.parse('2026-12-31T23:30:00Z');
    expect(todayIn('Europe/London', now)).toBe('2026-12-31');
    expect(todayIn('Europe/Kyiv', now)).toBe('2027-01-01');
  });
});
