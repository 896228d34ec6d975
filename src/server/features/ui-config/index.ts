import { feature } from '../../engine/feature';
import { provideLiveView } from './live';
import { uiPreviewRoutes } from './preview-routes';
import { uiConfigRoutes } from './routes';
import { uiTransferRoutes } from './transfer-routes';
import { uiUpgradeRoutes } from './upgrade-routes';

/**
 * UI configuration: admins' changes to the shipped screens and navigation as an overlay (renderer/core/overlay.ts) —
 * a draft checked against the screens as they ship and the schema checks, published as immutable releases with a
 * note, rolled back by publishing an older one again; the live release is what every screen answer serves (the
 * manifest, each screen, the texts, their ETags). The shipped files are never written. Changes go from one
 * installation to another as an exported file, imported into the draft through the same checks; after an upgrade of
 * the shipped screens, a report says what became of each live change.
 */
export default feature('ui-config', async (app) => {
  const live = provideLiveView(app);
  await app.register(uiConfigRoutes, live);
  await app.register(uiTransferRoutes);
  await app.register(uiUpgradeRoutes);
  await app.register(uiPreviewRoutes);
});
