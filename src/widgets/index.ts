import { lazy } from 'react';
import type { RendererWidget, ScreenWidget } from '../../renderer';

/**
 * Soloist's hand-written widgets, registered by the names schemas use. One import + one entry per widget.
 * `widgets` are form fields (`"ui:widget": "<name>"`); `screenWidgets` are blocks a screen places (`"widget"`),
 * each its own chunk, loaded when a screen first shows it. The calendar, booking wizard and charts arrive here.
 */
export const widgets: Record<string, RendererWidget> = {};

export const screenWidgets: Record<string, ScreenWidget> = {
  calendar: lazy(() => import(/* webpackChunkName: "widget-calendar" */ './calendar/CalendarWidget')),
  'affiliate-code': lazy(() => import(/* webpackChunkName: "widget-affiliate-code" */ './affiliate-code/AffiliateCode')),
  'business-hours': lazy(() => import(/* webpackChunkName: "widget-business-hours" */ './business-hours/BusinessHours')),
  'subscription-status': lazy(() => import(/* webpackChunkName: "widget-subscription-status" */ './subscription-status/SubscriptionStatus')),
};
