import { addDays, todayIn } from '../../domain/dates';
import type { Db } from '../db/database';

const roundUp = (n: number, step: number) => Math.max(step, Math.ceil(n / step) * step);

/**
 * The demo owner's goals, each set a little above what the business did lately (last month's takings and hours,
 * the appointments of the last four weeks), as an owner sets them: so the dashboard shows goals in reach.
 */
export async function seedGoals(db: Db, ownerId: number, timeZone: string, now = Date.now()): Promise<void> {
  const today = todayIn(timeZone, now);
  const lastMonth = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 1))
    .toISOString()
    .slice(0, 7);
  const income = await db
    .selectFrom('payment_months')
    .select((eb) => eb.fn.sum<number>('income').as('income'))
    .where('user_id', '=', ownerId)
    .where('month', '=', lastMonth)
    .executeTakeFirst();
  const worked = await db
    .selectFrom('appointments')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('duration').as('minutes')])
    .where('user_id', '=', ownerId)
    .where('type', '=', 'service')
    .where('date', '>=', addDays(today, -28))
    .where('date', '<', today)
    .executeTakeFirst();
  const stamp = new Date(now).toISOString();
  const goals = [
    { type: 'income_received', timeframe: 'month', amount: roundUp(Number(income?.income ?? 0) * 1.1, 10000) },
    { type: 'appointments_count', timeframe: 'week', amount: roundUp((Number(worked?.n ?? 0) / 4) * 1.1, 1) },
    { type: 'hours_worked', timeframe: 'month', amount: roundUp((Number(worked?.minutes ?? 0) / 60) * 1.05, 5) },
  ];
  await db
    .insertInto('goals')
    .values(goals.map((g) => ({ ...g, user_id: ownerId, created_at: stamp, updated_at: stamp })))
    .execute();
}
