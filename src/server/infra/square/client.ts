import { SquareClient, SquareEnvironment } from 'square';

/** The API's base URL: Square's production one unless another Square-compatible server is named (the stand-in). */
export const apiBase = (baseUrl: string | undefined): string =>
  (baseUrl ?? SquareEnvironment.Production).replace(/\/+$/, '');

/**
 * The SDK's client at `baseUrl`: a short timeout and one retry of a 5xx or 429 (the SDK's default is two, each
 * after a pause, too long for a request someone is waiting on). With a `token` it acts for that seller; without,
 * it sends no bearer token (ObtainToken, and RevokeToken whose `Authorization: Client …` is given per call).
 */
export const squareClient = (baseUrl: string | undefined, token?: string): SquareClient =>
  new SquareClient({
    baseUrl: apiBase(baseUrl),
    timeoutInSeconds: 10,
    maxRetries: 1,
    ...(token ? { token } : { auth: false }),
  });
