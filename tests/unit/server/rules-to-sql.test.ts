import path from 'node:path';
import { createMongoAbility, subject as caslSubject } from '@casl/ability';
import Database from 'better-sqlite3';
import pg from 'pg';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteDialect,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import {
  defineAbilityFor,
  type AbilityUser,
  type AppAbility,
  type RawRule,
} from '../../../permissions/defineAbilityFor';
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
    [
      '$ne, null included',
      { status: { $ne: 'gone' } },
      '("clients"."status" <> ? or "clients"."status" is null)',
      ['gone'],
    ],
    ['a range', { price: { $gte: 10, $lt: 20 } }, '("clients"."price" >= ? and "clients"."price" < ?)', [10, 20]],
    ['$lte and $gt', { price: { $gt: 1, $lte: 9 } }, '("clients"."price" > ? and "clients"."price" <= ?)', [1, 9]],
    ['$in', { status: { $in: ['a', 'b'] } }, '"clients"."status" in (?, ?)', ['a', 'b']],
    [
      '$in with null',
      { status: { $in: ['a', null] } },
      '("clients"."status" in (?) or "clients"."status" is null)',
      ['a'],
    ],
    ['$in of nothing', { status: { $in: [] } }, 'false', []],
    [
      '$nin of booleans, null included',
      { opt_out: { $nin: [true] } },
      '("clients"."opt_out" not in (?) or "clients"."opt_out" is null)',
      [1],
    ],
    [
      '$nin with null',
      { status: { $nin: ['a', null] } },
      '("clients"."status" not in (?) and "clients"."status" is not null)',
      ['a'],
    ],
    ['$nin of nothing', { status: { $nin: [] } }, 'true', []],
    ['two fields', { user_id: 5, archived: false }, '("clients"."user_id" = ? and "clients"."archived" = ?)', [5, 0]],
    ['$or', { $or: [{ a: 1 }, { b: 2 }] }, '("clients"."a" = ? or "clients"."b" = ?)', [1, 2]],
    [
      '$and',
      { $and: [{ a: 1 }, { b: { $ne: 2 } }] },
      '("clients"."a" = ? and ("clients"."b" <> ? or "clients"."b" is null))',
      [1, 2],
    ],
    ['$nor (an inverted rule), never unknown', { $nor: [{ a: 1 }] }, 'not coalesce("clients"."a" = ?, false)', [1]],
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

describe('the where-clause keeps exactly the rows CASL allows, rows without a value included', () => {
  // Records as the rules see them; stored with booleans as 0/1.
  const rows = [
    { id: 1, user_id: 7, status: 'active', opt_out: true },
    { id: 2, user_id: 7, status: 'gone', opt_out: false },
    { id: 3, user_id: 7, status: null, opt_out: null },
    { id: 4, user_id: 8, status: 'active', opt_out: null },
    { id: 5, user_id: null, status: null, opt_out: false },
  ];
  const cases: Array<[string, RawRule[]]> = [
    ['a value', [{ action: 'read', subject: 'Client', conditions: { user_id: 7 } }]],
    ['null', [{ action: 'read', subject: 'Client', conditions: { status: null } }]],
    ['$ne', [{ action: 'read', subject: 'Client', conditions: { status: { $ne: 'gone' } } }]],
    ['$ne null', [{ action: 'read', subject: 'Client', conditions: { status: { $ne: null } } }]],
    ['$ne of a boolean', [{ action: 'read', subject: 'Client', conditions: { opt_out: { $ne: true } } }]],
    ['$in', [{ action: 'read', subject: 'Client', conditions: { status: { $in: ['active', 'gone'] } } }]],
    ['$in with null', [{ action: 'read', subject: 'Client', conditions: { status: { $in: ['gone', null] } } }]],
    ['$in of nothing', [{ action: 'read', subject: 'Client', conditions: { status: { $in: [] } } }]],
    ['$nin', [{ action: 'read', subject: 'Client', conditions: { status: { $nin: ['gone'] } } }]],
    ['$nin of booleans', [{ action: 'read', subject: 'Client', conditions: { opt_out: { $nin: [true] } } }]],
    ['$nin with null', [{ action: 'read', subject: 'Client', conditions: { status: { $nin: ['gone', null] } } }]],
    ['$nin of nothing', [{ action: 'read', subject: 'Client', conditions: { status: { $nin: [] } } }]],
    [
      'two grants',
      [
        { action: 'read', subject: 'Client', conditions: { user_id: 8 } },
        { action: 'read', subject: 'Client', conditions: { status: { $ne: 'active' } } },
      ],
    ],
    [
      'an inverted rule on a column with nulls',
      [
        { action: 'read', subject: 'Client', conditions: { user_id: 7 } },
        { action: 'read', subject: 'Client', inverted: true, conditions: { status: 'gone' } },
      ],
    ],
    [
      'an inverted $ne',
      [
        { action: 'read', subject: 'Client' },
        { action: 'read', subject: 'Client', inverted: true, conditions: { status: { $ne: 'active' } } },
      ],
    ],
    [
      'an inverted $nin',
      [
        { action: 'read', subject: 'Client' },
        { action: 'read', subject: 'Client', inverted: true, conditions: { opt_out: { $nin: [false] } } },
      ],
    ],
  ];

  const databases: Array<[string, () => Promise<{ db: AnyDb; close(): Promise<void> }>]> = [
    [
      'SQLite',
      async () => {
        const db: AnyDb = new Kysely({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
        return { db, close: () => db.destroy() };
      },
    ],
  ];
  if (process.env.TEST_DB === 'postgres')
    databases.push([
      'PostgreSQL',
      async () => {
        const url = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
        // One connection: the table is temporary, seen by its own connection only.
        const db: AnyDb = new Kysely({
          dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
        });
        return { db, close: () => db.destroy() };
      },
    ]);

  describe.each(databases)('on %s', (_name, open) => {
    let db: AnyDb;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ db, close } = await open());
      await db.schema
        .createTable('clients')
        .temporary()
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('user_id', 'integer')
        .addColumn('status', 'text')
        .addColumn('opt_out', 'integer')
        .execute();
      const stored = (v: boolean | null) => (v === null ? null : Number(v));
      await db
        .insertInto('clients')
        .values(rows.map((r) => ({ ...r, opt_out: stored(r.opt_out) })))
        .execute();
    });
    afterAll(() => close());

    it.each(cases)('%s', async (_case, rules) => {
      const ability = createMongoAbility<AppAbility>(rules);
      const allowed = rows.filter((r) => ability.can('read', caslSubject('Client', { ...r }))).map((r) => r.id);
      const filter = abilityFilter(ability, 'read', 'Client', 'clients');
      const found = filter
        ? (await db.selectFrom('clients').select('id').where(filter).orderBy('id').execute()).map((r) => Number(r.id))
        : [];
      expect(found).toEqual(allowed);
    });
  });
});
