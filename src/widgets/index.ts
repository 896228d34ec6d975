import { preloadable, type CellType, type RendererWidget, type ScreenWidget } from '@soloist/renderer';
import { DashboardCardSettings } from '@soloist/renderer/mui';
import { DiscountCell } from './cells/Discount';

/**
 * Soloist's hand-written widgets, registered by the names schemas use. One import + one entry per widget.
 * `widgets` are form fields (`"ui:widget": "<name>"`); `screenWidgets` are blocks a screen places (`"widget"`),
 * each its own chunk, loaded when a screen first shows it. The calendar, booking wizard and charts arrive here.
 */
// Form fields: none of Soloist's own — the renderer's fields (a message template, lead times as checkboxes) say
// every form the product has.
export const widgets: Record<string, RendererWidget> = {};

// The public booking page: each step is its own chunk, named for its widget, so the page's first screen loads the
// start step only (the server preloads `widget-<name>` for a screen's first widget). The other steps follow on the
// client's first touch or key press, before they are needed.
const steps = {
  'booking-start': () =>
    import(/* webpackChunkName: "widget-booking-start" */ './booking-wizard/start').then((m) => m.StartStep),
  'booking-verify': () =>
    import(/* webpackChunkName: "widget-booking-verify" */ './booking-wizard/verify').then((m) => m.VerifyStep),
  'booking-services': () =>
    import(/* webpackChunkName: "widget-booking-services" */ './booking-wizard/services').then((m) => m.ServicesStep),
  'booking-classes': () =>
    import(/* webpackChunkName: "widget-booking-classes" */ './booking-wizard/classes').then((m) => m.ClassesStep),
  'booking-time': () =>
    import(/* webpackChunkName: "widget-booking-time" */ './booking-wizard/time').then((m) => m.TimeStep),
  'booking-vouchers': () =>
    import(/* webpackChunkName: "widget-booking-purchases" */ './booking-wizard/purchases').then((m) => m.VouchersStep),
  'booking-packages': () =>
    import(/* webpackChunkName: "widget-booking-purchases" */ './booking-wizard/purchases').then((m) => m.PackagesStep),
  'booking-purchase': () =>
    import(/* webpackChunkName: "widget-booking-purchases" */ './booking-wizard/purchases').then((m) => m.PurchaseStep),
  'booking-details': () =>
    import(/* webpackChunkName: "widget-booking-details" */ './booking-wizard/details').then((m) => m.DetailsStep),
  'booking-confirm': () =>
    import(/* webpackChunkName: "widget-booking-confirm" */ './booking-wizard/confirm').then((m) => m.ConfirmStep),
  'booking-done': () =>
    import(/* webpackChunkName: "widget-booking-done" */ './booking-wizard/done').then((m) => m.DoneStep),
};

/** Loads every booking step once the client starts using the page. */
function loadStepsOnFirstUse(): void {
  const loadAll = () => {
    for (const name of ['pointerdown', 'keydown'] as const) document.removeEventListener(name, loadAll, true);
    for (const load of Object.values(steps)) void load().catch(() => undefined); // a step that fails loads again when shown
  };
  for (const name of ['pointerdown', 'keydown'] as const)
    document.addEventListener(name, loadAll, { capture: true, passive: true });
}

const bookingSteps: Record<string, ScreenWidget> = Object.fromEntries(
  Object.entries(steps).map(([name, load]) => [
    name,
    preloadable(() =>
      load().then((step) => {
        if (name === 'booking-start') loadStepsOnFirstUse();
        return { default: step };
      }),
    ),
  ]),
);

export const screenWidgets: Record<string, ScreenWidget> = {
  ...bookingSteps,
  'booking-callback': preloadable(() =>
    import(/* webpackChunkName: "widget-booking-callback" */ './booking-wizard/callback').then((m) => ({
      default: m.BookingCallback,
    })),
  ),
  'booking-confirmation': preloadable(() =>
    import(/* webpackChunkName: "widget-booking-confirmation" */ './booking-wizard/callback').then((m) => ({
      default: m.BookingConfirmation,
    })),
  ),
  'booking-manage': preloadable(() =>
    import(/* webpackChunkName: "widget-booking-manage" */ './booking-wizard/manage').then((m) => ({
      default: m.BookingManage,
    })),
  ),
  calendar: preloadable(() => import(/* webpackChunkName: "widget-calendar" */ './calendar/CalendarWidget')),

  'business-hours': preloadable(
    () => import(/* webpackChunkName: "widget-business-hours" */ './business-hours/BusinessHours'),
  ),
  'setup-checklist': preloadable(
    () => import(/* webpackChunkName: "widget-setup-checklist" */ './setup-checklist/SetupChecklist'),
  ),
  checkout: preloadable(() => import(/* webpackChunkName: "widget-checkout" */ './checkout/Checkout')),
  'net-income': preloadable(() => import(/* webpackChunkName: "widget-net-income" */ './net-income/NetIncome')),
  'tax-estimate': preloadable(() => import(/* webpackChunkName: "widget-tax-estimate" */ './tax-estimate/TaxEstimate')),
  'subscription-plans': preloadable(
    () => import(/* webpackChunkName: "widget-subscription-plans" */ './subscription/Plans'),
  ),
  'subscription-cards': preloadable(
    () => import(/* webpackChunkName: "widget-subscription-cards" */ './subscription/Cards'),
  ),
  'trial-start': preloadable(() => import(/* webpackChunkName: "widget-trial-start" */ './subscription/TrialStart')),
  credits: preloadable(() => import(/* webpackChunkName: "widget-credits" */ './credits/Credits')),
  // The renderer's screen editor for admins: its own chunk, loaded on /admin/screens only.
  'screen-editor': preloadable(() => import(/* webpackChunkName: "widget-screen-editor" */ '@soloist/renderer/editor')),
  'payments-integration': preloadable(
    () => import(/* webpackChunkName: "widget-payments-integration" */ './integrations/PaymentsIntegration'),
  ),
  'class-sessions': preloadable(
    () => import(/* webpackChunkName: "widget-class-sessions" */ './class-sessions/ClassSessions'),
  ),
  'zoom-integration': preloadable(
    () => import(/* webpackChunkName: "widget-zoom-integration" */ './integrations/ZoomIntegration'),
  ),
  // The dashboard and goals: charts draw a card's `chart`, one chunk per chart type (each its nivo package only).
  'chart-line': preloadable(() => import(/* webpackChunkName: "widget-chart-line" */ './charts/line')),
  'chart-bar': preloadable(() => import(/* webpackChunkName: "widget-chart-bar" */ './charts/bar')),
  'chart-pie': preloadable(() => import(/* webpackChunkName: "widget-chart-pie" */ './charts/pie')),
  'chart-calendar': preloadable(() => import(/* webpackChunkName: "widget-chart-calendar" */ './charts/calendar')),
  'dashboard-agenda': preloadable(() => import(/* webpackChunkName: "widget-dashboard-agenda" */ './dashboard/Agenda')),
  // The renderer's editor of a dashboard's card settings.
  'dashboard-settings': DashboardCardSettings,
  'analytics-upsell': preloadable(
    () => import(/* webpackChunkName: "widget-analytics-upsell" */ './dashboard/AnalyticsUpsell'),
  ),
  'client-import': preloadable(
    () => import(/* webpackChunkName: "widget-client-import" */ './client-import/ClientImport'),
  ),
  'analytics-details': preloadable(
    () => import(/* webpackChunkName: "widget-analytics-details" */ './analytics-details/AnalyticsDetails'),
  ),
  'export-information-settings': preloadable(
    () => import(/* webpackChunkName: "widget-export-information" */ './export-information/ExportSettingsForm'),
  ),
  'export-information-archives': preloadable(
    () => import(/* webpackChunkName: "widget-export-information" */ './export-information/ExportArchives'),
  ),
  'goal-progress': preloadable(() => import(/* webpackChunkName: "widget-goal-progress" */ './goals/GoalProgress')),
  ...Object.fromEntries(
    (
      [
        ['goal-category', 'CategoryStep'],
        ['goal-timeframe', 'TimeframeStep'],
        ['goal-amount', 'AmountStep'],
        ['goal-review', 'ReviewStep'],
      ] as const
    ).map(([name, step]) => [
      name,
      preloadable(() =>
        import(/* webpackChunkName: "widget-goal-wizard" */ './goals/steps').then((m) => ({ default: m[step] })),
      ),
    ]),
  ),
};

/** The app's own column types (`"type": "x-…"` in a list or detail screen). */
export const cellTypes: Record<string, CellType> = { 'x-discount': DiscountCell };
