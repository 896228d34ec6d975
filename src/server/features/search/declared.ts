import { expressionBuilder } from 'kysely';
import type { Db, Dialect } from '../../db/database';
import { baseWhere, orderBy } from '../../engine/list-query';
import { searchText } from '../../engine/list-params';
import { dyn, type Row } from '../../engine/resource-repository';
import type { Filter } from '../../engine/rules-to-sql';
import type { Resource } from '../../engine/schema-registry';
import { PER_KIND, type Found } from './found';

type Kind = 'clients' | 'invoices' | 'products' | 'gift-vouchers';
interface Shape {
  columns: string[];
  found: (row: Row, currency: string) => Omit<Found, 'kind' | 'id'>;
}
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const none = { date: null, time: null, amount: null, currency: null };

/** What each declared resource shows as a result: its columns and the result made of them. */
const SHAPES: Record<Kind, Shape> = {
  clients: {
    columns: ['first_name', 'last_name', 'email', 'phone'],
    found: (r) => ({ title: `${r.first_name} ${r.last_name}`.trim(), detail: text(r.email) ?? text(r.phone), ...none }),
  },
  invoices: {
    columns: ['number', 'bill_to_name', 'date', 'total', 'currency'],
    found: (r) => ({
      title: String(r.number),
      detail: text(r.bill_to_name),
      date: text(r.date),
      time: null,
      amount: Number(r.total),
      currency: text(r.currency)?.toUpperCase() ?? null,
    }),
  },
  products: {
    columns: ['title', 'price'],
    found: (r, currency) => ({ ...none, title: String(r.title), detail: null, amount: Number(r.price), currency }),
  },
  'gift-vouchers': {
    columns: ['title', 'code', 'amount'],
    found: (r, currency) => ({
      ...none,
      title: String(r.title),
      detail: text(r.code),
      amount: Number(r.amount),
      currency,
    }),
  },
};
export const DECLARED_KINDS = Object.keys(SHAPES) as Kind[];

/**
 * The first records of a declared resource that match the words typed, as its own list finds them (its search
 * fields, every word in one of them; phone numbers as stored), within what the caller may read, archived records
 * aside, in the list's default order; at most `limit`.
 */
export async function findDeclared(
  db: Db,
  dialect: Dialect,
  kind: Kind,
  resource: Resource,
  search: string,
  caller: { country: string; allowed: Filter; today: string; currency: string },
  limit = PER_KIND,
): Promise<Found[]> {
  const { table } = resource.meta;
  const query = {
    page: 1,
    perPage: limit,
    search: searchText(search, resource, caller.country),
    filters: {},
    today: caller.today,
  };
  const [sortCol, dir] = orderBy(resource);
  const rows = (await dyn(db)
    .selectFrom(table)
    .where(baseWhere(resource, query, dialect, caller.allowed)(expressionBuilder()))
    .select([`${table}.id`, ...SHAPES[kind].columns.map((c) => `${table}.${c}`)])
    .orderBy(sortCol, dir)
    .orderBy(`${table}.id`, dir)
    .limit(limit)
    .execute()) as Row[];
  return rows.map((r) => ({ kind, id: Number(r.id), ...SHAPES[kind].found(r, caller.currency) }));
}
