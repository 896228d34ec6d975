import {
  currencySymbol,
  formatMoney,
  minorDigits,
  moneyInputText,
  numberFormat,
  parseMoney,
  toMajor,
  toMinor,
} from '../../../packages/renderer/core/money';

const NBSP = '\u00a0';

describe('minorDigits', () => {
  it.each([
    ['GBP', 2],
    ['UAH', 2],
    ['JPY', 0],
    ['gbp', 2],
  ])('%s has %i minor-unit digits', (currency, digits) => {
    expect(minorDigits(currency)).toBe(digits);
  });
});

describe('formatMoney', () => {
  it.each([
    [1250, 'en', 'GBP', '£12.50'],
    [-1250, 'en', 'GBP', '-£12.50'],
    [5, 'en', 'gbp', '£0.05'],
    [0, 'en', 'GBP', '£0.00'],
    [125050, 'uk', 'UAH', `1${NBSP}250,50${NBSP}₴`],
    [-1250, 'uk', 'UAH', `-12,50${NBSP}₴`],
    [125050, 'en', 'UAH', '₴1,250.50'],
    [1250, 'uk', 'GBP', `12,50${NBSP}£`],
    [236900, 'uk', 'GBP', `2${NBSP}369,00${NBSP}£`],
    [500, 'en', 'JPY', '¥500'],
    [1234, 'uk', 'JPY', `1${NBSP}234${NBSP}¥`],
    [-500, 'en', 'JPY', '-¥500'],
  ])('%i minor units in %s %s → %s', (minor, locale, currency, shown) => {
    expect(formatMoney(minor, locale, currency)).toBe(shown);
  });

  it('shows the amount alone with two decimals when there is no currency, and a dash for no number', () => {
    expect(formatMoney(1250, 'en')).toBe('12.50');
    expect(formatMoney(1250, 'uk')).toBe('12,50');
    expect(formatMoney(Number.NaN, 'en', 'GBP')).toBe('—');
  });
});

describe('toMinor and toMajor', () => {
  it.each([
    [12.5, 'GBP', 1250],
    [12.345, 'GBP', 1235],
    [-12.345, 'GBP', -1235],
    [1.005, 'GBP', 101],
    [0.1 + 0.2, 'GBP', 30],
    [-0.001, 'GBP', 0],
    [499.5, 'JPY', 500],
    [-499.5, 'JPY', -500],
    [1250.5, 'UAH', 125050],
  ])('%d %s → %i minor units (half away from zero)', (major, currency, minor) => {
    expect(toMinor(major, currency)).toBe(minor);
  });

  it.each([
    [1250, 'GBP', 12.5],
    [-1250, 'UAH', -12.5],
    [500, 'JPY', 500],
  ])('%i minor units of %s → %d', (minor, currency, major) => {
    expect(toMajor(minor, currency)).toBe(major);
  });
});

describe('parseMoney', () => {
  it.each([
    ['12.50', 'GBP', 'en', 1250],
    ['12,5', 'UAH', 'uk', 1250],
    ['1 250,50', 'UAH', 'uk', 125050],
    [`1${NBSP}250,50`, 'UAH', 'uk', 125050],
    ['1,250.50', 'GBP', 'en', 125050],
    ['1.250,50', 'UAH', 'uk', 125050],
    ['1,250', 'GBP', 'en', 125000],
    ['1,250', 'UAH', 'uk', 125],
    ['1,25', 'GBP', 'en', 125],
    ['1.005', 'GBP', 'en', 101],
    ['-12.345', 'GBP', 'en', -1235],
    ['.5', 'GBP', 'en', 50],
    ['500', 'JPY', 'en', 500],
    ['500.6', 'JPY', 'en', 501],
    ['0', 'GBP', 'en', 0],
  ])('%j in %s (%s) → %i', (text, currency, locale, minor) => {
    expect(parseMoney(text, currency, locale)).toBe(minor);
  });

  it.each(['', '  ', 'abc', '12a', '1.2.3', '1,2,3', '--5', '.'])('%j is no amount', (text) => {
    expect(parseMoney(text, 'GBP')).toBeNull();
  });
});

describe('input text and currency signs', () => {
  it('shows an amount for an input box in major units, without grouping', () => {
    expect(moneyInputText(125050, 'GBP')).toBe('1250.50');
    expect(moneyInputText(500, 'JPY')).toBe('500');
    expect(moneyInputText(-5, 'UAH')).toBe('-0.05');
  });

  it("writes the input box's amount with the locale's decimal mark", () => {
    expect(moneyInputText(7000, 'GBP', 'uk')).toBe('70,00');
    expect(moneyInputText(125050, 'UAH', 'uk')).toBe('1250,50');
    expect(moneyInputText(7000, 'GBP', 'en')).toBe('70.00');
    expect(parseMoney('12,50', 'GBP', 'uk')).toBe(1250);
    expect(parseMoney('12.50', 'GBP', 'uk')).toBe(1250);
  });

  it('writes the sign as the locale does', () => {
    expect(currencySymbol('GBP', 'en')).toBe('£');
    expect(currencySymbol('UAH', 'uk')).toBe('₴');
    expect(currencySymbol('GBP', 'uk')).toBe('£');
    expect(currencySymbol('JPY', 'en')).toBe('¥');
  });
});

describe('numberFormat', () => {
  it('makes one format per locale and options, and formats as Intl does', () => {
    const money = numberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    expect(numberFormat('en-GB', { style: 'currency', currency: 'GBP' })).toBe(money);
    expect(numberFormat('uk', { style: 'currency', currency: 'GBP' })).not.toBe(money);
    expect(numberFormat('en-GB', { style: 'currency', currency: 'UAH' })).not.toBe(money);
    expect(money.format(12.5)).toBe(
      new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(12.5),
    );
  });
});
