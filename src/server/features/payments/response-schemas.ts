import { BOOLEAN, INTEGER, NULLABLE_INTEGER, NULLABLE_STRING, object, STRING } from '../../engine/responses';
import { REFUND } from '../../core/refund-response';
import { listMeta } from '../../core/list-totals';

const CLIENT = {
  type: ['object', 'null'],
  properties: { id: INTEGER, first_name: STRING, last_name: NULLABLE_STRING },
  required: ['id', 'first_name', 'last_name'],
} as const;

/** A payment (spec §3): id, type, method, date, amount (minor units), and its refunds. */
export const PAYMENT = object(
  {
    id: INTEGER,
    type: STRING,
    method: STRING,
    amount: INTEGER,
    currency: STRING,
    date: STRING,
    created_at: STRING,
    appointment_id: NULLABLE_INTEGER,
    checkout_id: NULLABLE_INTEGER,
    sale_id: NULLABLE_INTEGER,
    /** Taken online by a card provider: refunded there, not from this list. */
    online: BOOLEAN,
    /** Paid from a gift voucher's balance or a package's session: it settles what it pays, no money came in. */
    redemption: BOOLEAN,
    /** The money it brought in: its amount, or 0 for a redemption (its voucher's or package's sale was the income). */
    income: INTEGER,
    client: CLIENT,
    /** The client's name in one, for a list's column. */
    client_name: NULLABLE_STRING,
    refunds: { type: 'array', items: REFUND },
    /** All of it given back, in parts or at once. */
    refunded: BOOLEAN,
    /** What is left to refund of it (minor units): the amount less its refunds. */
    refundable: INTEGER,
    /** paid, part_refunded, refunded, or a redemption (no money came in). */
    status: STRING,
  },
  {
    required: [
      'id',
      'type',
      'method',
      'amount',
      'currency',
      'date',
      'created_at',
      'appointment_id',
      'checkout_id',
      'sale_id',
      'online',
      'redemption',
      'income',
      'client',
      'client_name',
      'refunds',
      'refunded',
      'refundable',
      'status',
    ],
  },
);

export const PAYMENT_PAGE = object(
  {
    data: { type: 'array', items: PAYMENT },
    meta: listMeta({ income: 'money', received: 'money', refunds: 'money', count: 'count' }),
  },
  { required: ['data', 'meta'] },
);

/** A recorded checkout: what was owed, the discount it took, what was paid and the ledger rows written. */
export const CHECKOUT = object(
  {
    id: INTEGER,
    client_id: NULLABLE_INTEGER,
    discount_kind: NULLABLE_STRING,
    discount_value: NULLABLE_INTEGER,
    owed: INTEGER,
    discount: INTEGER,
    paid: INTEGER,
    currency: STRING,
    date: STRING,
    payments: {
      type: 'array',
      items: object(
        {
          id: INTEGER,
          appointment_id: NULLABLE_INTEGER,
          class_seat_id: NULLABLE_INTEGER,
          sale_id: NULLABLE_INTEGER,
          type: STRING,
          method: STRING,
          amount: INTEGER,
          voucher_sale_id: NULLABLE_INTEGER,
          package_sale_id: NULLABLE_INTEGER,
        },
        {
          required: [
            'id',
            'appointment_id',
            'class_seat_id',
            'sale_id',
            'type',
            'method',
            'amount',
            'voucher_sale_id',
            'package_sale_id',
          ],
        },
      ),
    },
    sale_id: NULLABLE_INTEGER,
  },
  {
    required: [
      'id',
      'client_id',
      'discount_kind',
      'discount_value',
      'owed',
      'discount',
      'paid',
      'currency',
      'date',
      'payments',
      'sale_id',
    ],
  },
);

/** The checkout answer (spec §3): `status` success, or fail when nothing was added (a 422 with field messages). */
export const CHECKOUT_DONE = object(
  { status: { type: 'string', enum: ['success'] }, data: CHECKOUT, message: STRING },
  { required: ['status', 'data', 'message'] },
);
export const CHECKOUT_FAILED = object(
  {
    status: { type: 'string', enum: ['fail'] },
    message: STRING,
    errors: { type: 'object', additionalProperties: { type: 'array', items: STRING } },
  },
  // `status` is added when the refusal is sent (the route's onSend), after the errors plugin shaped it.
  { required: ['message'] },
);

/** What a refund wrote: a payment's, a checkout's or a sale's refund rows (none for a sale cancelled unpaid). */
export const REFUNDED = object(
  { message: STRING, refund_ids: { type: 'array', items: INTEGER } },
  { required: ['message', 'refund_ids'] },
);

/**
 * An appointment, or a seat in a class session (`kind` class: `id` is the seat's, `service` the class's title), with
 * something left to pay: when, what, for whom, and how much is owed.
 */
export const LEFT_TO_PAY = object(
  {
    id: INTEGER,
    kind: { type: 'string', enum: ['appointment', 'class'] },
    date: STRING,
    start_time: NULLABLE_STRING,
    service: NULLABLE_STRING,
    clients: { type: 'array', items: CLIENT },
    /** The clients' names in one, and the first client (whose checkout a row opens). */
    client_name: NULLABLE_STRING,
    client_id: NULLABLE_INTEGER,
    price: INTEGER,
    amount: INTEGER,
    payment_status: STRING,
  },
  {
    required: [
      'id',
      'kind',
      'date',
      'start_time',
      'service',
      'clients',
      'client_name',
      'client_id',
      'price',
      'amount',
      'payment_status',
    ],
  },
);

export const LEFT_TO_PAY_PAGE = object(
  { data: { type: 'array', items: LEFT_TO_PAY }, meta: listMeta({ left: 'money', count: 'count' }) },
  { required: ['data', 'meta'] },
);

/** Totals of a period over the ledger; `by_method` (income details) on the plans that have them. */
export const STATISTIC = object(
  {
    from: STRING,
    to: STRING,
    income: INTEGER,
    payments: INTEGER,
    refunds: INTEGER,
    count: INTEGER,
    by_method: {
      type: 'array',
      items: object({ method: STRING, income: INTEGER, count: INTEGER }, { required: ['method', 'income', 'count'] }),
    },
    /** Appointments' net income per service (sales, standalone payments and class sessions are not in it). */
    by_service: {
      type: 'array',
      items: object(
        { service_id: NULLABLE_INTEGER, title: NULLABLE_STRING, amount: INTEGER },
        { required: ['service_id', 'title', 'amount'] },
      ),
    },
  },
  { required: ['from', 'to', 'income', 'payments', 'refunds', 'count'] },
);

export const LEFT_TO_PAY_STATISTIC = object({ amount: INTEGER, count: INTEGER }, { required: ['amount', 'count'] });
