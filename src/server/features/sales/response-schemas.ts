import { BOOLEAN, INTEGER, NULLABLE_INTEGER, NULLABLE_STRING, object, STRING } from '../../engine/responses';
import { listMeta } from '../../core/list-totals';
import { REFUND } from '../../core/refund-response';

const CLIENT = {
  type: ['object', 'null'],
  properties: { id: INTEGER, first_name: STRING, last_name: NULLABLE_STRING },
  required: ['id', 'first_name', 'last_name'],
} as const;

/** A line of a sale: what was sold (title at the time), how many, at what unit price, and the line's total. */
export const SALE_ITEM = object(
  {
    id: INTEGER,
    kind: STRING,
    item_id: NULLABLE_INTEGER,
    title: STRING,
    quantity: INTEGER,
    unit_price: INTEGER,
    total: INTEGER,
    /** The gift voucher codes this line created (gift vouchers only). */
    codes: { type: 'array', items: STRING },
    /** The package sales this line created (packages only). */
    package_sale_ids: { type: 'array', items: INTEGER },
  },
  {
    required: ['id', 'kind', 'item_id', 'title', 'quantity', 'unit_price', 'total', 'codes', 'package_sale_ids'],
  },
);

const SALE_FIELDS = {
  id: INTEGER,
  date: STRING,
  created_at: STRING,
  checkout_id: NULLABLE_INTEGER,
  client: CLIENT,
  total: INTEGER,
  discount: INTEGER,
  paid: INTEGER,
  left_to_pay: INTEGER,
  currency: STRING,
  /** The client's name in one; what the client is to pay (the total less the discount); paid, owing, refunded or cancelled. */
  client_name: NULLABLE_STRING,
  amount: INTEGER,
  status: STRING,
  /** May be cancelled (nothing was paid for it) or refunded (something was, and not given back yet). */
  cancellable: BOOLEAN,
  refundable: BOOLEAN,
  refunded: BOOLEAN,
  /** When a sale nothing was paid for was cancelled, and why. */
  cancelled_at: NULLABLE_STRING,
  cancel_reason: NULLABLE_STRING,
};
const SALE_REQUIRED = Object.keys(SALE_FIELDS);

/** A sale in a list: its totals and what it sold, in short. */
export const SALE = object(
  {
    ...SALE_FIELDS,
    items: {
      type: 'array',
      items: object({ kind: STRING, title: STRING, quantity: INTEGER }, { required: ['kind', 'title', 'quantity'] }),
    },
  },
  { required: [...SALE_REQUIRED, 'items'] },
);

export const SALE_PAGE = object(
  {
    data: { type: 'array', items: SALE },
    meta: listMeta({ amount: 'money', paid: 'money', left: 'money', count: 'count' }),
  },
  { required: ['data', 'meta'] },
);

/** A sale's payment: a ledger row paying it, with its refunds. */
const SALE_PAYMENT = object(
  {
    id: INTEGER,
    method: STRING,
    amount: INTEGER,
    date: STRING,
    created_at: STRING,
    voucher_sale_id: NULLABLE_INTEGER,
    refunds: { type: 'array', items: REFUND },
    /** All of it given back, in parts or at once. */
    refunded: BOOLEAN,
    /** What is left to refund of it (minor units). */
    refundable: INTEGER,
  },
  {
    required: ['id', 'method', 'amount', 'date', 'created_at', 'voucher_sale_id', 'refunds', 'refunded', 'refundable'],
  },
);

/** One sale (spec §3): items, quantity, total, the client, and its payments with their refunds. */
export const SALE_DETAIL = object(
  {
    data: object(
      {
        ...SALE_FIELDS,
        items: { type: 'array', items: SALE_ITEM },
        payments: { type: 'array', items: SALE_PAYMENT },
      },
      { required: [...SALE_REQUIRED, 'items', 'payments'] },
    ),
  },
  { required: ['data'] },
);

/** A sale with something left to pay. */
export const SALE_LEFT_TO_PAY_PAGE = SALE_PAGE;
