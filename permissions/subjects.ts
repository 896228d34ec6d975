/**
 * Every subject a permission rule or a schema may name. `npm run validate:schemas` checks schemas against it.
 * FEATURES are the plan-gated parts of the product (spec §6); each is also the subject of its records.
 */
export const FEATURES = [
  // lite, business and premium
  'Client',
  'Service',
  'Appointment',
  'Income',
  'Expense',
  'LeftToPay',
  'Product',
  'Sale',
  'PaymentIntegration',
  'EmailNotification',
  'SmsNotification',
  // business and premium
  'Mileage',
  'ZoomIntegration',
  'IncomeDetails',
  'Class',
  'GiftVoucher',
  'Package',
  'OnlineBooking',
  'Invoice',
  // premium only (Tax also with the tax add-on)
  'DataExport',
  'Marketing',
  'AdvancedReporting',
  'Goal',
  'Tax',
] as const;
export type Feature = (typeof FEATURES)[number];

export const SUBJECTS = [
  ...FEATURES,
  'Location',
  'Discount',
  'CalendarSettings',
  'DashboardSettings',
  'Upload',
  'Profile',
  'Subscription',
  'Outbox',
  'User',
  'AdminArea',
  'PromoCode',
  'AffiliateArea',
  'AffiliateCode',
  'AffiliateStatistic',
  'AffiliatePayout',
  'Referral',
  'News',
  'ApiToken',
  'BellItem',
  'UiConfig',
  'Onboarding',
] as const;
export type Subject = (typeof SUBJECTS)[number];

export const ACTIONS = ['manage', 'read', 'create', 'update', 'delete', 'export', 'impersonate'] as const;
export type Action = (typeof ACTIONS)[number];

export const PLAN_LEVELS = ['lite', 'business', 'premium'] as const;
export type PlanLevel = (typeof PLAN_LEVELS)[number];
