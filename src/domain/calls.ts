import type { ApiResponse, ApiRoutes } from './generated/api';

/**
 * The route behind each named call of schemas/calls.json that widgets read a typed answer from (a unit test keeps
 * the two the same): widgets name the call, never the URL, and get the route's answer type by the call's name.
 */
export const CALL_ROUTES = {
  'appointments.range': 'GET /api/v1/appointments',
  'bell.news': 'GET /api/v1/user/news',
  'bell.notifications': 'GET /api/v1/user/notifications',
  'booking.book': 'POST /api/v1/online-booking/:slug/bookings',
  'booking.classes': 'GET /api/v1/online-booking/:slug/classes',
  'booking.code': 'POST /api/v1/online-booking/:slug/codes',
  'booking.hold': 'POST /api/v1/online-booking/:slug/holds',
  'booking.managed': 'GET /api/v1/online-booking/:slug/bookings/:token',
  'booking.page': 'GET /api/v1/online-booking/:slug',
  'booking.payment': 'GET /api/v1/online-booking/:slug/payments/:payment',
  'booking.purchase': 'POST /api/v1/online-booking/:slug/purchases',
  'booking.quote': 'POST /api/v1/online-booking/:slug/quotes',
  'booking.slots': 'GET /api/v1/online-booking/:slug/services/:service/slots',
  'booking.verify': 'POST /api/v1/online-booking/:slug/codes/verify',
  'classes.sessions': 'GET /api/v1/classes/sessions',
  'classes.session-list': 'GET /api/v1/classes/:id/sessions',
  'credits.balance': 'GET /api/v1/user/credits',
  'credits.sms-bundles': 'GET /api/v1/data/sms-bundles',
  integrations: 'GET /api/v1/integrations',
  'marketing.count': 'POST /api/v1/marketing/count',
  'marketing.messages': 'GET /api/v1/marketing/messages/:id',
  'marketing.sales': 'GET /api/v1/marketing/sales',
  'search.quick': 'GET /api/v1/search',
  'subscription.addons': 'GET /api/v1/subscription/addons',
  'subscription.cards': 'GET /api/v1/subscription/cards',
  'subscription.plans': 'GET /api/v1/subscription/plans',
} as const satisfies Record<string, keyof ApiRoutes>;

export type CallRoutes = typeof CALL_ROUTES;
export type CallName = keyof CallRoutes;

/** A named call's answer (its success for `status`, or any of its successes): `CallAnswer<'booking.page'>`. */
export type CallAnswer<
  N extends CallName,
  S extends keyof ApiRoutes[CallRoutes[N]]['responses'] = keyof ApiRoutes[CallRoutes[N]]['responses'],
> = ApiResponse<CallRoutes[N], S>;
