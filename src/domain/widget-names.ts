import { BUILTIN_SCREEN_KINDS, BUILTIN_WIDGETS } from '@soloist/renderer/core';

/**
 * The names the app's code gives schemas, without loading React: the schema checks read them at build time
 * (`npm run validate:schemas`) and on each reload on the server. A unit test keeps them equal to the registries
 * in ./index.ts; a widget added there is added here too.
 */

/** Form widgets the app adds to the renderer's (`"ui:widget"`). */
export const APP_WIDGETS: readonly string[] = [];

/** Blocks a screen places (`"widget"` of a card or a wizard step). */
export const APP_SCREEN_WIDGETS: readonly string[] = [
  'booking-start',
  'booking-verify',
  'booking-services',
  'booking-classes',
  'booking-time',
  'booking-vouchers',
  'booking-packages',
  'booking-purchase',
  'booking-details',
  'booking-confirm',
  'booking-done',
  'booking-callback',
  'booking-confirmation',
  'booking-manage',
  'calendar',
  'business-hours',
  'setup-checklist',
  'checkout',
  'net-income',
  'tax-estimate',
  'subscription-plans',
  'subscription-cards',
  'credits',
  'trial-start',
  'payments-integration',
  'class-sessions',
  'zoom-integration',
  'chart-line',
  'chart-bar',
  'chart-pie',
  'chart-calendar',
  'dashboard-agenda',
  'dashboard-settings',
  'analytics-upsell',
  'client-import',
  'analytics-details',
  'export-information-settings',
  'export-information-archives',
  'goal-progress',
  'goal-category',
  'goal-timeframe',
  'goal-amount',
  'goal-review',
  'screen-editor',
];

/** The host's own cell types and list views (`x-…` column types and views). */
export const APP_CELL_TYPES: readonly string[] = ['x-discount'];
export const APP_LIST_VIEWS: readonly string[] = [];

/** Every name a schema may use that only code defines: the renderer's built-ins and the app's own. */
export const CODE_NAMES = {
  screenKinds: BUILTIN_SCREEN_KINDS,
  widgets: [...BUILTIN_WIDGETS, ...APP_WIDGETS],
  screenWidgets: APP_SCREEN_WIDGETS,
  cellTypes: APP_CELL_TYPES,
  listViews: APP_LIST_VIEWS,
};
