import {
  ANY,
  BOOLEAN,
  INTEGER,
  NULLABLE_NUMBER,
  NULLABLE_STRING,
  NUMBER,
  object,
  STRING,
} from '../../engine/responses';

const list = (items: unknown) => ({ type: 'array', items });

/** A verified client's name, or null for someone the owner does not know yet. */
export const NAME_OR_NULL = {
  type: ['object', 'null'],
  properties: { first_name: NULLABLE_STRING, last_name: NULLABLE_STRING },
} as const;

/** The public page as the wizard first reads it (page.ts). */
export const PAGE = object({
  name: STRING,
  open: BOOLEAN,
  message: NULLABLE_STRING,
  currency: STRING,
  /** The owner's words to clients who pay online (payment settings); null when none. */
  payment_note: NULLABLE_STRING,
  time_zone: STRING,
  existing_clients_only: BOOLEAN,
  remember_days: NUMBER,
  services: list(
    object({
      id: STRING,
      title: STRING,
      description: NULLABLE_STRING,
      duration: INTEGER,
      price: NUMBER,
      deposit: NUMBER,
      multipart: BOOLEAN,
      question: NULLABLE_STRING,
      at_client: BOOLEAN,
      colour: NULLABLE_STRING,
    }),
  ),
  classes: list(
    object({
      id: STRING,
      title: STRING,
      description: NULLABLE_STRING,
      price: NUMBER,
      duration: INTEGER,
      deposit: NUMBER,
      sessions: INTEGER,
    }),
  ),
  vouchers: list(
    object({
      id: STRING,
      title: STRING,
      description: NULLABLE_STRING,
      amount: NUMBER,
      colour: NULLABLE_STRING,
      template: NULLABLE_STRING,
      expires_on: NULLABLE_STRING,
      client_notes: BOOLEAN,
    }),
  ),
  packages: list(
    object({
      id: STRING,
      title: STRING,
      description: NULLABLE_STRING,
      price: NUMBER,
      expiry_days: { type: ['integer', 'null'] },
      services: list(STRING),
    }),
  ),
  verified: {
    type: ['object', 'null'],
    properties: {
      destination: STRING,
      channel: STRING,
      client: NAME_OR_NULL,
      /** The client's packages with sessions left, each service by its public id (what they may book with). */
      packages: list(
        object({
          title: STRING,
          expires_on: NULLABLE_STRING,
          services: list(object({ id: STRING, title: STRING, left: INTEGER })),
        }),
      ),
    },
  },
});

/** A class offered online, with its coming sessions and the seats left in each (offerings.ts). */
export const OFFERED_CLASS = object({
  id: STRING,
  title: STRING,
  description: NULLABLE_STRING,
  price: NUMBER,
  duration: INTEGER,
  colour: NULLABLE_STRING,
  deposit: NUMBER,
  sessions: list(object({ date: STRING, start_time: STRING, seats_left: INTEGER })),
});

/** A held time or seat: its token for the booking, and what it is for. */
export const HOLD = object({
  token: STRING,
  expires_at: STRING,
  date: STRING,
  start_time: STRING,
  end_time: STRING,
  service: object({ id: STRING, title: STRING, price: NUMBER, duration: INTEGER }),
  deposit: NUMBER,
});

/** How a held time or seat is paid (redeem.ts: planPayment): a package of the client's, a voucher, the rest. */
export const QUOTE = object(
  {
    price: NUMBER,
    deposit: NUMBER,
    left_to_pay: NUMBER,
    package: {
      type: ['object', 'null'],
      properties: { title: STRING, expires_on: NULLABLE_STRING, sessions_left: INTEGER },
      required: ['title', 'expires_on', 'sessions_left'],
    },
    package_used: BOOLEAN,
    voucher: {
      type: ['object', 'null'],
      properties: { code: STRING, title: STRING, amount_left: NUMBER, applied: NUMBER },
      required: ['code', 'title', 'amount_left', 'applied'],
    },
  },
  { required: ['price', 'deposit', 'left_to_pay', 'package', 'package_used', 'voucher'] },
);

/** A booked time or seat as the client sees it (manage.ts: presentAppointment, presentSeat). */
export const BOOKING = object({
  owner: STRING,
  service: NULLABLE_STRING,
  date: STRING,
  start_time: STRING,
  end_time: STRING,
  price: NUMBER,
  paid: NUMBER,
  address: NULLABLE_STRING,
});

/** A voucher or package bought on the page (purchases.ts: presentPurchase). */
export const PURCHASE = object({
  kind: { enum: ['voucher', 'package'] },
  owner: STRING,
  title: STRING,
  code: NULLABLE_STRING,
  amount: NUMBER,
  amount_left: NULLABLE_NUMBER,
  expires_on: NULLABLE_STRING,
  recipient_name: NULLABLE_STRING,
});

/** Where a booking or purchase stands: booked (with it), or waiting for the payment on the provider's page. */
export const CHECKOUT = object(
  {
    status: STRING,
    payment_url: STRING,
    manage_token: STRING,
    booking: BOOKING,
    purchase: PURCHASE,
  },
  { required: ['status'] },
);

/** A client's own booking, voucher or package, as the manage page shows it (manage-routes.ts, purchases.ts). */
export const MANAGED = object(
  {
    owner: STRING,
    service: NULLABLE_STRING,
    date: STRING,
    start_time: STRING,
    end_time: STRING,
    price: NUMBER,
    paid: NUMBER,
    address: NULLABLE_STRING,
    status: STRING,
    starts_at: STRING,
    ends_at: STRING,
    change_until: STRING,
    can_change: BOOLEAN,
    reschedule_service: NULLABLE_STRING,
    /** A cancelled booking's payment ahead: what of it the owner keeps, or that it was refunded; else null. */
    deposit: { type: ['object', 'null'], properties: { amount: NUMBER, refunded: BOOLEAN } },
    kind: ANY,
  },
  { open: true },
);

/** The owner's online-booking settings (settings.ts). */
export const SETTINGS = object(
  {
    enabled: BOOLEAN,
    slug: STRING,
    service_ids: list(INTEGER),
    class_ids: list(INTEGER),
    package_ids: list(INTEGER),
    existing_clients_only: BOOLEAN,
    block_new_bookings: BOOLEAN,
    remember_days: NUMBER,
    deposit_mode: STRING,
    page_url: STRING,
    /** Why deposits are not taken online (no card provider connected, or it needs connecting again); null when they are. */
    payments_notice: NULLABLE_STRING,
  },
  { open: true },
);
