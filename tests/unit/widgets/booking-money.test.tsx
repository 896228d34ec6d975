import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { formatMoney } from '../../../packages/renderer/core/money';
import { RendererContext } from '../../../packages/renderer/react/context';
import { useMoney } from '../../../src/widgets/booking-wizard/api';
import { rendererContext } from '../../helpers/renderer-context';

const moneyIn = (locale: string, currency: string | undefined) =>
  renderHook(() => useMoney(currency), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <RendererContext.Provider value={rendererContext({ locale })}>{children}</RendererContext.Provider>
    ),
  }).result.current;

describe("the booking page's money", () => {
  it('is written by the one money formatter, in the currency’s own minor units', () => {
    expect(moneyIn('en', 'GBP')(2500)).toBe(formatMoney(2500, 'en', 'GBP'));
    expect(moneyIn('en', 'gbp')(2500)).toBe('£25.00');
    // Yen have no minor units: 500 is ¥500, not ¥5.
    expect(moneyIn('en', 'JPY')(500)).toBe(formatMoney(500, 'en', 'JPY'));
    expect(moneyIn('en', 'JPY')(500)).toContain('500');
    expect(moneyIn('uk', 'UAH')(125050)).toBe(formatMoney(125050, 'uk', 'UAH'));
  });

  it('falls back to pounds when the page names no currency', () => {
    expect(moneyIn('en', undefined)(999)).toBe('£9.99');
  });
});
