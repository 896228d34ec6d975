import { dueDateOf, invoiceNumber, invoiceSettingsOf, invoiceStatus, itemAmount } from '../../../src/domain/invoices';

const base = { cancelled_at: null, sent_at: null, total: 10000, paid: 0, due_date: '2026-12-01' };

describe('invoice status', () => {
  it('is a draft until sent, sent until its due date has passed, then overdue', () => {
    expect(invoiceStatus(base, '2026-11-20')).toBe('draft');
    const sent = { ...base, sent_at: '2026-11-20T10:00:00Z' };
    expect(invoiceStatus(sent, '2026-12-01')).toBe('sent');
    expect(invoiceStatus(sent, '2026-12-02')).toBe('overdue');
  });

  it('is paid once the ledger comes to its total, whatever the day; cancelled stays cancelled', () => {
    expect(invoiceStatus({ ...base, paid: 9999, sent_at: 'x' }, '2027-01-01')).toBe('overdue');
    expect(invoiceStatus({ ...base, paid: 10000 }, '2027-01-01')).toBe('paid');
    expect(invoiceStatus({ ...base, paid: 10000, cancelled_at: 'x' }, '2026-11-01')).toBe('cancelled');
  });
});

describe('invoice numbers and amounts', () => {
  it('pads the counter to four digits after the prefix, and goes past them', () => {
    expect(invoiceNumber('INV-', 7)).toBe('INV-0007');
    expect(invoiceNumber('', 12345)).toBe('12345');
  });

  it('multiplies exactly in minor units, and dates it due days later across a month end', () => {
    expect(itemAmount({ quantity: 3, unit_price: 3333 })).toBe(9999);
    expect(dueDateOf('2026-01-25', 14)).toBe('2026-02-08');
    expect(dueDateOf('2028-02-20', 10)).toBe('2028-03-01');
  });

  it('fills settings written before a field existed with its default', () => {
    expect(invoiceSettingsOf({ invoiceSettings: { prefix: 'X/' } })).toMatchObject({
      prefix: 'X/',
      start_number: 1,
      due_days: 14,
      auto_invoicing: false,
    });
    expect(invoiceSettingsOf(undefined).prefix).toBe('INV-');
  });
});
