import { addDays } from '../../domain/dates';
import { GB_MILEAGE_LEVELS } from '../../domain/expenses';
import { createExpense, type ExpensesContext } from '../features/expenses/write';
import type { LedgerOwner } from './ledger';
import { between, pickWith } from './random';

/** One-off purchases a salon makes now and then: category, what for, and a price range in minor units. */
const PURCHASES = [
  ['supplies', 'Colour tubes and developer', 2500, 9000],
  ['supplies', 'Shampoo and conditioner (salon size)', 1800, 4500],
  ['supplies', 'Foils, gloves and towels', 900, 3200],
  ['equipment', 'Replacement hairdryer', 6500, 14000],
  ['travel', 'Train to the trade show', 2400, 5800],
  ['marketing', 'Printed price lists', 1500, 4000],
  ['training', 'Balayage course', 9500, 18000],
] as const;

/**
 * The demo owner's expenses from `fromDays` back, through the expense service itself: the chair rent monthly and the
 * booking software monthly (both repeating, written up to today), the phone monthly, the insurance once a year,
 * bank fees each month end, a few purchases a month and some trips by car.
 */
export async function seedExpenses(o: LedgerOwner, fromDays: number, r: () => number): Promise<void> {
  const ctx: ExpensesContext = {
    db: o.db,
    dialect: o.dialect,
    ownerId: o.ownerId,
    today: o.today,
    currency: o.currency,
    expenses: (eb) => eb('expenses.user_id', '=', o.ownerId),
    levels: GB_MILEAGE_LEVELS,
  };
  const start = addDays(o.today, fromDays);
  const monthStart = `${start.slice(0, 8)}01`;
  const repeating = [
    { category: 'rent', title: 'Chair rent', amount: 45000, date: monthStart, recurrence: 'monthly' as const },
    {
      category: 'software',
      title: 'Booking and card reader fees',
      amount: 2900,
      date: addDays(monthStart, 4),
      recurrence: 'monthly' as const,
    },
    {
      category: 'phone_internet',
      title: 'Mobile phone',
      amount: 1800,
      date: addDays(monthStart, 11),
      recurrence: 'monthly' as const,
    },
    {
      category: 'insurance',
      title: 'Public liability insurance',
      amount: 16500,
      date: addDays(monthStart, 20),
      recurrence: 'yearly' as const,
    },
  ];
  for (const e of repeating) await createExpense(ctx, e);
  for (let day = start; day <= o.today; day = addDays(day, between(r, 5, 12))) {
    const [category, title, lo, hi] = pickWith(r, PURCHASES);
    await createExpense(ctx, { category, title, amount: Math.round(between(r, lo, hi) / 50) * 50, date: day });
    // Now and then a home visit or a wedding's hair and make-up: a trip by car, priced by the mileage rates.
    if (r() < 0.45)
      await createExpense(ctx, {
        type: 'mileage',
        category: 'travel',
        title: pickWith(r, ['Home visit', 'Wedding party', 'Wholesaler']),
        from_location: 'Studio, 12 Church Street',
        to_location: pickWith(r, ['Harrogate', 'Ripon', 'Knaresborough', 'Wetherby']),
        miles: between(r, 40, 260) / 10,
        date: addDays(day, 2),
      });
  }
}
