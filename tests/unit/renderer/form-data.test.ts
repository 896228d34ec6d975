import {
  fromDefaults,
  withoutErrorsOf,
  withoutHidden,
  withoutPasswords,
} from '../../../packages/renderer/core/form-data';

describe('form data helpers', () => {
  it('drops hidden fields, and keeps the data as it is when none are hidden', () => {
    const data = { name: 'Ann', plan: 'lite' };
    expect(withoutHidden(data, ['plan'])).toEqual({ name: 'Ann' });
    expect(withoutHidden(data, [])).toBe(data);
  });

  it.each([
    [{ email: ['taken'], name: ['short'] }, ['email'], { name: ['short'] }],
    [{ email: ['taken'] }, ['email'], undefined],
    [{ email: ['taken'] }, ['phone'], { email: ['taken'] }],
    [undefined, ['email'], undefined],
  ])('server errors %j without those of %j', (errors, fields, expected) => {
    expect(withoutErrorsOf(errors, fields)).toEqual(expected);
  });

  it('keeps what was typed after a refusal, except password inputs', () => {
    const ui = { password: { 'ui:widget': 'password' }, password_confirmation: { 'ui:widget': 'password' } };
    expect(withoutPasswords({ email: 'a@b.test', password: 'x', password_confirmation: 'x' }, ui)).toEqual({
      email: 'a@b.test',
    });
  });

  it('reads defaults from route parameters and the query string', () => {
    const query = new URLSearchParams('email=ann%40example.test');
    expect(fromDefaults({ token: ':token', email: '?email', other: 'plain' }, { token: 'abc' }, query)).toEqual({
      token: 'abc',
      email: 'ann@example.test',
    });
    expect(fromDefaults(undefined, {}, query)).toBeUndefined();
    expect(fromDefaults({ token: ':token' }, {}, query)).toEqual({});
  });

  it('fills `$today` with the day in the business’s zone, and only where the record being changed has none', () => {
    const query = new URLSearchParams();
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago'])
      expect(fromDefaults({ date: '$today' }, {}, query, { timeZone })).toEqual({
        date: new Date().toLocaleDateString('en-CA', { timeZone }),
      });
    expect(fromDefaults({ date: '$today' }, {}, query, { record: { date: '2025-01-31' } })).toEqual({});
    expect(
      fromDefaults({ date: '?date' }, {}, new URLSearchParams('date=2027-03-04'), { record: { date: '2025-01-31' } }),
    ).toEqual({ date: '2027-03-04' });
  });
});
