import { INTEGER, object, STRING } from '../../engine/responses';

/** A class session on the calendar, as a real-time span. */
export const CLASS_SESSION = object(
  {
    id: INTEGER,
    date: STRING,
    start_time: STRING,
    class_id: INTEGER,
    title: STRING,
    colour: STRING,
    duration: INTEGER,
    spaces: INTEGER,
    starts_at: STRING,
    ends_at: STRING,
  },
  { open: true },
);
