import { INTEGER, NULLABLE_INTEGER, NULLABLE_STRING, object, STRING } from '../../engine/responses';

/** An attendee of a session: the client, their attendance, and what their seat has left to pay. */
const ATTENDEE = object(
  {
    seat_id: INTEGER,
    id: INTEGER,
    first_name: STRING,
    last_name: NULLABLE_STRING,
    attendance: { type: 'string', enum: ['pending', 'attended', 'cancelled', 'noShow'] },
    status: STRING,
    left_to_pay: INTEGER,
  },
  { required: ['seat_id', 'id', 'first_name', 'last_name', 'attendance', 'status', 'left_to_pay'] },
);

/** A class session as its class's page lists it. */
export const SESSION = object(
  {
    id: INTEGER,
    date: STRING,
    start_time: STRING,
    series_id: NULLABLE_INTEGER,
    repeats_until: NULLABLE_STRING,
    clients: { type: 'array', items: ATTENDEE },
  },
  { required: ['id', 'date', 'start_time', 'series_id', 'repeats_until', 'clients'] },
);
