/** Square for online booking: the seller's OAuth connection, payments through payment links, and webhooks. */
export { squareOAuth, SQUARE_SCOPES } from './oauth';
export { squarePayments } from './payments';
export { squareWebhookEvent, type SquareWebhookEvent } from './webhook';
