import { lazy } from 'react';
import type { RendererWidget, ScreenWidget } from '../../renderer';

/**
 * Soloist's hand-written widgets, registered by the names schemas use. One import + one entry per widget.
 * `widgets` are form fields (`"ui:widget": "<name>"`); `screenWidgets` are blocks a screen places (`"widget"`),
 * each its own chunk, loaded when a screen first shows it. The calendar, booking wizard and charts arrive here.
 */
export const widgets: Record<string, RendererWidget> = {};

// The public booking page's steps share one chunk: a client going through the wizard needs them all.
const bookingSteps = () => import(/* webpackChunkName: "widget-booking" */ './booking-wizard/steps');
const bookingPages = () => import(/* webpackChunkName: "widget-booking-pages" */ './booking-wizard/pages');

export const screenWidgets: Record<string, ScreenWidget> = {
  'booking-start': lazy(() => bookingSteps().then((m) => ({ default: m.StartStep }))),
  'booking-verify': lazy(() => bookingSteps().then((m) => ({ default: m.VerifyStep }))),
  'booking-services': lazy(() => bookingSteps().then((m) => ({ default: m.ServicesStep }))),
  'booking-classes': lazy(() => bookingSteps().then((m) => ({ default: m.ClassesStep }))),
  'booking-time': lazy(() => bookingSteps().then((m) => ({ default: m.TimeStep }))),
  'booking-vouchers': lazy(() => bookingSteps().then((m) => ({ default: m.VouchersStep }))),
  'booking-packages': lazy(() => bookingSteps().then((m) => ({ default: m.PackagesStep }))),
  'booking-purchase': lazy(() => bookingSteps().then((m) => ({ default: m.PurchaseStep }))),
  'booking-details': lazy(() => bookingSteps().then((m) => ({ default: m.DetailsStep }))),
  'booking-confirm': lazy(() => bookingSteps().then((m) => ({ default: m.ConfirmStep }))),
  'booking-done': lazy(() => bookingSteps().then((m) => ({ default: m.DoneStep }))),
  'booking-callback': lazy(() => bookingPages().then((m) => ({ default: m.BookingCallback }))),
  'booking-manage': lazy(() => bookingPages().then((m) => ({ default: m.BookingManage }))),
  'booking-confirmation': lazy(() => bookingPages().then((m) => ({ default: m.BookingConfirmation }))),
  calendar: lazy(() => import(/* webpackChunkName: "widget-calendar" */ './calendar/CalendarWidget')),
  'affiliate-code': lazy(() => import(/* webpackChunkName: "widget-affiliate-code" */ './affiliate-code/AffiliateCode')),
  'business-hours': lazy(() => import(/* webpackChunkName: "widget-business-hours" */ './business-hours/BusinessHours')),
  'setup-checklist': lazy(() => import(/* webpackChunkName: "widget-setup-checklist" */ './setup-checklist/SetupChecklist')),
  'subscription-status': lazy(() => import(/* webpackChunkName: "widget-subscription-status" */ './subscription-status/SubscriptionStatus')),
};
