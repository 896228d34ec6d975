import { BOOLEAN, INTEGER, NUMBER, STRING, object } from '../../engine/responses';

const DATE = { type: 'string', format: 'date' } as const;
const list = (items: unknown) => ({ type: 'array', items });
// `type: ['object', 'null']` rather than `anyOf`: the serialiser writes it directly, where `anyOf` would first
// validate the whole answer (a year of days) to pick a branch.
const nullable = (schema: ReturnType<typeof object>) => ({ ...schema, type: ['object', 'null'] });
const all = (props: Record<string, unknown>) => object(props, { required: Object.keys(props) });

const INCOME = all({ total: INTEGER, previous: INTEGER, days: list(all({ date: DATE, income: INTEGER })) });
const APPOINTMENTS = all({
  total: INTEGER,
  attended: INTEGER,
  no_show: INTEGER,
  cancelled: INTEGER,
  pending: INTEGER,
  no_show_rate: NUMBER,
  cancellation_rate: NUMBER,
  previous: INTEGER,
});
const CLIENTS = all({
  seen: INTEGER,
  retained: INTEGER,
  retention_rate: NUMBER,
  new: INTEGER,
  returning: INTEGER,
  previous_seen: INTEGER,
});
const ADVANCED = all({
  by_service: list(all({ service_id: { type: ['integer', 'null'] }, title: STRING, amount: INTEGER })),
  by_method: list(all({ method: STRING, income: INTEGER, count: INTEGER })),
  by_weekday: list(all({ weekday: INTEGER, appointments: INTEGER })),
  by_hour: list(all({ hour: INTEGER, appointments: INTEGER })),
  days: list(all({ date: DATE, appointments: INTEGER })),
});

/** `GET /data/analytics`: the basic figures of a period and the one before; the advanced ones on Premium. */
export const ANALYTICS = all({
  data: all({
    from: DATE,
    to: DATE,
    previous_from: DATE,
    previous_to: DATE,
    income: nullable(INCOME),
    appointments: nullable(APPOINTMENTS),
    clients: nullable(CLIENTS),
    advanced: nullable(ADVANCED),
  }),
  currency: STRING,
  /** Whether the caller's plan has advanced reporting (the screen offers it otherwise). */
  advanced_available: BOOLEAN,
});
