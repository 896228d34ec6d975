import { lazy } from 'react';
import { preloadable } from '../preloadable';

/**
 * The shell's parts that most first screens never show, each its own chunk loaded when first drawn: the toast host
 * and the confirm dialog (with their first toast or question), and the editor of a dashboard's card settings (a
 * screen widget the host registers under the name its page uses).
 */
export const ToastHost = lazy(() => import(/* webpackChunkName: "toasts" */ './Toasts'));
export const ConfirmHost = lazy(() => import(/* webpackChunkName: "confirm-dialog" */ './ConfirmDialog'));
export const DashboardCardSettings = preloadable(
  () => import(/* webpackChunkName: "widget-dashboard-settings" */ '../screens/dashboard/CardSettings'),
);
