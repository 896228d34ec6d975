/** The renderer's public API. Integrators import from here only. */
export { SchemaApp, type SchemaAppProps, type LayoutProps, type Guard } from './react/SchemaApp';
export {
  Link,
  NavLink,
  useAddress,
  useNavigate,
  useParams,
  useRouteMatcher,
  useSearchParams,
  type LinkProps,
  type Navigate,
} from './react/router';
export {
  useRenderer,
  type RendererContextValue,
  type ScreenWidget,
  type ConfirmLabels,
  type Severity,
  type WizardApi,
  type DetailWidgetApi,
} from './react/context';
export { defaultScreenKinds, type ScreenKind, type ScreenProps } from './react/ScreenLoader';
export { preloadable, type Preloadable } from './react/preloadable';
export { writesData } from './core/writes';
export {
  applyOverlay,
  OverlayError,
  plainTextProblem,
  resolveTarget,
  type Overlay,
  type OverlayChange,
  type PlainText,
} from './core/overlay';
export { describeChange, describeDiff } from './core/overlay-words';
export { isCodeLoadError } from './react/ScreenErrorBoundary';
export { Loading, LOADING_DELAY_MS, type LoadingProps } from './react/Loading';
export { useDetailsLink } from './react/details-link';
export { preloadScreenCode } from './react/first-screen';
export { forgetData } from './react/cache';
export { useDataProvider, useList, useOne, useCall, useMutation } from './react/data';
export { downloadFile } from './react/actions';
export { ExportMenu } from './react/list/ExportMenu';
export type { CellProps, CellType, ListViewType, ViewProps } from './react/views/types';
export { RowCards, PHONE_QUERY, type RowCard } from './react/views/RowCards';
export { defaultWidgets, type RendererWidget } from './react/form/widgets';
export { DateTextField, type DateTextFieldProps } from './react/form/DateTextField';
export { createRestClient, HttpError, type Preloaded, type RestClient, type RestOptions } from './core/rest';
export { createRestDataProvider, type CallOptions, type DataProvider } from './core/data-provider';
export { createRegistry, UnknownNameError, type Registry } from './core/registry';
export { buildRoutes, routeFor } from './core/routes';
export {
  currencySymbol,
  decimalMark,
  formatMoney,
  minorDigits,
  moneyInputText,
  parseMoney,
  toMajor,
  toMinor,
} from './core/money';
export * from './core/types';
export {
  chartRows,
  changePercent,
  numberAt,
  valueAt,
  type CardDef,
  type ChartDef,
  type ChartRow,
} from './core/card-data';
export { useCardSource, useFigureFormat, type FigureFormat } from './react/card-source';
export {
  ConfirmHost,
  DashboardCardSettings,
  grouped,
  Menu,
  ShellLayout,
  TOAST_MS,
  ToastHost,
  useConfirm,
  useToasts,
  type LockedEntry,
  type MenuEntry,
  type MenuProps,
  type ShellLayoutProps,
  type Toast,
  type ToastLink,
} from './react/shell';
