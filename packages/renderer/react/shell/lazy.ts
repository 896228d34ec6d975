import { lazy } from 'react';
import { preloadable } from '../preloadable.js';

/**
 * The shell's parts that most first screens never show, each its own chunk loaded when first drawn: the toast host
 * and the confirm dialog (with their first toast or question), and the editor of a dashboard's card settings (a
 * screen widget the host registers under the name its page uses).
 * @example
 * <Suspense fallback={null}>
 *   {toast && <ToastHost toast={toast} close={close} navigate={navigate} t={t} />}
 * </Suspense>
 */
export const ToastHost = lazy(() => import(/* webpackChunkName: "toasts" */ './Toasts.js'));
/**
 * The confirm dialog, its own chunk, loaded with the first question: place it once under the host's `confirm`.
 * @example <Suspense fallback={null}><ConfirmHost {...question} /></Suspense>
 */
export const ConfirmHost = lazy(() => import(/* webpackChunkName: "confirm-dialog" */ './ConfirmDialog.js'));
/**
 * A dashboard's card settings (show, hide, order), its own chunk: a screen widget a host registers by name.
 * @example
 * const screenWidgets = { 'dashboard-settings': DashboardCardSettings };
 * // <SchemaApp screenWidgets={screenWidgets}>, and a page's card with "widget": "dashboard-settings"
 */
export const DashboardCardSettings = preloadable(
  () => import(/* webpackChunkName: "widget-dashboard-settings" */ '../screens/dashboard/CardSettings.js'),
);
