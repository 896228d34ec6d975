import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { addDays } from '../../../domain/dates';
import type { Period } from '../../../domain/goals';
import type { Db } from '../../db/database';
import { jsonRows } from '../../db/json-rows';
import { conditionOf, type Filter } from '../../engine/rules-to-sql';
import { incomeReceived } from '../goals';
import { clientsSeen, clientsSeenCount } from './client-counts';
import { attendance, attendanceOf, statusesOf, type VisitDay, type VisitFilter } from './visits';

/** The period of the same length just before `p`: 1–30 June → 2–31 May. */
export function previousOf(p: Period): Period {
  const days = Math.round((Date.parse(p.to) - Date.parse(p.from)) / 86_400_000);
  const to = addDays(p.from, -1);
  return { from: addDays(to, -days), to };
}

/** A period's income per day, from the ledger's day sums (days without payments left out), read as one series. */
export async function incomeDays(db: Db, filter: Filter, p: Period) {
  const days = sql`select date, sum(income) as income from payment_days
    where ${conditionOf(filter)} and date >= ${p.from} and date <= ${p.to} group by date`;
  const rows = await jsonRows<[string, number | null]>(db, days, ['date', 'income']);
  return rows.map(([date, income]) => ({ date, income: Number(income ?? 0) }));
}

/**
 * Analytics every plan has: income, appointments (with the no-show and cancellation rates) and clients (new,
 * returning, retained) over a period, each with its figure for the period just before. Null where the caller
 * may not read what it sums. `days`: the period's visits per day and status, when they were read already.
 */
export async function basicAnalytics(db: Db, req: FastifyRequest, p: Period, days?: VisitDay[]) {
  const before = previousOf(p);
  const can = (subject: 'Income' | 'Appointment' | 'Client') => req.ability.can('read', subject);
  const money = can('Income')
    ? {
        incomeDays: req.filterFor('read', 'Income', 'payment_days'),
        incomeMonths: req.filterFor('read', 'Income', 'payment_months'),
      }
    : null;
  const appointments: VisitFilter | null = can('Appointment')
    ? (table) => req.filterFor('read', 'Appointment', table)
    : null;
  const [income, visits, clients] = await Promise.all([
    money
      ? Promise.all([incomeReceived(db, money, before), incomeDays(db, money.incomeDays, p)]).then(
          // The period's total is its days' sum: the same day sums, read once.
          ([previous, perDay]) => ({ total: perDay.reduce((s, d) => s + d.income, 0), previous, days: perDay }),
        )
      : null,
    appointments
      ? Promise.all([
          days ? attendanceOf(statusesOf(days)) : attendance(db, appointments, p),
          attendance(db, appointments, before),
        ]).then(([now, was]) => ({
          ...now,
          previous: was.total,
        }))
      : null,
    appointments && can('Client')
      ? Promise.all([clientsSeen(db, appointments, p), clientsSeenCount(db, appointments, before)]).then(
          ([seen, previous]) => ({ ...seen, previous_seen: previous }),
        )
      : null,
  ]);
  return { ...p, previous_from: before.from, previous_to: before.to, income, appointments: visits, clients };
}
