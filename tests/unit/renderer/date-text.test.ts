import { dateOrder, dateText, maskDate, monthGrid, parseDateText } from '../../../packages/renderer/core/date-text';

describe('dates typed in the locale’s order', () => {
  it('reads the order and separator of British English and Ukrainian', () => {
    expect(dateOrder('en-GB')).toEqual({ parts: ['day', 'month', 'year'], separator: '/' });
    expect(dateOrder('uk')).toEqual({ parts: ['day', 'month', 'year'], separator: '.' });
  });

  it('shows an ISO date as the locale writes it', () => {
    expect(dateText('2027-04-06', 'en-GB')).toBe('06/04/2027');
    expect(dateText('2027-04-06', 'uk')).toBe('06.04.2027');
    expect(dateText(null, 'en-GB')).toBe('');
  });

  it('puts the separators in as the digits arrive, and takes a pasted ISO date', () => {
    expect(maskDate('06', 'en-GB')).toBe('06');
    expect(maskDate('064', 'en-GB')).toBe('06/4');
    expect(maskDate('06042027', 'en-GB')).toBe('06/04/2027');
    expect(maskDate('060420271', 'en-GB')).toBe('06/04/2027');
    expect(maskDate('6/4/2027', 'en-GB')).toBe('6/4/2027');
    expect(maskDate('06.04.2027', 'uk')).toBe('06.04.2027');
    expect(maskDate('2027-04-06', 'uk')).toBe('06.04.2027');
  });

  it('names the day typed once it is a real one', () => {
    expect(parseDateText('06/04/2027', 'en-GB')).toBe('2027-04-06');
    expect(parseDateText('6/4/2027', 'en-GB')).toBe('2027-04-06');
    expect(parseDateText('27.05.2027', 'uk')).toBe('2027-05-27');
    expect(parseDateText('06/04/20', 'en-GB')).toBeNull();
    expect(parseDateText('31/04/2027', 'en-GB')).toBeNull();
    expect(parseDateText('29/02/2028', 'en-GB')).toBe('2028-02-29');
  });

  it('lays a month out in weeks from Monday', () => {
    const weeks = monthGrid(2027, 4);
    expect(weeks[0]).toEqual([null, null, null, '2027-04-01', '2027-04-02', '2027-04-03', '2027-04-04']);
    expect(weeks.at(-1)).toEqual(['2027-04-26', '2027-04-27', '2027-04-28', '2027-04-29', '2027-04-30', null, null]);
  });
});
