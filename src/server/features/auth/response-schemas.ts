import { BOOLEAN, INTEGER, NULLABLE_INTEGER, NULLABLE_STRING, object, STRING } from '../../engine/responses';

const list = (items: unknown) => ({ type: 'array', items });
const oneOf = (...values: string[]) => ({ type: 'string', enum: values });

/** The subscription as the app shows it (domain/subscription.ts subscriptionView, and the billing interval). */
const SUBSCRIPTION = object({
  plan_name: NULLABLE_STRING,
  status: STRING,
  valid: BOOLEAN,
  ends_at: NULLABLE_STRING,
  trial_ends_at: NULLABLE_STRING,
  has_incomplete_payment: BOOLEAN,
  addons: list(STRING),
  stage: oneOf('trial', 'subscriber', 'gracePeriod', 'unsubscriber', 'lapsed'),
  read_only: BOOLEAN,
  deletion_in_days: NULLABLE_INTEGER,
  interval: NULLABLE_STRING,
  /** The next billing date (the end of the period being paid); null when none is coming. */
  next_billing_date: NULLABLE_STRING,
  /** A downgrade that takes effect at the next billing date. */
  pending_plan_name: NULLABLE_STRING,
  subscribed: BOOLEAN,
  auto_renew: BOOLEAN,
});

/** A weekday's hours (domain/calendar-settings.ts BusinessTime): id 1–7 is Monday–Sunday. */
const BUSINESS_TIME = object(
  {
    id: INTEGER,
    weekday: INTEGER,
    open: BOOLEAN,
    start: STRING,
    end: STRING,
    breaks: list(object({ start: STRING, end: STRING })),
  },
  { required: ['id', 'weekday', 'open', 'start', 'end'] },
);

/** The settings groups of spec §3, each its defaults overridden by what the owner saved. */
const SETTINGS = {
  calendarSettings: object({
    time_zone: STRING,
    slot_step: INTEGER,
    min_notice_minutes: INTEGER,
    week_starts_on: INTEGER,
    default_view: STRING,
  }),
  businessTimeSettings: list(BUSINESS_TIME),
  paymentSettings: object({}),
  dashboardSettings: object({
    cards: list(object({ id: STRING, shown: BOOLEAN }, { required: ['id', 'shown'] })),
  }),
  // As saved (online-booking/settings.ts): the page's address and its services are kept elsewhere.
  bookingSettings: object(
    {
      enabled: BOOLEAN,
      service_ids: list(INTEGER),
      class_ids: list(INTEGER),
      package_ids: list(INTEGER),
      existing_clients_only: BOOLEAN,
      block_new_bookings: BOOLEAN,
      remember_days: INTEGER,
      deposit_mode: oneOf('none', 'per_service', 'full'),
    },
    { required: [] },
  ),
  notificationSettings: object({
    sms: object({ auto_renew: BOOLEAN }),
    email: object({ auto_renew: BOOLEAN }),
  }),
};

/**
 * The signed-in user as the app reads them (infra/users.ts presentUser, and their active locations): every field,
 * so the browser's type (domain/current-user.ts) is generated from it and nothing it reads is dropped.
 */
export const USER = object({
  id: INTEGER,
  is_admin: BOOLEAN,
  is_affiliate: BOOLEAN,
  is_api_user: BOOLEAN,
  marketing_available: BOOLEAN,
  email: STRING,
  first_name: STRING,
  last_name: STRING,
  email_verified_at: NULLABLE_STRING,
  is_premium: BOOLEAN,
  role: oneOf('users', 'affiliates'),
  plan_level: { type: ['string', 'null'], enum: ['lite', 'business', 'premium', null] },
  read_only: BOOLEAN,
  credits_amount: INTEGER,
  credits: object({ sms: INTEGER, email: INTEGER }),
  subscription: SUBSCRIPTION,
  locale: STRING,
  region: oneOf('GB', 'UA', 'OTHER'),
  currency: STRING,
  country: STRING,
  locations: list(
    object({
      id: INTEGER,
      title: NULLABLE_STRING,
      address_1: NULLABLE_STRING,
      city: NULLABLE_STRING,
      post_code: NULLABLE_STRING,
    }),
  ),
  ...SETTINGS,
  affiliate: { type: ['object', 'null'], properties: { code: NULLABLE_STRING } },
  impersonating: BOOLEAN,
});
