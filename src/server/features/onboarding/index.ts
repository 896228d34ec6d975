import { feature } from '../../engine/feature';
import { onboardingRoutes } from './routes';

/**
 * Onboarding tours (spec §2–§4): the steps a user has done of the tours the screens declare (`tour.steps` in a
 * screen file), marked once each; an admin flagged `is_hidden_admin` has done them all. The tours themselves are the
 * renderer's, drawn in the browser.
 */
export default feature('onboarding', async (app) => {
  await app.register(onboardingRoutes);
});
