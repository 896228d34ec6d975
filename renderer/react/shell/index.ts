/**
 * The renderer's default look around screens (MUI): the signed-in areas' shell (app bar, the navigation schema's
 * menu, a drawer), toasts and a confirm dialog. The toast host and the dialog load lazily with the first toast or
 * question (./lazy).
 */
export { ShellLayout, type ShellLayoutProps } from './ShellLayout';
export { Menu, grouped, type LockedEntry, type MenuEntry, type MenuProps } from './Menu';
export { useToasts, TOAST_MS, type Toast, type ToastLink } from './use-toasts';
export { useConfirm } from './use-confirm';
export { placeToast, toastTop } from './toast-position';
export { ConfirmHost, DashboardCardSettings, ToastHost } from './lazy';
