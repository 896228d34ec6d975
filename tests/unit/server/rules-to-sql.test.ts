import path from 'node:path';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { defineAbilityFor, type AbilityUser } from '../../../permissions/defineAbilityFor';
import { readPermissionRules } from '../../../permissions/rule-files';
import type { Action, Subject } from '../../../permissions/subjects';
import { abilityFilter, conditionsToSql, type Filter } from '../../../src/server/engine/rules-to-sql';

// Statements are only compiled, never run: no database.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
const sqlite: AnyDb = new Kysely({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});
const postgres: AnyDb = new Kysely({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** The where-clause a filter makes on `clients`, and its parameters. */
function where(db: AnyDb, filter: Filter) {
  const { sql, parameters } = db.selectFrom('clients').select('id').where(filter).compile();
  return [sql.replace('select "id" from "clients" where ', ''), parameters];
}
const onSqlite = (conditions: object) => where(sqlite, (eb) => conditionsToSql(eb, 'clients', conditions as never));
const onPostgres = (conditions: object) => where(postgres, (eb) => conditionsToSql(eb, 'clients', conditions as never));

describe('conditionsToSql: each CASL condition shape', () => {
  it.each([
    ['no condition', {}, 'true', []],
    ['a value', { user_id: 5 }, '"clients"."user_id" = ?', [5]],
    ['a boolean, stored as 0/1', { archived: true }, '"clients"."archived" = ?', [1]],
    ['null', { deleted_at: null }, '"clients"."deleted_at" is null', []],
    ['$eq null', { deleted_at: { $eq: null } }, '"clients"."deleted_at" is null', []],
    ['$ne null', { deleted_at: { $ne: null } }, '"clients"."deleted_at" is not null', []],
    ['$ne', { status: { $ne: 'gone' } }, '"clients"."status" <> ?', ['gone']],
    ['a range', { price: { $gte: 10, $lt: 20 } }, '("clients"."price" >= ? and "clients"."price" < ?)', [10, 20]],
    ['$lte and $gt', { price: { $gt: 1, $lte: 9 } }, '("clients"."price" > ? and "clients"."price" <= ?)', [1, 9]],
    ['$in', { status: { $in: ['a', 'b'] } }, '"clients"."status" in (?, ?)', ['a', 'b']],
    ['$nin of booleans', { opt_out: { $nin: [true] } }, '"clients"."opt_out" not in (?)', [1]],
    ['two fields', { user_id: 5, archived: false }, '("clients"."user_id" = ? and "clients"."archived" = ?)', [5, 0]],
    ['$or', { $or: [{ a: 1 }, { b: 2 }] }, '("clients"."a" = ? or "clients"."b" = ?)', [1, 2]],
    ['$and', { $and: [{ a: 1 }, { b: { $ne: 2 } }] }, '("clients"."a" = ? and "clients"."b" <> ?)', [1, 2]],
    ['$nor (an inverted rule)', { $nor: [{ a: 1 }] }, 'not "clients"."a" = ?', [1]],
  ])('%s → SQL on SQLite', (_name, conditions, sql, parameters) => {
    expect(onSqlite(conditions)).toEqual([sql, parameters]);
  });

  it('numbers PostgreSQL parameters in order', () => {
    expect(onPostgres({ $or: [{ price: { $gte: 10, $lt: 20 } }, { status: { $in: ['a', 'b'] } }] })).toEqual([
      '(("clients"."price" >= $1 and "clients"."price" < $2) or "clients"."status" in ($3, $4))',
      [10, 20, 'a', 'b'],
    ]);
  });

  it('refuses an operator it cannot translate instead of dropping it', () => {
    expect(() => onSqlite({ title: { $regex: '^a' } })).toThrow(
      'permission condition operator $regex on clients.title has no SQL translation',
    );
  });
});

describe('abilityFilter: the rules on disk as a where-clause', () => {
  const rules = readPermissionRules(path.resolve(__dirname, '../../../permissions'));
  const user = (plan: string | null, over: Partial<AbilityUser['subscription']> = {}): AbilityUser => ({
    id: 7,
    is_admin: false,
    is_affiliate: false,
    is_api_user: false,
    subscription: {
      plan_name: plan,
      status: 'active',
      valid: true,
      has_incomplete_payment: false,
      addons: [],
      ...over,
    },
  });
  const filter = (u: AbilityUser | null, action: Action, subject: Subject) =>
    abilityFilter(defineAbilityFor(u, rules), action, subject, 'clients');

  it.each([
    ['an owner reads their clients', user('Premium Monthly'), 'read', 'Client'],
    ['an owner updates their clients', user('Premium Monthly'), 'update', 'Client'],
    ['a read-only owner still reads', user('Premium Monthly', { status: 'expired', valid: false }), 'read', 'Client'],
  ] as const)('%s: their rows only', (_name, u, action, subject) => {
    expect(where(sqlite, filter(u, action, subject)!)).toEqual(['"clients"."user_id" = ?', [7]]);
  });

  it.each([
    ['a guest', null, 'read', 'Client'],
    ['a read-only owner updating', user('Premium Monthly', { status: 'expired', valid: false }), 'update', 'Client'],
    ['a Lite owner reading classes', user('Lite Monthly'), 'read', 'Class'],
  ] as const)('%s: nothing at all (null, answered 403)', (_name, u, action, subject) => {
    expect(filter(u, action, subject)).toBeNull();
  });

  it('gives one filter per ability, action and subject', () => {
    const ability = defineAbilityFor(user('Premium Monthly'), rules);
    expect(abilityFilter(ability, 'read', 'Client', 'clients')).toBe(
      abilityFilter(ability, 'read', 'Client', 'clients'),
    );
  });
});
