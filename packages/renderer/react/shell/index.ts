/**
 * The renderer's look in MUI: `muiLook` (every screen kind, give it to SchemaApp), the signed-in areas' shell (app bar,
 * the navigation schema's menu, a drawer), toasts and a confirm dialog, and the MUI parts a host's own widgets reuse
 * (a date field, the export menu, rows as cards on a phone). The toast host and the dialog load lazily with the first
 * toast or question (./lazy).
 */
export { muiLook, muiScreenKinds } from './mui-look.js';
export { DateTextField, type DateTextFieldProps } from '../form/DateTextField.js';
export { ExportMenu } from '../list/ExportMenu.js';
export { RowCards, PHONE_QUERY, type RowCard } from '../views/RowCards.js';
export { ShellLayout, type ShellLayoutProps } from './ShellLayout.js';
export { Menu, grouped, type LockedEntry, type MenuEntry, type MenuProps } from './Menu.js';
export { useToasts, TOAST_MS, type Toast, type ToastLink } from './use-toasts.js';
export { useConfirm } from './use-confirm.js';
export { ConfirmHost, DashboardCardSettings, ToastHost } from './lazy.js';
