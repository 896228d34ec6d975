import { render } from '@testing-library/react';
import { PaymentChip } from '../../../src/widgets/calendar/EventCard';
import type { Appointment } from '../../../src/widgets/calendar/calendar.types';
import en from '../../../src/locales/en.json';
import uk from '../../../src/locales/uk.json';
import { formatMoney } from '../../../packages/renderer/core/money';

/** The real texts: `a.b.c` with {{x}} filled in. */
const translator =
  (texts: unknown) =>
  (key: string, o: Record<string, unknown> = {}) => {
    const text = key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], texts);
    if (typeof text !== 'string') throw new Error(`missing text ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(o[k]));
  };

const owed = { type: 'service', payment_status: 'leftToPay', left_to_pay: 5200, clients: [] } as unknown as Appointment;

describe('the payment chip', () => {
  it.each([
    ['uk', uk, 'До сплати'],
    ['en', en, 'Left to pay'],
  ])('in %s names what is left to pay and keeps its amount whole, never cut away', (locale, texts, words) => {
    const money = (m: number) => formatMoney(m, locale, 'GBP');
    const { container } = render(<PaymentChip appointment={owed} t={translator(texts)} money={money} />);
    const chip = container.querySelector('[data-payment="leftToPay"]') as HTMLElement;
    expect(chip.textContent).toContain(words);
    expect(chip.textContent).toContain(money(5200));
    const amount = chip.querySelector('[data-chip-amount]') as HTMLElement;
    expect(amount.textContent).toBe(money(5200));
    expect(getComputedStyle(amount).flexShrink).toBe('0');
  });

  it('shows a status without an amount as its words alone', () => {
    const paid = { ...owed, payment_status: 'paid' } as Appointment;
    const { container } = render(<PaymentChip appointment={paid} t={translator(en)} money={(m) => String(m)} />);
    expect(container.textContent).toBe('Paid');
    expect(container.querySelector('[data-chip-amount]')).toBeNull();
  });
});
