/**
 * The local stand-in for Stripe (development and tests): its server and the parts of Stripe's API it speaks live
 * in `local-stripe/`; this entry keeps the one import path the app and the tests use.
 */
export { DECLINED_CARD, FAILING_CARD } from './cards';
export { API_VERSION, signWebhook } from './events';
export { startLocalProvider, type LocalProvider } from './server';
export { localProviderStateFile } from './state-file';
