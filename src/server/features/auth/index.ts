import { feature } from '../../engine/feature';
import { authRoutes } from './routes';

/**
 * Auth: sessions (the CSRF cookie, log in and out), registration of owners and affiliates, forgotten and reset
 * passwords, email verification, and the signed-in user as the app reads them (`GET /api/v1/user`).
 */
export default feature('auth', async (app, { config }) => {
  await app.register(authRoutes, {
    sessionDays: config.sessionDays,
    appUrl: config.appUrl,
    loginAttemptsPerMinute: config.loginAttemptsPerMinute,
    signUpsPerAddressPerHour: config.signUpsPerAddressPerHour,
  });
});

export { createAccount, registrationErrors, spendResetLinks } from './accounts';
