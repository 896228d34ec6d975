import { BOOLEAN, INTEGER, NULLABLE_STRING, object, pageMeta, STRING } from '../../engine/responses';

const list = (items: unknown) => object({ data: { type: 'array', items } }, { required: ['data'] });
const listWith = (more: Record<string, unknown>, items: unknown) =>
  object({ data: { type: 'array', items }, ...more }, { required: ['data', ...Object.keys(more)] });

const PROMO = {
  anyOf: [
    { type: 'null' },
    object(
      { code: STRING, kind: STRING, value: INTEGER, currency: NULLABLE_STRING, ends_at: STRING },
      { required: ['code', 'kind', 'value', 'currency', 'ends_at'] },
    ),
  ],
};

/**
 * A plan as the subscription page offers it: its price for one period in the owner's billing currency; beside the
 * list, the promo code discounting the owner's plan now (null when none) and who takes the payments: LiqPay (its
 * page, for UA owners) or the card provider.
 */
export const PLANS_LIST = listWith(
  { promo: PROMO, provider: { type: 'string', enum: ['stripe', 'liqpay'] } },
  object(
    {
      id: STRING,
      name: STRING,
      level: STRING,
      interval: STRING,
      price: INTEGER,
      currency: STRING,
      sms_credits: INTEGER,
      current: BOOLEAN,
    },
    { required: ['id', 'name', 'level', 'interval', 'price', 'currency', 'sms_credits', 'current'] },
  ),
);

/** The provider's invoices for the owner's plan, each with its PDF: one page of a list, as the list screens read. */
export const HISTORY = object(
  {
    data: {
      type: 'array',
      items: object(
        {
          id: STRING,
          number: NULLABLE_STRING,
          description: NULLABLE_STRING,
          date: STRING,
          total: INTEGER,
          currency: STRING,
          status: STRING,
          pdf_url: NULLABLE_STRING,
          url: NULLABLE_STRING,
        },
        { required: ['id', 'number', 'description', 'date', 'total', 'currency', 'status', 'pdf_url', 'url'] },
      ),
    },
    meta: pageMeta,
  },
  { required: ['data', 'meta'] },
);

/** A saved card: never its number, only what identifies it to its owner. */
export const CARDS = list(
  object(
    { id: STRING, brand: STRING, last4: STRING, exp_month: INTEGER, exp_year: INTEGER, default: BOOLEAN },
    { required: ['id', 'brand', 'last4', 'exp_month', 'exp_year', 'default'] },
  ),
);

/** The provider's hosted page where a card is saved. */
export const CARD_SETUP = object({ data: object({ url: STRING }, { required: ['url'] }) }, { required: ['data'] });

/** An add-on as the subscription page offers it (see `addonOffers`). */
export const ADDONS_LIST = list(
  object(
    {
      id: STRING,
      name: STRING,
      price: INTEGER,
      currency: STRING,
      interval: STRING,
      included: BOOLEAN,
      active: BOOLEAN,
      ends_at: NULLABLE_STRING,
    },
    { required: ['id', 'name', 'price', 'currency', 'interval', 'included', 'active', 'ends_at'] },
  ),
);
