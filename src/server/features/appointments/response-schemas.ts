import {
  ANY,
  BOOLEAN,
  INTEGER,
  NULLABLE_INTEGER,
  NULLABLE_NUMBER,
  NULLABLE_STRING,
  object,
  STRING,
} from '../../engine/responses';

/** An appointment as the calendar and the form read it (appointments.ts, presentAppointments). */
export const APPOINTMENT = object(
  {
    id: INTEGER,
    type: STRING,
    title: NULLABLE_STRING,
    date: STRING,
    start_time: NULLABLE_STRING,
    end_time: NULLABLE_STRING,
    duration: NULLABLE_INTEGER,
    all_day: BOOLEAN,
    starts_at: STRING,
    ends_at: STRING,
    price: NULLABLE_NUMBER,
    discounted_amount: NULLABLE_NUMBER,
    payment_status: STRING,
    left_to_pay: NULLABLE_NUMBER,
    source: NULLABLE_STRING,
    location_type: NULLABLE_STRING,
    location_id: NULLABLE_INTEGER,
    address: NULLABLE_STRING,
    zoom: BOOLEAN,
    zoom_join_url: NULLABLE_STRING,
    notes: NULLABLE_STRING,
    service: { type: ['object', 'null'], properties: { id: INTEGER, title: STRING, colour: STRING } },
    service_id: NULLABLE_INTEGER,
    client_ids: { type: 'array', items: INTEGER },
    recurring: { type: ['object', 'null'], properties: { series_id: INTEGER }, additionalProperties: true },
    clients: {
      type: 'array',
      items: object({
        id: INTEGER,
        first_name: STRING,
        last_name: NULLABLE_STRING,
        main_photo: NULLABLE_STRING,
        status: STRING,
      }),
    },
  },
  { open: true },
);

/** One line of a client's appointment history, with this client's attendance. */
export const CLIENT_APPOINTMENT = object({
  id: INTEGER,
  date: STRING,
  start_time: NULLABLE_STRING,
  end_time: NULLABLE_STRING,
  type: STRING,
  price: NULLABLE_NUMBER,
  service: NULLABLE_STRING,
  status: ANY,
});
