import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RendererContext } from '../../../packages/renderer/react/context';
import { useDay } from '../../../src/widgets/booking-wizard/api';
import { rendererContext } from '../../helpers/renderer-context';

function dayIn(locale: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RendererContext.Provider value={rendererContext({ locale })}>{children}</RendererContext.Provider>
  );
  return renderHook(() => useDay(), { wrapper }).result.current;
}

describe('the booking page’s dates', () => {
  const thisYear = new Date().getFullYear();

  it('name the year when it is not this year’s ("Valid until Thursday 27 May 2027")', () => {
    const day = dayIn('en-GB');
    expect(day(`${thisYear + 1}-05-27`)).toMatch(new RegExp(`27 May ${thisYear + 1}$`));
    expect(dayIn('uk')(`${thisYear + 1}-05-27`)).toContain(String(thisYear + 1));
  });

  it('leave this year’s dates without it', () => {
    expect(dayIn('en-GB')(`${thisYear}-03-01`)).not.toContain(String(thisYear));
    expect(dayIn('en-GB')(`${thisYear}-03-01`, 'short')).toMatch(/1 Mar$/);
  });
});
