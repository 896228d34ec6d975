/**
 * The renderer's default look around screens (MUI): the signed-in areas' shell (app bar, the navigation schema's
 * menu, a drawer), toasts and a confirm dialog. The toast host and the dialog load lazily with the first toast or
 * question (./lazy).
 */
export { ShellLayout, type ShellLayoutProps } from './ShellLayout.js';
export { Menu, grouped, type LockedEntry, type MenuEntry, type MenuProps } from './Menu.js';
export { useToasts, TOAST_MS, type Toast, type ToastLink } from './use-toasts.js';
export { useConfirm } from './use-confirm.js';
export { ConfirmHost, DashboardCardSettings, ToastHost } from './lazy.js';
