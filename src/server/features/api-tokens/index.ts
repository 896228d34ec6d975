import { feature } from '../../engine/feature';
import { apiTokenRoutes } from './routes';

/**
 * API tokens (spec §6, §7 `/admin/token`): an admin issues one for an owner's account, shown once and kept only as
 * its hash, and revokes it. A request with `Authorization: Bearer <token>` acts as that account, as an API user,
 * through the session plugin (`plugins/session.ts`, `infra/api-tokens.ts`).
 */
export default feature('api-tokens', async (app) => {
  await app.register(apiTokenRoutes);
});
