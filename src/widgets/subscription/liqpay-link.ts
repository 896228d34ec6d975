/**
 * LiqPay's checkout opened as a link (`/api/3/checkout?data=…&signature=…`, as LiqPay documents besides the form
 * post): the app's policy lets forms post only to itself, and a navigation needs no exception.
 */
export const liqpayLink = (checkout: { url: string; data: string; signature: string }): string =>
  `${checkout.url}?${new URLSearchParams({ data: checkout.data, signature: checkout.signature })}`;

/** `Business Monthly` → `business-monthly`: the plan id a plan name stands for. */
export const planId = (planName: string | null): string => (planName ?? '').toLowerCase().replace(/\s+/g, '-');
