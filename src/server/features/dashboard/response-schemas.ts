import { BOOLEAN, INTEGER, NULLABLE_STRING, STRING, object } from '../../engine/responses';

const DATE = { type: 'string', format: 'date' } as const;
const list = (items: unknown) => ({ type: 'array', items });
const nullable = (schema: ReturnType<typeof object>) => ({ anyOf: [schema, { type: 'null' }] });

const COMPARED = object(
  { from: DATE, to: DATE, amount: INTEGER, previous: INTEGER, previous_from: DATE, previous_to: DATE },
  { required: ['from', 'to', 'amount', 'previous', 'previous_from', 'previous_to'] },
);
const AGENDA_ITEM = object(
  {
    id: INTEGER,
    date: DATE,
    start_time: STRING,
    end_time: STRING,
    type: STRING,
    title: NULLABLE_STRING,
    service: NULLABLE_STRING,
    clients: list(STRING),
    cancelled: BOOLEAN,
  },
  { required: ['id', 'date', 'start_time', 'end_time', 'type', 'clients', 'cancelled'] },
);

/** `GET /data/statistic`: each part null when the caller may not read what it sums. */
export const STATISTIC = object(
  {
    data: object(
      {
        today: DATE,
        income: nullable(
          object(
            {
              week: COMPARED,
              month: COMPARED,
              weeks: list(object({ from: DATE, to: DATE, income: INTEGER }, { required: ['from', 'to', 'income'] })),
            },
            { required: ['week', 'month', 'weeks'] },
          ),
        ),
        appointments: nullable(
          object({ today: list(AGENDA_ITEM), next: list(AGENDA_ITEM) }, { required: ['today', 'next'] }),
        ),
        clients: nullable(
          object(
            { from: DATE, to: DATE, new: INTEGER, returning: INTEGER },
            { required: ['from', 'to', 'new', 'returning'] },
          ),
        ),
        credits: nullable(object({ sms: INTEGER, email: INTEGER }, { required: ['sms', 'email'] })),
      },
      { required: ['today', 'income', 'appointments', 'clients', 'credits'] },
    ),
    currency: STRING,
  },
  { required: ['data', 'currency'] },
);
