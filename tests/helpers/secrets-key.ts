/** The secrets key of test apps and the servers tests start (64 hex digits). */
export const TEST_SECRETS_KEY = '5e'.repeat(32);
