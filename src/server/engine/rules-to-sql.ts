import { rulesToCondition } from '@casl/ability/extra';
import {
  expressionBuilder,
  type ComparisonOperatorExpression,
  type Expression,
  type ExpressionBuilder,
  type SqlBool,
} from 'kysely';
import type { AppAbility } from '../../../permissions/defineAbilityFor';
import type { Action, Subject } from '../../../permissions/subjects';

type Conditions = Record<string, unknown>;
// Tables are chosen at run time from resource schemas, so expressions are built on an untyped builder.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEb = ExpressionBuilder<any, any>;

const OPERATORS: Record<string, string> = {
  $eq: '=',
  $ne: '<>',
  $lt: '<',
  $lte: '<=',
  $gt: '>',
  $gte: '>=',
  $in: 'in',
  $nin: 'not in',
};

/** Booleans are stored as 0/1 on both dialects; rules speak of records, so true/false are translated here. */
const stored = (v: unknown): unknown => (typeof v === 'boolean' ? Number(v) : Array.isArray(v) ? v.map(stored) : v);

function fieldExpression(eb: AnyEb, column: string, raw: unknown): Expression<SqlBool> {
  const value = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : stored(raw);
  if (value === null) return eb(column, 'is', null);
  if (typeof value !== 'object' || Array.isArray(value)) return eb(column, '=', value);
  const parts = Object.entries(value as Conditions).map(([op, v]) => {
    const sqlOp = OPERATORS[op];
    if (!sqlOp) throw new Error(`permission condition operator ${op} on ${column} has no SQL translation`);
    if (v === null) return eb(column, op === '$ne' ? 'is not' : 'is', null);
    if (op === '$in' || op === '$nin') return listExpression(eb, column, op === '$nin', v as unknown[]);
    const compared = eb(column, sqlOp as ComparisonOperatorExpression, stored(v));
    // CASL: null !== 'x', so `$ne` matches a row without a value; SQL's `<>` is unknown there.
    return op === '$ne' ? eb.or([compared, eb(column, 'is', null)]) : compared;
  });
  return eb.and(parts);
}

/**
 * `$in` / `$nin` as CASL decides them on a row without a value: `$nin` matches it unless the list holds null, `$in`
 * only when the list does. SQL's `in` and `not in` are unknown on NULL (and on a list holding NULL), so the NULL
 * case is spelled out; an empty list matches nothing (`$in`) or everything (`$nin`).
 */
function listExpression(eb: AnyEb, column: string, negated: boolean, list: unknown[]): Expression<SqlBool> {
  const values = stored(list.filter((v) => v !== null)) as unknown[];
  const withNull = values.length < list.length;
  const isNull = eb(column, 'is', null);
  if (!negated) {
    if (!values.length) return withNull ? isNull : (eb.lit(false) as unknown as Expression<SqlBool>);
    const inList = eb(column, 'in', values);
    return withNull ? eb.or([inList, isNull]) : inList;
  }
  if (!values.length) return withNull ? eb(column, 'is not', null) : (eb.lit(true) as unknown as Expression<SqlBool>);
  const notInList = eb(column, 'not in', values);
  return withNull ? eb.and([notInList, eb(column, 'is not', null)]) : eb.or([notInList, isNull]);
}

/**
 * The conditions an inverted rule excludes, never unknown: `a = 1` is unknown where `a` is NULL, and `not` of unknown
 * would drop the row, while CASL's `cannot` does not apply to it (null is not 1), so the row stays.
 */
const known = (eb: AnyEb, parts: Expression<SqlBool>[]): Expression<SqlBool> =>
  eb.fn.coalesce(eb.or(parts), eb.lit(false)) as unknown as Expression<SqlBool>;

/** Mongo-style CASL conditions → a Kysely boolean expression on `table`'s columns. */
export function conditionsToSql(eb: AnyEb, table: string, conditions: Conditions): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  for (const [key, value] of Object.entries(conditions)) {
    if (key === '$and') parts.push(eb.and((value as Conditions[]).map((c) => conditionsToSql(eb, table, c))));
    else if (key === '$or') parts.push(eb.or((value as Conditions[]).map((c) => conditionsToSql(eb, table, c))));
    else if (key === '$nor')
      parts.push(
        eb.not(
          known(
            eb,
            (value as Conditions[]).map((c) => conditionsToSql(eb, table, c)),
          ),
        ),
      );
    else parts.push(fieldExpression(eb, `${table}.${key}`, value));
  }
  return parts.length === 0 ? (eb.lit(true) as unknown as Expression<SqlBool>) : eb.and(parts);
}

/**
 * What the caller may touch, as a query filter: `null` when nothing at all (the route answers 403),
 * otherwise a function that adds the rules' conditions to a where clause. This is the only tenancy check:
 * every generic read, update and delete goes through it.
 */
export function abilityFilter(ability: AppAbility, action: Action, subject: Subject, table: string): Filter | null {
  let byKey = filters.get(ability);
  if (!byKey) filters.set(ability, (byKey = new Map()));
  const key = `${action}:${subject}:${table}`;
  if (!byKey.has(key)) byKey.set(key, buildFilter(ability, action, subject, table));
  return byKey.get(key)!;
}

export type Filter = (eb: AnyEb) => Expression<SqlBool>;

/**
 * A filter as a condition to write into a statement given as SQL (`sql\`… where ${conditionOf(filter)}\``): the
 * hot reads of analytics are written so, as the query builder took longer to build them than the database to answer.
 */
export const conditionOf = (filter: Filter): Expression<SqlBool> => filter(expressionBuilder());
/** Filters per ability object: abilities are shared between requests of equal users (see plugins/session). */
const filters = new WeakMap<AppAbility, Map<string, Filter | null>>();

function buildFilter(ability: AppAbility, action: Action, subject: Subject, table: string): Filter | null {
  const query = rulesToCondition<AppAbility, Conditions, Conditions>(
    ability.rulesFor(action, subject),
    (rule) => (rule.inverted ? { $nor: [rule.conditions ?? {}] } : ((rule.conditions as Conditions) ?? {})),
    { and: (c) => ({ $and: c }), or: (c) => ({ $or: c }), empty: () => ({}) },
  );
  if (query === null) return null;
  return (eb: AnyEb) => conditionsToSql(eb, table, query as Conditions);
}
