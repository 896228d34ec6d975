import { feature } from '../../engine/feature';
import { uploadRoutes } from './routes';

/** Uploads: an owner's images and documents (receipts), recognised by their content and stored under the uploads folder. */
export default feature('uploads', async (app, { config }) => {
  await app.register(uploadRoutes, { dir: config.uploadsDir });
});
